/**
 * Import cycles, type-only ones included (issue 34). Every import of one of our files by
 * a relative path is an arrow: `import`, `import type`, `export ... from`, `import()`,
 * `require()`, `import('./x').T` in a type, `declare module './x'`. A cycle is a strongly
 * connected component of those arrows; the compiler erases a type-only arrow, but the two
 * modules still cannot be understood, moved or layered apart.
 *
 * `npm run lint` enforces it through the ESLint rule below (eslint.config.js), which marks
 * each import of a file that leads back to it. `node scripts/import-cycles.js [folder...]`
 * lists the cycles under the folders (src test bench examples scripts by default).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist', 'build', 'test-results', '.dressed', '.git']);

// Bundler resolution takes both the renderer's extensionless imports and the `./x.js`
// that names x.ts under NodeNext; only our own files (never node_modules) become arrows.
const RESOLUTION = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
};

function resolveImport(specifier, file) {
  if (!specifier.startsWith('.')) return null;
  const found = ts.resolveModuleName(specifier, file, RESOLUTION, ts.sys).resolvedModule;
  if (found === undefined || found.isExternalLibraryImport) return null;
  const target = resolve(found.resolvedFileName);
  return target.split(/[\\/]/).includes('node_modules') || !SOURCE.test(target) ? null : target;
}

/**
 * The imports of one file (its text given), each with the file it names and where the name
 * is written. TypeScript's preProcessFile scanner finds them: every form above, `import type`
 * included, without parsing the whole file.
 */
export function importsOf(file, text) {
  const { importedFiles, referencedFiles } = ts.preProcessFile(text, true, true);
  const found = [];
  for (const written of importedFiles) {
    const target = resolveImport(written.fileName, file);
    if (target !== null) found.push({ specifier: written.fileName, target, start: written.pos, end: written.end });
  }
  for (const reference of referencedFiles) {
    const target = resolve(dirname(file), reference.fileName);
    if (SOURCE.test(target) && ts.sys.fileExists(target)) found.push({ specifier: reference.fileName, target, start: reference.pos, end: reference.end });
  }
  return found;
}

/**
 * The arrows out of each file, read from disk and kept while the file's mtime stays; an
 * editor's long-lived ESLint looks again at most once a second.
 */
const known = new Map();
function targetsOf(file) {
  const now = Date.now();
  let entry = known.get(file);
  if (entry !== undefined && now - entry.checkedAt < 1000) return entry.targets;
  let mtime;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    known.delete(file);
    return [];
  }
  if (entry === undefined || entry.mtime !== mtime) {
    const targets = [...new Set(importsOf(file, readFileSync(file, 'utf8')).map((i) => i.target))];
    entry = { mtime, targets, checkedAt: now };
    known.set(file, entry);
  }
  entry.checkedAt = now;
  return entry.targets;
}

/**
 * The strongly connected components reachable from `roots` (Tarjan's, without recursion),
 * each as a sorted list of files; `next` gives a file's arrows.
 */
function components(roots, next) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let counter = 0;
  for (const root of roots) {
    if (index.has(root)) continue;
    const work = [{ file: root, targets: null, at: 0 }];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.targets === null) {
        index.set(frame.file, counter);
        low.set(frame.file, counter);
        counter += 1;
        stack.push(frame.file);
        onStack.add(frame.file);
        frame.targets = next(frame.file);
      }
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at++];
        if (!index.has(target)) work.push({ file: target, targets: null, at: 0 });
        else if (onStack.has(target)) low.set(frame.file, Math.min(low.get(frame.file), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].file;
        low.set(parent, Math.min(low.get(parent), low.get(frame.file)));
      }
      if (low.get(frame.file) === index.get(frame.file)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        found.push(component.sort());
      }
    }
  }
  return found;
}

/** Whether a component is a cycle: two files or more, or one that imports itself. */
function isCycle(component, next) {
  return component.length > 1 || next(component[0]).includes(component[0]);
}

/** The import cycles among `files` and whatever they import: each a sorted list of files. */
export function findImportCycles(files) {
  const roots = files.map((file) => resolve(file));
  return components(roots, targetsOf).filter((component) => isCycle(component, targetsOf));
}

/** The shortest way from `from` to `to` inside `members`, both ends included. */
function pathBetween(from, to, members, next) {
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const target of next(file)) {
      if (members.has(target) && !cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  const path = [];
  for (let file = to; file !== null && file !== undefined; file = cameFrom.get(file)) path.unshift(file);
  return path;
}

/** `import/no-cycle` counting every import: on each import of a file that leads back to it. */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included (scripts/import-cycles.js).' },
    schema: [],
    messages: { cycle: 'Import cycle: {{path}}. Move what both sides need into a module below them.' },
  },
  create(context) {
    return {
      Program() {
        const file = resolve(context.filename);
        const imports = importsOf(file, context.sourceCode.text);
        if (imports.length === 0) return;
        // This file's arrows come from the text being linted, the others' from disk.
        const own = [...new Set(imports.map((i) => i.target))];
        const next = (f) => (f === file ? own : targetsOf(f));
        const members = new Set(components([file], next).find((c) => c.includes(file)));
        for (const written of imports) {
          if (!members.has(written.target)) continue;
          const way = written.target === file ? [file] : pathBetween(written.target, file, members, next);
          const path = [file, ...way].map((f) => relative(context.cwd, f)).join(' → ');
          context.report({
            loc: { start: context.sourceCode.getLocFromIndex(written.start), end: context.sourceCode.getLocFromIndex(written.end) },
            messageId: 'cycle',
            data: { path },
          });
        }
      },
    };
  },
};

export const plugin = { meta: { name: 'slashbench' }, rules: { 'no-import-cycle': noImportCycle } };

function sourcesUnder(folder, into) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) sourcesUnder(join(folder, entry.name), into);
    } else if (SOURCE.test(entry.name)) {
      into.push(join(folder, entry.name));
    }
  }
  return into;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folders = process.argv.length > 2 ? process.argv.slice(2) : ['src', 'test', 'bench', 'examples', 'scripts'];
  const files = folders.flatMap((folder) => (statSync(folder).isDirectory() ? sourcesUnder(folder, []) : [folder]));
  const cycles = findImportCycles(files);
  for (const cycle of cycles) console.log(`${cycle.length} files:\n  ${cycle.map((f) => relative(process.cwd(), f)).join('\n  ')}`);
  console.log(`${cycles.length} import cycle(s) among ${files.length} files.`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
