/**
 * Benchmark 4a, bulk overwrite: `PUT /api/v10/applications/{app}/commands` with 100 commands
 * of the largest allowed size (8000 by `commandSize`, localized in as many locales as the
 * 32 MiB body limit lets 100 of them carry), against parsing and re-serializing the same body
 * in this process. The first PUT creates the 100 commands (half the day's 200 creates); every
 * later one alternates two variants with the same names, so each PUT revises all 100.
 */
import { BULK_BODY_LIMIT } from '../src/registry/routes/commands.js';
import { LOCALES } from '../src/shared/locales.js';
import { largestCommand, sizeOf } from './commands.js';
import { plainRequest } from './http-client.js';
import { BrokenRun, startBenchRegistry } from './registry.js';
import { summarize } from './stats.js';
import type { Row } from './table.js';
import { benchWorld, type BenchApp } from './world.js';

export interface BulkOptions {
  iterations: number;
  progress: (message: string) => void;
}

const COMMANDS = 100;

/**
 * The most locales every field can be localized in while 100 such commands fit the body
 * limit. Estimated from the command with the longest index (the others are no longer), so
 * the real body is never over; the caller checks it anyway.
 */
function localesThatFit(): number {
  for (let locales = LOCALES.length; locales > 0; locales--) {
    const bytes = (Buffer.byteLength(JSON.stringify(largestCommand(COMMANDS - 1, 1, locales))) + 1) * COMMANDS + 1;
    if (bytes <= BULK_BODY_LIMIT) return locales;
  }
  throw new Error('not even one locale fits the body limit');
}

export async function benchBulkOverwrite(options: BulkOptions): Promise<Row[]> {
  const locales = localesThatFit();
  const size = sizeOf(largestCommand(0, 0, locales));
  const bodies = [0, 1].map((variant) => JSON.stringify(Array.from({ length: COMMANDS }, (_, index) => largestCommand(index, variant, locales))));
  if (bodies.some((body) => Buffer.byteLength(body) > BULK_BODY_LIMIT)) throw new Error('the bulk body is over the limit');
  options.progress(`bulk overwrite: ${COMMANDS} commands of size ${size}, ${locales} locales, ${(Buffer.byteLength(bodies[0] ?? '') / 2 ** 20).toFixed(1)} MiB`);

  const world = benchWorld({ appCount: 1, memberCount: 0 });
  const app = world.apps[0] as BenchApp;
  const registry = await startBenchRegistry(world.file);
  try {
    const put = async (body: string): Promise<number> => {
      const started = performance.now();
      const { status, text } = await plainRequest(`${registry.url}/api/v10/applications/${app.id}/commands`, {
        method: 'PUT', headers: { authorization: `Bot ${app.botToken}`, 'content-type': 'application/json' }, body,
      });
      const elapsed = performance.now() - started;
      if (status !== 200) throw new BrokenRun(`PUT /commands answered ${status}: ${text.slice(0, 500)}`);
      return elapsed;
    };
    const reserialize = (body: string): number => {
      const started = performance.now();
      const copy = JSON.stringify(JSON.parse(body));
      const elapsed = performance.now() - started;
      if (copy.length !== body.length) throw new Error('re-serializing changed the body');
      return elapsed;
    };
    // Warm-up: the creating PUT, then one update; neither is measured.
    await put(bodies[0] as string);
    await put(bodies[1] as string);
    reserialize(bodies[0] as string);
    const overwrites: number[] = [];
    const copies: number[] = [];
    for (let round = 0; round < options.iterations; round++) {
      const body = bodies[round % 2] as string;
      overwrites.push(await put(body));
      copies.push(reserialize(body));
    }
    options.progress(`bulk overwrite: ${options.iterations} overwrites done`);
    const measured = summarize(overwrites);
    const floor = summarize(copies);
    const baselineName = 'JSON.parse + JSON.stringify of the body';
    return [
      {
        benchmark: `4 bulk overwrite (100 x size ${size}, ${locales} locales)`, figure: 'p50', unit: 'ms', value: measured.p50, baseline: floor.p50, baselineName,
        target: { comparison: 'at most', ratio: 4 },
      },
      { benchmark: `4 bulk overwrite (100 x size ${size}, ${locales} locales)`, figure: 'max', unit: 'ms', value: measured.max, baseline: floor.max, baselineName },
    ];
  } finally {
    await registry.close();
  }
}
