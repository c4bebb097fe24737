#!/usr/bin/env node
/**
 * `node scripts/bundle-registry.js ENTRY.js`: rewrites the registry CLI that tsc built
 * (`out/node/registry/cli.js`, or the benchmarks' copy) as one file holding it and its
 * packages. Node loads a program of ~400 modules (the registry's and Fastify's, zod's, ...)
 * a module at a time, and that was half of `npm run serve`'s start (docs/benchmarks.md);
 * one file loads in a fraction of it. Native and WebAssembly packages stay outside, found
 * at run time as before; so does every file the registry locates from its own path (the
 * client, the sample Activity, the native addon), since the bundle takes the entry's place.
 */
import { rolldown } from 'rolldown';

/** Packages loaded from node_modules at run time: a native addon, a driver only some setups load, a .wasm beside its module. */
const OUTSIDE = ['libsql', 'pg', '@bokuweb/zstd-wasm'];

const entry = process.argv[2];
if (!entry) {
  console.error('usage: node scripts/bundle-registry.js ENTRY.js');
  process.exit(2);
}
const bundle = await rolldown({
  input: entry,
  platform: 'node',
  external: (id) => id.startsWith('node:') || OUTSIDE.some((name) => id === name || id.startsWith(`${name}/`)),
  logLevel: 'warn',
});
// In place: the bundle reads nothing of the files it replaces once built.
await bundle.write({ file: entry, format: 'esm', codeSplitting: false });
await bundle.close();
