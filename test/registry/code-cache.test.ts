/**
 * The bundled CLI runs with V8's code cache (src/registry/code-cache.ts): a CommonJS program
 * run as Node would run it (its own `require`, `module`, `__filename`), the cache made once
 * it says it started, in the user's cache folder and readable by its owner only, and used,
 * not made again, from the next run on; the real CLI starts from its bundle, and makes a cache
 * V8 refuses again.
 */
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runWithCodeCache, STARTED } from '../../src/registry/code-cache.js';
import { cleanupRegistryProcesses, startRegistryProcess } from '../helpers/registry-process.js';

let directory: string;
let program: string;
const started = () => (globalThis as Record<symbol, (() => void) | undefined>)[STARTED];
const ran = () => (globalThis as Record<string, unknown>).codeCacheTest as { filename: string; path: string; same: boolean } | undefined;
const madeAfter = () => new Promise((resolve) => setTimeout(resolve, 500));

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'slashbench-code-cache-'));
  process.env.XDG_CACHE_HOME = join(directory, 'cache');
  program = join(directory, 'program.cjs');
  await writeFile(program, `
    const path = require('node:path');
    globalThis.codeCacheTest = { filename: __filename, path: path.basename(__dirname), same: module.exports === exports };
    globalThis[Symbol.for('slashbench.started')]?.();
  `);
});

afterEach(async () => {
  await cleanupRegistryProcesses();
  delete process.env.XDG_CACHE_HOME;
  delete (globalThis as Record<symbol, unknown>)[STARTED];
  delete (globalThis as Record<string, unknown>).codeCacheTest;
  await rm(directory, { recursive: true, force: true });
});

async function cacheFiles(): Promise<string[]> {
  // A `.tmp` is a cache still being written, renamed into place once whole (it may be gone by the next look).
  const names = await readdir(join(directory, 'cache', 'slashbench')).catch(() => []);
  return names.filter((name) => !name.endsWith('.tmp')).map((name) => join(directory, 'cache', 'slashbench', name));
}

describe('the code cache', () => {
  it('runs the program as Node would, and makes the cache once it has started, for its owner only', async () => {
    runWithCodeCache(program);
    expect(ran()).toEqual({ filename: program, path: directory.split('/').pop(), same: true });
    await madeAfter();
    const [cache] = await cacheFiles();
    expect(cache).toBeDefined();
    expect((await stat(cache as string)).mode & 0o777).toBe(0o600);
    expect((await stat(join(directory, 'cache', 'slashbench'))).mode & 0o777).toBe(0o700);
  });

  it('uses the cache from the next run on: an accepted one is not made again', async () => {
    runWithCodeCache(program);
    await madeAfter();
    delete (globalThis as Record<symbol, unknown>)[STARTED];
    runWithCodeCache(program);
    expect(started()).toBeUndefined();
    expect(ran()?.same).toBe(true);
  });

  it('keeps one cache a program: a new build of it replaces the last one\'s', async () => {
    runWithCodeCache(program);
    await madeAfter();
    const [first] = await cacheFiles();
    await writeFile(program, `globalThis.codeCacheTest = { filename: __filename, path: 'rebuilt', same: true };
      globalThis[Symbol.for('slashbench.started')]?.();`);
    delete (globalThis as Record<symbol, unknown>)[STARTED];
    runWithCodeCache(program);
    expect(ran()?.path).toBe('rebuilt');
    // The last build's cache is not this one's: made again, in its place.
    expect(started()).toBeDefined();
    await madeAfter();
    expect(await cacheFiles()).toEqual([first]);
    delete (globalThis as Record<symbol, unknown>)[STARTED];
    runWithCodeCache(program);
    expect(started()).toBeUndefined();
  });

  it('starts the registry CLI from its bundle, and makes a cache V8 refuses again', async () => {
    const made = async () => {
      // The CLI makes it shortly after its listening line.
      for (let tries = 0; tries < 200; tries++) {
        const [cache] = await cacheFiles();
        if (cache !== undefined && (await stat(cache)).size > 100) return cache;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the CLI made no code cache');
    };
    const first = await startRegistryProcess();
    const cache = await made();
    await first.stop();
    await writeFile(cache, 'not a cache');
    const second = await startRegistryProcess();
    expect((await fetch(`${second.url}/api/v10/gateway`)).status).toBe(200);
    expect(await made()).toBe(cache);
    await second.stop();
  });
});
