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
import { join } from 'node:path';
import { withClis } from './cli-process.js';
import { coherentReads } from './coherent-reads.js';
import type { ThroughputOptions } from './command-reads.js';
import type { LatencyOptions } from './delivery.js';
import { deliverySideBySide } from './delivery-side-by-side.js';
import { buildPast, type PastBuild } from './past-build.js';
import type { Row } from './table.js';
import { benchWorld } from './world.js';

/** The last commit before issue 22's work (the asynchronous store came next). */
export const BEFORE_TEAM_WORK = '439c0e3';

const CLI = join('out', 'node', 'registry', 'cli.js');

/** `ref`'s registry CLI, compiled. */
const REGISTRY = {
  folder: 'before', what: 'registry', outputs: [CLI],
  steps: (tool: (path: string) => string) => [[tool('typescript/bin/tsc'), '-p', 'tsconfig.registry.json']],
} satisfies PastBuild;

export async function benchBefore(latency: LatencyOptions, throughput: ThroughputOptions, ref = BEFORE_TEAM_WORK): Promise<Row[]> {
  const before = join(await buildPast(ref, REGISTRY, latency.progress), CLI);
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
      value: rates.subject.rate, baseline: rates.baseline.rate, baselineName, target: within('at least'),
    },
  ];
}
