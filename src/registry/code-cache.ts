/**
 * Runs the bundled registry CLI (`cli.cjs`, made by scripts/bundle-registry.js) with V8's
 * code cache. Node 20 keeps no compile cache of a program's own (`module.enableCompileCache`
 * is Node 22's), and compiling the 2.8 MB bundle, then each function the start runs, was
 * about a fifth of `npm run serve`'s start (docs/benchmarks.md). The cache is made once the
 * registry has started (so it holds the functions the start compiled) and used from the
 * next start on; V8 refuses one made from another source or by another Node, which is then
 * made again.
 *
 * It is kept in the user's own cache folder (`$XDG_CACHE_HOME` or `~/.cache`, then
 * `slashbench/`, readable by its owner only), never a shared one: V8 runs the code a cache
 * holds. A cache that cannot be read or written only costs the time it would have saved.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { constants, Script } from 'node:vm';

/** What the CLI calls once it is listening (cli.ts): the moment the cache is worth making. */
export const STARTED = Symbol.for('slashbench.started');

/** How long after the start the cache is made: after the first page's requests, which it would hold up. */
export const MAKE_AFTER_MS = 300;

/** The bytes of the key a cache file starts with. */
const KEY_BYTES = 16;

/**
 * Where the cache of this bundle file is kept, and the key of the bundle as it is now, for
 * this Node. One file per bundle path, whatever its build: a new build's cache replaces the
 * last one, so the folder never grows with builds.
 */
function cacheOf(file: string): { path: string; key: Buffer } {
  const { size, mtimeMs } = statSync(file);
  const digest = (text: string) => createHash('sha256').update(text).digest().subarray(0, KEY_BYTES);
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return {
    path: join(base, 'slashbench', `registry-${digest(file).toString('hex')}.v8`),
    key: digest(`${size}\0${mtimeMs}\0${process.version}\0${process.arch}`),
  };
}

/** The cache kept for `key`, or undefined (none, unreadable, or another build's). */
function readCache(path: string, key: Buffer): Buffer | undefined {
  try {
    const data = readFileSync(path);
    return data.subarray(0, KEY_BYTES).equals(key) ? data.subarray(KEY_BYTES) : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(path: string, key: Buffer, data: Buffer): void {
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, Buffer.concat([key, data]), { mode: 0o600 });
    renameSync(temporary, path);
  } catch {
    // A read-only or full home only costs the next start the compile.
  }
}

/** Compiles and runs `file` (CommonJS) as Node would run it as a program, with the code cache. */
export function runWithCodeCache(file: string): void {
  const source = readFileSync(file, 'utf8');
  const { path, key } = cacheOf(file);
  const cachedData = readCache(path, key);
  const script = new Script(Module.wrap(source), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  if (cachedData === undefined || script.cachedDataRejected === true) {
    (globalThis as Record<symbol, unknown>)[STARTED] = () => {
      setTimeout(() => writeCache(path, key, script.createCachedData()), MAKE_AFTER_MS).unref();
    };
  }
  const wrapper = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  const module = { exports: {}, filename: file };
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
}
