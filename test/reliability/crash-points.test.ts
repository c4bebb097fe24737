/**
 * SIGKILL at random points of mixed writes (issue 10, faults): command creates, PATCHes and
 * deletes, bulk overwrites, permission PUTs and world edits run at once against the real
 * CLI; the process is killed after a random number of acknowledged writes, restarted on the
 * same data directory, and every object must hold its last acknowledged write (or the one
 * in flight), with no bulk overwrite half applied. A few cycles here; the stress suite
 * (`test/stress/crash-points.test.ts`) runs them for SLASHBENCH_STRESS_SECONDS, long
 * enough for a command's life to make more than the 200 creates a guild has in a day: the
 * workload turns the registry's test clock a day on before then, and keeps it turned across
 * a restart.
 */
import { afterAll, expect, it } from 'vitest';
import { cleanupRegistryProcesses, startRegistryProcess } from '../helpers/registry-process.js';
import { crashCycles } from './crash-points-cycles.js';
import { commandLife, CREATES_PER_DAY, Pipeline, runUntilKilled, WorkloadClock, writeCrashWorld } from './crash-points-workload.js';

const CYCLES = 3;

afterAll(cleanupRegistryProcesses);

it(`keeps every acknowledged write of mixed pipelines across ${CYCLES} SIGKILLs at random points`, async () => {
  const result = await crashCycles({ cycles: CYCLES });
  expect(result.problems).toEqual([]);
  expect(result.cycles).toBe(CYCLES);
  // Every kind of write was acknowledged at least once, so each was exercised, not just started.
  for (const [pipeline, count] of Object.entries(result.acknowledged)) expect(count, pipeline).toBeGreaterThan(0);
}, 120_000);

it('makes more than a day\'s 200 creates in one guild without a refusal, across a restart', async () => {
  const world = await writeCrashWorld(2);
  const problems: string[] = [];
  const clock = new WorkloadClock(world.owner.token);
  const life = new Pipeline(commandLife(world, world.apps[1]!, 'life', clock), 'absent', problems);
  // Four writes a life: killed past the first turn of the day, then on past 200 creates.
  const first = await startRegistryProcess({ args: ['--world', world.file, '--route-limit', '100000', '--test-clock'] });
  await runUntilKilled(first, [life], 4 * (CREATES_PER_DAY + 25));
  const second = await startRegistryProcess({ dataDirectory: first.dataDirectory, args: ['--route-limit', '100000', '--test-clock'] });
  await clock.restore(second.url);
  // The restarted registry's day is the one the last left off, not the machine's.
  const moved = await (await fetch(`${second.url}/_slashbench/driver/clock`, { headers: { authorization: world.owner.token } })).json() as { now: string };
  expect(Date.parse(moved.now)).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  await life.check(second.url);
  await life.run(second.url, () => life.acknowledged >= 4 * 225, () => undefined);
  await second.stop();
  expect(problems).toEqual([]);
  expect(life.acknowledged).toBeGreaterThanOrEqual(4 * 225);
  expect(clock.offsetMs).toBeGreaterThan(0);
}, 120_000);
