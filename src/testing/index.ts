/**
 * `slashbench/testing`: drive Slashbench from any test runner (vitest, jest, node:test,
 * mocha): start a bench, act as the world's people, and wait on what the bot answers.
 * See docs/testing.md.
 */
export { startBench, type Bench, type BenchApp, type BenchOptions, type Explanation } from './start-bench.js';
export { BenchUser, Chat, type CommandOptions } from './chat.js';
export type { BenchFile } from './bench-file.js';
export { Run, DEFAULT_WAIT_MS, type Modal, type Reply, type RunFailure, type WaitOptions } from './run.js';
export { BenchRequestError, BenchWaitError } from './errors.js';
export type { WorldInput } from './world-input.js';
export type { WorldFile } from '../shared/world-file.js';
export type { Choice, DriverRun, RefusedRequest, ShownModal } from '../shared/driver-api.js';
