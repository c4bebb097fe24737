/**
 * `npm run bench`: every benchmark (issues 9, 19, 20 and 22), each measuring Slashbench and its baseline in
 * the same run, then one table of figures, baselines, ratios and targets. Exits non-zero
 * only when a run is broken (an error, a failed request), never because something is slow.
 *
 *   npm run bench -- [--only delivery,user,round-trip,reads,bulk,index,client,client-before,memory,team,before,driver,suite] [--quick] [--profile]
 *
 * (`npm run bench` compiles bench/ and bundles the registry CLI as `npm run serve`'s is, then runs this.)
 *
 * `--quick` runs every benchmark with few samples, to check the harness, not the registry.
 * `--profile` runs the delivery benchmark's registry under `--cpu-prof` (delivery.ts).
 * The table is also written to out/bench/results.md and results.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { benchAsUser } from './as-a-user.js';
import { benchBefore } from './before.js';
import { benchBulkOverwrite } from './bulk-overwrite.js';
import { benchClient } from './client.js';
import { benchClientBefore } from './client-before.js';
import { benchCommandIndex } from './command-index.js';
import { benchCommandReads } from './command-reads.js';
import { benchDelivery } from './delivery.js';
import { benchDiscordjsSuite } from './discordjs-suite.js';
import { benchDriver } from './driver.js';
import { benchMemory } from './memory.js';
import { benchRoundTrip } from './round-trip.js';
import { benchTeam } from './team.js';
import { isMet, markdownTable, ratioOf, targetText, textTable, type Row } from './table.js';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    quick: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
  },
  strict: true,
});
const quick = values.quick;
const progress = (message: string) => console.error(`  ${message}`);
const latency = { iterations: quick ? 100 : 2000, warmup: quick ? 20 : 200, progress };
const profile = values.profile;
const throughput = { connections: 10, durationSeconds: quick ? 1 : 5, rounds: quick ? 1 : 2, progress };

const BENCHMARKS: Record<string, () => Promise<Row[]>> = {
  delivery: () => benchDelivery({ ...latency, profile }),
  user: () => benchAsUser({ rounds: latency.iterations, warmup: latency.warmup, progress }),
  'round-trip': () => benchRoundTrip(latency),
  reads: () => benchCommandReads(throughput),
  bulk: () => benchBulkOverwrite({ iterations: quick ? 2 : 10, progress }),
  index: async () => await benchCommandIndex(throughput),
  client: () => benchClient({ rounds: quick ? 1 : 4, starts: quick ? 1 : 9, progress }),
  'client-before': () => benchClientBefore({ starts: quick ? 1 : 15, progress }),
  memory: () => benchMemory(progress),
  team: () => benchTeam(latency, throughput),
  before: () => benchBefore(latency, throughput),
  driver: () => benchDriver({ starts: quick ? 5 : 20, imports: quick ? 3 : 9, iterations: latency.iterations, warmup: latency.warmup, workerRuns: quick ? 100 : 1000, progress }),
  suite: () => benchDiscordjsSuite({ commands: quick ? 100 : 1000, workers: [1, 2, 4], rounds: quick ? 1 : 3, progress }),
};

async function main(): Promise<number> {
  const chosen = values.only?.split(',').map((name) => name.trim()) ?? Object.keys(BENCHMARKS);
  const unknown = chosen.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0) {
    console.error(`unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
    return 2;
  }
  console.error(`Slashbench benchmarks on ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, node ${process.version}${quick ? ' (quick)' : ''}`);
  const rows: Row[] = [];
  const broken: string[] = [];
  for (const name of chosen) {
    const started = performance.now();
    console.error(`${name}...`);
    try {
      rows.push(...(await (BENCHMARKS[name] as () => Promise<Row[]>)()));
      console.error(`${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      broken.push(name);
      console.error(`${name} is BROKEN:`, error);
    }
  }
  console.log(`\n${textTable(rows)}\n`);
  const missed = rows.filter((row) => isMet(row) === false);
  for (const row of missed) {
    console.log(`target missed: ${row.benchmark} ${row.figure}: ratio ${ratioOf(row).toFixed(2)}, target ${targetText(row)}${row.outOfReach ? `\n  why: ${row.outOfReach}` : ''}`);
  }
  if (broken.length > 0) console.log(`broken: ${broken.join(', ')}`);

  const outDirectory = fileURLToPath(new URL('../', import.meta.url));
  await mkdir(outDirectory, { recursive: true });
  await writeFile(`${outDirectory}results.md`, `${markdownTable(rows)}\n`);
  await writeFile(`${outDirectory}results.json`, `${JSON.stringify(rows.map((row) => ({ ...row, ratio: ratioOf(row), met: isMet(row) ?? null })), null, 2)}\n`);
  return broken.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
