/**
 * Node's flags for the registry's own process, as `npm run serve` (package.json), `npm start`
 * in browser mode (scripts/start.js) and the benchmarks (bench/cli-process.ts) start it; a
 * test checks that the `serve` script carries them.
 *
 * V8's young generation at most 8 MB a semi-space, where a 64-bit Node lets it grow to 16:
 * under a steady stream of requests it grows to the limit and stays there, 16 MB more
 * resident for garbage the next scavenge frees anyway (issue 34: 100 apps of 100 commands
 * and 50 sessions came to 125 MB, 112 MB with this flag). A scavenge costs what survives
 * it, not the space's size, so smaller spaces scavenge more often for the same total work
 * (docs/benchmarks.md measures delivery both ways). Only a flag at start does it: V8 sizes
 * its heap when the process starts, and `v8.setFlagsFromString` afterwards changes nothing.
 */
export const REGISTRY_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
