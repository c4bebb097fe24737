/**
 * Issue 34's suite through the driver: 1,000 commands to their replies, as a test suite of a
 * discord.js gateway bot has them (examples/discordjs-vitest's bot, Vitest, `slashbench/testing`
 * from out/), each command a test of its own. The whole `vitest run` is timed, start-up
 * included, as a developer waits for it: once with one worker (one file of 1,000 tests), then
 * with several (the tests split over as many files, each file with its own bench and bot, as
 * Vitest runs them). One worker's baseline is its commands alone: the run less its fixed part,
 * timed as the same files with every test's body empty (the runner, the benches and the bots
 * started and closed); several workers' is one worker's rate.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrokenRun } from './registry.js';
import { median } from './stats.js';
import type { Row } from './table.js';

export interface SuiteOptions {
  /** Commands in the suite. */
  commands: number;
  /** Worker counts to time; the first is the baseline of the others. */
  workers: readonly number[];
  /** Timed runs of each, the median reported. */
  rounds: number;
  progress(message: string): void;
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SUITE = join(ROOT, 'out', 'bench', 'discordjs-suite');
const BOT = join(ROOT, 'examples', 'discordjs-vitest', 'bot.mjs');

/** One test file: its bench and bot, then `count` commands from `first` on, each a test (or, `empty`, each test doing nothing). */
function testFile(first: number, count: number, empty: boolean): string {
  const body = empty
    ? ''
    : "const reply = await (await alice.command(`/hello name:n${index}`)).reply();\n    expect(reply.content).toBe(`Hello, n${index}!`);";
  return `import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBench } from 'slashbench/testing';
import { startBot } from ${JSON.stringify(BOT)};

let bench;
let bot;
let alice;

beforeAll(async () => {
  bench = await startBench();
  bot = await startBot({ url: bench.url, token: bench.app('Demo Bot').token });
  alice = bench.user('alice').in('Slashbench Lab', 'general');
});

afterAll(async () => {
  await bot?.destroy();
  await bench?.close();
});

for (let index = ${first}; index < ${first + count}; index++) {
  it(\`hello \${index}\`, async () => {
    ${body}
  });
}
`;
}

/** Times of one worker count's runs, ms: with the commands, and with every test empty. */
interface Times {
  commands: number[];
  empty: number[];
}

/** Writes the suite split over one file per worker and runs it with `workers` workers; the whole `vitest run`'s time, ms. */
async function runSuite(options: SuiteOptions, workers: number, empty: boolean): Promise<number> {
  const directory = join(SUITE, `${workers}-${empty ? 'empty' : 'commands'}`);
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  const share = Math.ceil(options.commands / workers);
  for (let file = 0; file < workers; file++) {
    const first = file * share;
    await writeFile(join(directory, `suite-${file}.test.mjs`), testFile(first, Math.min(share, options.commands - first), empty));
  }
  await writeFile(join(directory, 'vitest.config.mjs'), "export default { test: { include: ['*.test.mjs'], testTimeout: 30_000, hookTimeout: 30_000 } };\n");
  const report = join(directory, 'report.json');
  const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
  const args = [vitest, 'run', '--root', directory, `--maxWorkers=${workers}`, '--reporter=json', `--outputFile=${report}`];
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, args, { cwd: directory, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) reject(new BrokenRun(`the suite failed (${workers} workers): ${stderr.slice(-2000)}`));
      else resolve();
    });
  });
  const elapsed = performance.now() - started;
  const { numPassedTests: passed } = JSON.parse(await readFile(report, 'utf8')) as { numPassedTests: number };
  if (passed !== options.commands) throw new BrokenRun(`the suite passed ${passed} of ${options.commands} tests`);
  return elapsed;
}

export async function benchDiscordjsSuite(options: SuiteOptions): Promise<Row[]> {
  const times = new Map<number, Times>(options.workers.map((count) => [count, { commands: [], empty: [] }]));
  for (let round = 0; round < options.rounds; round++) {
    for (const workers of options.workers) {
      const measured = times.get(workers) as Times;
      measured.commands.push(await runSuite(options, workers, false));
      measured.empty.push(await runSuite(options, workers, true));
      options.progress(`discord.js suite: round ${round + 1}, ${workers} worker${workers === 1 ? '' : 's'}`);
    }
  }
  const runsPerSecond = (ms: number) => options.commands / (ms / 1000);
  const [one] = options.workers;
  const alone = median(times.get(one as number)?.commands ?? []);
  return options.workers.flatMap((workers): Row[] => {
    const measured = times.get(workers) as Times;
    const whole = median(measured.commands);
    const floor = median(measured.empty);
    const benchmark = `10 discord.js suite, ${options.commands} commands through the driver`;
    const figure = `runs/s, ${workers} worker${workers === 1 ? '' : 's'}, whole vitest run`;
    return [{
      benchmark, figure, unit: 'runs/s', value: runsPerSecond(whole),
      // One worker's rate is the baseline of several; one worker's own baseline is its commands alone (the run less its floor).
      ...(workers === one
        ? { baseline: runsPerSecond(whole - floor), baselineName: `the commands alone: the run less its fixed part (${(floor / 1000).toFixed(1)} s with every test empty)` }
        : { baseline: runsPerSecond(alone), baselineName: 'one worker' }),
    }];
  });
}
