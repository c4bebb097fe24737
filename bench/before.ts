/**
 * "The embedded default loses nothing" (issue 22): this registry's embedded SQLite CLI
 * against the same CLI built from an earlier commit (by default the last one before the
 * asynchronous store and the team registry), side by side in one run: delivery over HTTP
 * and the gateway (delivery-side-by-side.ts) and command reads with coherent caches
 * (coherent-reads.ts). Target: within 5% of before.
 *
 * The earlier commit's sources are exported with `git archive` into out/bench/before/REF
 * and compiled there with this checkout's packages (kept for the next run).
 */
import { execFile } from 'node:child_process';
import { access, mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withClis } from './cli-process.js';
import { coherentReads } from './coherent-reads.js';
import type { ThroughputOptions } from './command-reads.js';
import type { LatencyOptions } from './delivery.js';
import { deliverySideBySide } from './delivery-side-by-side.js';
import { BrokenRun } from './registry.js';
import type { Row } from './table.js';
import { benchWorld } from './world.js';

/** The last commit before issue 22's work (the asynchronous store came next). */
export const BEFORE_TEAM_WORK = '439c0e3';

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

/** Builds `ref`'s registry CLI once; answers its path. */
async function buildBefore(ref: string, progress: (message: string) => void): Promise<string> {
  const directory = join(REPOSITORY, 'out', 'bench', 'before', ref);
  const cli = join(directory, 'out', 'node', 'registry', 'cli.js');
  if (await access(cli).then(() => true, () => false)) return cli;
  progress(`before: building ${ref}'s registry in ${directory}`);
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  try {
    await run('sh', ['-c', `git -C "${REPOSITORY}" archive "${ref}" | tar -x -C "${directory}"`]);
    await symlink(join(REPOSITORY, 'node_modules'), join(directory, 'node_modules'));
    await run(process.execPath, [join(REPOSITORY, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(directory, 'tsconfig.registry.json')]);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw new BrokenRun(`could not build ${ref}'s registry (a git checkout with that commit is needed): ${(error as Error).message}`);
  }
  return cli;
}

export async function benchBefore(latency: LatencyOptions, throughput: ThroughputOptions, ref = BEFORE_TEAM_WORK): Promise<Row[]> {
  const before = await buildBefore(ref, latency.progress);
  const baselineName = `the same registry at ${ref}, same run`;
  const within = (comparison: 'at most' | 'at least') => ({ comparison, ratio: comparison === 'at most' ? 1.05 : 0.95 }) as const;
  const { subject, baseline } = await deliverySideBySide({ subject: {}, baseline: { cli: before } }, 'embedded against before', latency);
  const world = benchWorld({ appCount: 1, memberCount: 0 });
  const rates = await withClis(world.file, { before: { cli: before }, now: {} }, ({ before: old, now }) =>
    coherentReads(world, { label: 'embedded reads against before', subject: { through: now, from: now }, baseline: { through: old, from: old } }, throughput));
  return [
    { benchmark: '22 embedded, delivery over HTTP', figure: 'p50', unit: 'ms', value: subject.http.p50, baseline: baseline.http.p50, baselineName, target: within('at most') },
    { benchmark: '22 embedded, delivery over the gateway', figure: 'p50', unit: 'ms', value: subject.gateway.p50, baseline: baseline.gateway.p50, baselineName, target: within('at most') },
    {
      benchmark: '22 embedded, command reads (100 commands)', figure: `req/s, ${throughput.connections} connections`, unit: 'req/s',
      value: rates.subject, baseline: rates.baseline, baselineName, target: within('at least'),
    },
  ];
}
