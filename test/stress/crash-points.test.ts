/**
 * The crash cycles of `test/reliability/crash-points.test.ts` for SLASHBENCH_STRESS_SECONDS
 * (30 by default): mixed writes, SIGKILL at a random point, restart, check, again and again.
 * The figures go to `test-results/stress/crash-points.json` for docs/reliability.md.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { crashCycles } from '../reliability/crash-points-cycles.js';
import { cleanupRegistryProcesses, REPO_ROOT } from '../helpers/registry-process.js';
import { STRESS_SECONDS, stressTimeout } from './stress-budget.js';

afterAll(cleanupRegistryProcesses);

it(`keeps every acknowledged write across SIGKILLs at random points for ${STRESS_SECONDS} s`, async () => {
  const result = await crashCycles({ seconds: STRESS_SECONDS });
  const writes = Object.values(result.acknowledged).reduce((sum, count) => sum + count, 0);
  const figures = { seconds: STRESS_SECONDS, acknowledgedWrites: writes, ...result };
  await mkdir(join(REPO_ROOT, 'test-results', 'stress'), { recursive: true });
  await writeFile(join(REPO_ROOT, 'test-results', 'stress', 'crash-points.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`crash points: ${JSON.stringify(figures)}`);
  expect(result.problems).toEqual([]);
  expect(result.cycles).toBeGreaterThan(1);
}, stressTimeout(STRESS_SECONDS));
