/**
 * Issue 22's benchmarks, a team registry against the embedded default in the same run: two
 * registry processes on one throwaway PostgreSQL server (loopback) against one process on
 * its SQLite file, every registry the bundled CLI in its own process.
 *
 * - Delivery: invocations POSTed to the team's first process, the person's session and the
 *   gateway bot on its second (interaction-rig.ts), alternating with the same invocations
 *   of the embedded registry. Target: HTTP delivery p50 at most 1.5x.
 * - Command reads from one team process, changed through the other before each round
 *   (coherent-reads.ts). Target: at least 0.8x.
 */
import { availableParallelism } from 'node:os';
import { startLocalPostgres, type LocalPostgres } from '../src/registry/team/local-postgres.js';
import { withClis } from './cli-process.js';
import { coherentReads } from './coherent-reads.js';
import type { ThroughputOptions } from './command-reads.js';
import type { LatencyOptions } from './delivery.js';
import { deliverySideBySide } from './delivery-side-by-side.js';
import { processCpuMs, processTreeCpuMs } from './process-cpu.js';
import { BrokenRun } from './registry.js';
import type { Row } from './table.js';
import { benchWorld } from './world.js';

const EMBEDDED = 'the embedded SQLite registry, same run';

export async function benchTeam(latency: LatencyOptions, throughput: ThroughputOptions): Promise<Row[]> {
  let postgres: LocalPostgres;
  try {
    postgres = await startLocalPostgres();
  } catch (error) {
    throw new BrokenRun(`the team benchmark needs a PostgreSQL server to start (Debian: apt-get install postgresql): ${(error as Error).message}`);
  }
  try {
    return [
      ...(await teamDelivery(await postgres.createDatabase('delivery'), latency)),
      ...(await teamReads(postgres, await postgres.createDatabase('reads'), throughput)),
    ];
  } finally {
    await postgres.stop();
  }
}

async function teamDelivery(database: string, options: LatencyOptions): Promise<Row[]> {
  const { subject, baseline } = await deliverySideBySide({ subject: { database }, baseline: {} }, 'team delivery', options);
  const row = (benchmark: string, figure: 'p50' | 'p99', value: number, against: number, target?: Row['target']): Row =>
    ({ benchmark, figure, unit: 'ms', value, baseline: against, baselineName: EMBEDDED, ...(target ? { target } : {}) });
  return [
    row('22 team delivery, HTTP endpoint', 'p50', subject.http.p50, baseline.http.p50, { comparison: 'at most', ratio: 1.5 }),
    row('22 team delivery, HTTP endpoint', 'p99', subject.http.p99, baseline.http.p99),
    row('22 team delivery, gateway bot on the other process', 'p50', subject.gateway.p50, baseline.gateway.p50),
    row('22 team delivery, gateway bot on the other process', 'p99', subject.gateway.p99, baseline.gateway.p99),
  ];
}

async function teamReads(postgres: LocalPostgres, database: string, options: ThroughputOptions): Promise<Row[]> {
  const world = benchWorld({ appCount: 1, memberCount: 0 });
  const server = await postgres.serverPid();
  const reads = await withClis(world.file, { embedded: {}, reader: { database }, writer: { database } }, ({ embedded, reader, writer }) =>
    coherentReads(world, {
      label: 'team command reads',
      subject: {
        through: writer, from: reader,
        cpu: { reader: () => processCpuMs(reader.process.pid), PostgreSQL: () => processTreeCpuMs(server), writer: () => processCpuMs(writer.process.pid) },
        pids: [reader.process.pid, server, writer.process.pid].filter((pid) => pid !== undefined),
      },
      baseline: {
        through: embedded, from: embedded, cpu: { registry: () => processCpuMs(embedded.process.pid) },
        pids: [embedded.process.pid].filter((pid) => pid !== undefined),
      },
    }, options));
  const perRead = (cpu: Record<string, number>) => Object.entries(cpu).map(([name, micros]) => `${name} ${micros.toFixed(0)}`).join(', ');
  const total = (cpu: Record<string, number>) => Object.values(cpu).reduce((sum, micros) => sum + micros, 0);
  return [{
    benchmark: '22 team command reads (100 commands, one process)', figure: `req/s, ${options.connections} connections`, unit: 'req/s',
    value: reads.subject.rate, baseline: reads.baseline.rate, baselineName: EMBEDDED,
    target: { comparison: 'at least', ratio: 0.8 },
    // What each read cost the machine, measured in the same rounds: the team's reader waits for the
    // feed's round trip to PostgreSQL (its barrier, feed/postgres-feed.ts) before it answers from its cache.
    outOfReach: `The team's processes worked ${total(reads.subject.cpuPerRead).toFixed(0)} µs of CPU per read (${perRead(reads.subject.cpuPerRead)}) `
      + `against the embedded registry's ${total(reads.baseline.cpuPerRead).toFixed(0)}, on ${availableParallelism()} cores shared with autocannon. `
      + `Over the team's rounds ${reads.subject.machine ?? 'the machine could not be read'}; over the embedded's, ${reads.baseline.machine ?? 'the same'} `
      + '(docs/benchmarks.md, issue 34)',
  }];
}
