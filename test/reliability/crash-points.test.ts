/**
 * SIGKILL at random points of mixed writes (issue 10, faults): command creates, PATCHes and
 * deletes, bulk overwrites, permission PUTs and world edits run at once against the real
 * CLI; the process is killed after a random number of acknowledged writes, restarted on the
 * same data directory, and every object must hold its last acknowledged write (or the one
 * in flight), with no bulk overwrite half applied. A few cycles here; the stress suite
 * (`test/stress/crash-points.test.ts`) runs them for SLASHBENCH_STRESS_SECONDS.
 */
import { afterAll, expect, it } from 'vitest';
import { cleanupRegistryProcesses } from '../helpers/registry-process.js';
import { crashCycles } from './crash-points-cycles.js';

const CYCLES = 3;

afterAll(cleanupRegistryProcesses);

it(`keeps every acknowledged write of mixed pipelines across ${CYCLES} SIGKILLs at random points`, async () => {
  const result = await crashCycles({ cycles: CYCLES });
  expect(result.problems).toEqual([]);
  expect(result.cycles).toBe(CYCLES);
  // Every kind of write was acknowledged at least once, so each was exercised, not just started.
  for (const [pipeline, count] of Object.entries(result.acknowledged)) expect(count, pipeline).toBeGreaterThan(0);
}, 120_000);
