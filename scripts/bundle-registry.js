#!/usr/bin/env node
/**
 * `node scripts/bundle-registry.js ENTRY.js [OUTPUT.js]`: rewrites the registry CLI that tsc
 * built (`out/node/registry/cli.js`; the benchmarks keep theirs and write the bundle beside
 * it) as one file holding it and its packages. Node loads a program of ~400 modules (the registry's and Fastify's, zod's, ...)
 * a module at a time, and that was half of `npm run serve`'s start (docs/benchmarks.md);
 * one file loads in a fraction of it. Native and WebAssembly packages stay outside, found
 * at run time as before; so does every file the registry locates from its own path (the
 * client, the sample Activity, the native addon): the bundle stays in the entry's folder.
 */
import { rolldown } from 'rolldown';

/** Packages loaded from node_modules at run time: a native addon, a driver only some setups load, a .wasm beside its module. */
const OUTSIDE = ['libsql', 'sodium-native', 'pg', '@bokuweb/zstd-wasm'];

const [entry, output = entry] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/bundle-registry.js ENTRY.js [OUTPUT.js]');
  process.exit(2);
}
const bundle = await rolldown({
  input: entry,
  platform: 'node',
  external: (id) => id.startsWith('node:') || OUTSIDE.some((name) => id === name || id.startsWith(`${name}/`)),
  logLevel: 'warn',
});
// In place by default: once built, the bundle needs none of the files it was made from.
await bundle.write({ file: output, format: 'esm', codeSplitting: false });
await bundle.close();
