/**
 * Issue 19's benchmarks, of the test driver (`slashbench/testing`):
 *
 * - Importing `slashbench/testing` in a fresh process, as built (one file), against the same
 *   library a module at a time.
 * - `startBench` to ready (a registry in this process, a temporary directory, the demo
 *   world, listening), against the floor of what any such start does: a temporary
 *   directory, an SQLite file opened with one table, a node:http server listening.
 * - A command to its reply with a local bot, through the driver, against the same
 *   interaction sent the way the client sends it (its POST, its gateway MESSAGE_CREATE).
 * - Benches in parallel workers: runs per second of two workers, each with its own bench
 *   and bot, against one worker alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'libsql';
import { startBench } from '../src/testing/index.js';
import { startDriverRig } from './driver-rig.js';
import { BrokenRun } from './registry.js';
import { median, summarize } from './stats.js';
import type { Row } from './table.js';

export interface DriverOptions {
  starts: number;
  iterations: number;
  warmup: number;
  /** Runs per worker in the parallel benchmark. */
  workerRuns: number;
  /** Fresh processes importing the library, each way. */
  imports: number;
  progress(message: string): void;
}

/** The floor of a start: a temporary directory, an SQLite file with one table, an HTTP server listening; then undone. */
async function bareStart(): Promise<number> {
  const started = performance.now();
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-floor-'));
  const database = new Database(join(directory, 'floor.db'));
  database.exec('CREATE TABLE t (x INTEGER)');
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const elapsed = performance.now() - started;
  server.close();
  database.close();
  await rm(directory, { recursive: true, force: true });
  return elapsed;
}

const LIBRARY = fileURLToPath(new URL('../src/testing/index.js', import.meta.url));
/** `npm run bench` bundles it beside the library as `npm run build:registry` bundles `slashbench/testing` (scripts/bundle-registry.js --library). */
const BUNDLED_LIBRARY = fileURLToPath(new URL('../src/testing/index.bundle.js', import.meta.url));

/** A fresh Node's import of `file`: ms from before the import to its module namespace, timed inside that process. */
function importTime(file: string): Promise<number> {
  const script = `const started = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - started);`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script], (error, stdout, stderr) => {
      if (error) reject(new BrokenRun(`importing ${file} failed: ${stderr.slice(0, 500)}`));
      else resolve(Number(stdout.trim()));
    });
  });
}

/** What a test file pays once before its first bench: loading `slashbench/testing`, as built, against the same library a module at a time. */
async function benchImports(options: DriverOptions): Promise<Row[]> {
  const bundled: number[] = [];
  const modules: number[] = [];
  // One of each first: the files come into the page cache.
  for (let round = 0; round < 1 + options.imports; round++) {
    const one = await importTime(BUNDLED_LIBRARY);
    const other = await importTime(LIBRARY);
    if (round === 0) continue;
    bundled.push(one);
    modules.push(other);
  }
  options.progress(`slashbench/testing imported ${options.imports} times each way`);
  return [{
    benchmark: '7 import slashbench/testing (a fresh process)', figure: 'median', unit: 'ms', value: median(bundled), baseline: median(modules),
    baselineName: 'the same library a module at a time (tsc output)',
  }];
}

async function benchStarts(options: DriverOptions): Promise<Row[]> {
  const measured: number[] = [];
  const floor: number[] = [];
  // The first starts load the modules; a test file pays that once, not per bench.
  for (let round = 0; round < 2 + options.starts; round++) {
    const started = performance.now();
    const bench = await startBench();
    const elapsed = performance.now() - started;
    await bench.close();
    const bare = await bareStart();
    if (round < 2) continue;
    measured.push(elapsed);
    floor.push(bare);
  }
  options.progress(`startBench: ${options.starts} starts`);
  const baselineName = 'temp dir + SQLite file + node:http listening';
  return [
    { benchmark: '7 startBench to ready', figure: 'median', unit: 'ms', value: median(measured), baseline: median(floor), baselineName, target: { comparison: 'at most', absolute: 300 } },
    { benchmark: '7 startBench to ready', figure: 'max', unit: 'ms', value: Math.max(...measured), baseline: Math.max(...floor), baselineName },
  ];
}

async function benchRoundTrip(options: DriverOptions): Promise<Row[]> {
  const rig = await startDriverRig({ withClient: true });
  try {
    const driven: number[] = [];
    const client: number[] = [];
    for (let round = 0; round < options.warmup + options.iterations; round++) {
      const viaDriver = await rig.driven();
      const viaClient = await rig.clientPath();
      if (round < options.warmup) continue;
      driven.push(viaDriver);
      client.push(viaClient);
      if ((round - options.warmup + 1) % 500 === 0) options.progress(`command to reply: ${round - options.warmup + 1}/${options.iterations}`);
    }
    const measured = summarize(driven);
    const bare = summarize(client);
    const baselineName = "the client's path: POST /interactions to its gateway MESSAGE_CREATE";
    return [
      { benchmark: '8 command to reply, driver', figure: 'p50', unit: 'ms', value: measured.p50, baseline: bare.p50, baselineName, target: { comparison: 'at most', absolute: 5 } },
      { benchmark: '8 command to reply, driver', figure: 'p50', unit: 'ms', value: measured.p50, baseline: bare.p50, baselineName, target: { comparison: 'at most', ratio: 1.5 } },
      { benchmark: '8 command to reply, driver', figure: 'p99', unit: 'ms', value: measured.p99, baseline: bare.p99, baselineName },
    ];
  } finally {
    await rig.close();
  }
}

/** Runs `count` workers at once, each with its own bench; their runs per second together. */
async function workersAtOnce(count: number, runs: number): Promise<number> {
  const script = new URL('./driver-worker.js', import.meta.url);
  const workers = Array.from({ length: count }, () => new Worker(script, { workerData: { runs } }));
  const ready = workers.map((worker) => new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { ready?: boolean }) => (message.ready ? resolve() : reject(new BrokenRun('a worker did not start'))));
    worker.once('error', reject);
  }));
  await Promise.all(ready);
  const started = performance.now();
  const done = workers.map((worker) => new Promise<void>((resolve, reject) => {
    worker.once('message', (message: { done?: number; error?: string }) => (message.error ? reject(new BrokenRun(message.error)) : resolve()));
    worker.once('error', reject);
    worker.postMessage('go');
  }));
  await Promise.all(done);
  const elapsed = performance.now() - started;
  await Promise.all(workers.map((worker) => worker.terminate()));
  return (count * runs) / (elapsed / 1000);
}

async function benchParallel(options: DriverOptions): Promise<Row[]> {
  const alone: number[] = [];
  const together: number[] = [];
  for (let round = 0; round < 3; round++) {
    alone.push(await workersAtOnce(1, options.workerRuns));
    together.push(await workersAtOnce(2, options.workerRuns));
  }
  options.progress('parallel workers: 3 rounds');
  return [{
    benchmark: '9 benches in parallel workers', figure: 'runs/s, 2 workers', unit: 'runs/s',
    value: median(together), baseline: median(alone), baselineName: 'one worker alone',
  }];
}

export async function benchDriver(options: DriverOptions): Promise<Row[]> {
  return [...await benchImports(options), ...await benchStarts(options), ...await benchRoundTrip(options), ...await benchParallel(options)];
}
