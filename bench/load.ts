/**
 * Throughput with autocannon, run as its own process (`autocannon -j`): the servers under
 * test live in this process, and a load generator sharing their event loop would measure
 * itself. Rounds alternate between the servers compared, so both see the same machine.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { BrokenRun } from './registry.js';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  headers: Record<string, string>;
}

interface AutocannonResult {
  requests: { total: number };
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/** What a run of autocannon did: its requests, in how many seconds. */
export interface LoadRun {
  requests: number;
  seconds: number;
}

/** Requests per second `url` sustains; any error, timeout or non-2xx answer breaks the run. */
export async function requestsPerSecond(url: string, options: LoadOptions): Promise<number> {
  const run = await loadRun(url, options);
  return run.requests / run.seconds;
}

/** `url` under load for `options.durationSeconds`: its requests and seconds; any error, timeout or non-2xx answer breaks the run. */
export async function loadRun(url: string, options: LoadOptions): Promise<LoadRun> {
  const args = [AUTOCANNON, '-j', '-c', String(options.connections), '-d', String(options.durationSeconds)];
  for (const [name, value] of Object.entries(options.headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new BrokenRun(`autocannon exited with ${code}: ${err.slice(0, 500)}`);
  const result = JSON.parse(out) as AutocannonResult;
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new BrokenRun(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers under load`);
  }
  return { requests: result.requests.total, seconds: result.duration };
}

/**
 * Alternates rounds on two URLs (the baseline first) and answers each one's requests per
 * second over all its rounds.
 */
export async function compareThroughput(
  subject: string, baseline: string, options: LoadOptions & { rounds: number; progress: (message: string) => void; label: string },
): Promise<{ subject: number; baseline: number }> {
  // A short unmeasured run each first: the JIT, connection pools and caches warm up.
  await requestsPerSecond(baseline, { ...options, durationSeconds: 1 });
  await requestsPerSecond(subject, { ...options, durationSeconds: 2 });
  const subjectRates: number[] = [];
  const baselineRates: number[] = [];
  for (let round = 0; round < options.rounds; round++) {
    baselineRates.push(await requestsPerSecond(baseline, options));
    subjectRates.push(await requestsPerSecond(subject, options));
    options.progress(`${options.label}: round ${round + 1}/${options.rounds}: ${Math.round(subjectRates.at(-1) ?? 0)} vs ${Math.round(baselineRates.at(-1) ?? 0)} req/s`);
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return { subject: mean(subjectRates), baseline: mean(baselineRates) };
}
