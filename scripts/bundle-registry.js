#!/usr/bin/env node
/**
 * `node scripts/bundle-registry.js ENTRY.js [OUTPUT.js]`: rewrites the registry CLI that tsc
 * built (`out/node/registry/cli.js`; the benchmarks keep theirs and write the bundle beside
 * it) as one CommonJS file holding it and its packages (OUTPUT with `.cjs` for `.js`), and
 * OUTPUT as the small program that runs it with V8's code cache (src/registry/code-cache.ts).
 * Node loads a program of ~400 modules (the registry's and Fastify's, zod's, ...) a module at
 * a time, and that was half of `npm run serve`'s start (docs/benchmarks.md); one file loads
 * in a fraction of it, and CommonJS is what Node 20 can run from a code cache. Native and
 * WebAssembly packages stay outside, found at run time as before; so does every file the
 * registry locates from its own path (the client, the sample Activity, the native addon):
 * the bundle stays in the entry's folder.
 *
 * `--library ENTRY.js [OUTPUT.js]` rewrites a library's entry (in place by default) as one ES module holding it and
 * its packages, the same way: `slashbench/testing` (out/node/testing/index.js), which every
 * test file (every worker of a runner) imports before its first bench, took a second to
 * load a module at a time on a busy 2-core machine and a quarter of that as one file.
 * Its other files stay for the `slashbench` command and the type declarations.
 */
import { writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { rolldown } from 'rolldown';

/** Packages loaded from node_modules at run time: native addons, a driver only some setups load, a .wasm beside its module. */
const OUTSIDE = ['libsql', 'sodium-native', 'pg', '@bokuweb/zstd-wasm'];

const library = process.argv[2] === '--library';
const [entry, output = entry] = process.argv.slice(library ? 3 : 2);
if (!entry || !output.endsWith('.js')) {
  console.error('usage: node scripts/bundle-registry.js [--library] ENTRY.js [OUTPUT.js]');
  process.exit(2);
}
const bundled = library ? output : output.replace(/\.js$/, '.cjs');
const bundle = await rolldown({
  input: entry,
  platform: 'node',
  external: (id) => id.startsWith('node:') || OUTSIDE.some((name) => id === name || id.startsWith(`${name}/`)),
  logLevel: 'warn',
});
// ASCII only: V8 keeps a program's source for as long as it runs, two bytes a character if a
// single one is outside Latin-1 (a 2.9 MB bundle held 5.8 MB); comments need no memory at all.
await bundle.write({ file: bundled, format: library ? 'esm' : 'cjs', codeSplitting: false, charset: 'ascii', comments: false });
await bundle.close();
if (!library) {
  // In place by default: once built, the program needs none of the files it was made from but code-cache.js.
  await writeFile(output, `// Written by scripts/bundle-registry.js: the registry CLI, run from ${basename(bundled)} with V8's code cache.
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './code-cache.js';

runWithCodeCache(fileURLToPath(new URL('./${basename(bundled)}', import.meta.url)));
`);
}
