/**
 * Load (issue 10): the real CLI in a child process, 100 concurrent clients on the command
 * routes (autocannon: GET list, GET one, PATCH, POST) and, at the same time, 50 gateway
 * bots receiving interactions in parallel, for STRESS_SECONDS (30 by default). Zero errors,
 * every invocation answered once (none lost, none duplicated, none misdelivered), and the
 * registry's memory flat: the heap that survives a full GC, read through the inspector,
 * in the last third of the run against the first, beside its resident memory.
 * The figures are printed and written to `test-results/stress/load.json` for docs/reliability.md.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cleanupRegistryProcesses, makeDataDirectory, REPO_ROOT, startRegistryProcess } from '../helpers/registry-process.js';
import { attachHeapProbe, INSPECTABLE, memoryThirds, sampleMemory } from './heap-probe.js';
import { commandLoad, connectInteractionRig, emptyTally, interactionLoad, seedCommands } from './load-rig.js';
import { writeLoadWorld } from './load-world.js';
import { STRESS_SECONDS, stressTimeout } from './stress-budget.js';

const CLIENTS = 100;
const BOTS = 50;
const PEOPLE = 5;
/** One interaction for every bot at once, twice a second: 100 interactions a second. */
const WAVE_EVERY_MS = 500;
/**
 * Each interaction is kept by design: its token lives 15 minutes in the ledger, and its
 * INTERACTION_CREATE stays in the bot's 1000-dispatch resume buffer (about 2 kB of heap
 * together, measured). So "flat" allows that much per interaction invoked between the two
 * thirds, plus this fraction for the rest; a connection, a listener or a buffer leaked per
 * request or per interaction is far more.
 */
const KEPT_PER_INTERACTION = 4 * 1024;
const FLAT_MARGIN = 0.1;
/** Memory is sampled after the first seconds: the JIT, the caches and the connection pools grow into the load. */
const WARM_UP_SECONDS = Math.min(5, STRESS_SECONDS / 5);

const megabytes = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

afterAll(cleanupRegistryProcesses);

it(`holds ${CLIENTS} clients on the command routes and ${BOTS} gateway bots for ${STRESS_SECONDS} s: no error, nothing lost, memory flat`, async () => {
  const world = await writeLoadWorld(await makeDataDirectory(), { people: PEOPLE, bots: BOTS });
  const registry = await startRegistryProcess({ args: ['--world', world.file, '--route-limit', '100000000'], nodeArgs: INSPECTABLE });
  const probe = await attachHeapProbe(registry);
  const ids = await seedCommands(registry.url, world.commandApp);
  const rig = await connectInteractionRig(registry.url, world);

  const started = performance.now();
  let running = true;
  const tally = emptyTally();
  const interactions = interactionLoad(registry.url, world, rig, () => running, WAVE_EVERY_MS, tally);
  const commands = commandLoad(registry.url, world.commandApp, ids, CLIENTS, STRESS_SECONDS);
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_SECONDS * 1000));
  const sampler = sampleMemory(probe, 2000, () => tally.invoked);
  const load = await commands;
  running = false;
  await interactions;
  const samples = await sampler.stop();
  const seconds = (performance.now() - started) / 1000;
  await probe.close();
  await rig.close();
  const exit = await registry.stop();

  const { first, last } = memoryThirds(samples);
  const allowance = first.heapUsed * FLAT_MARGIN + (last.interactions - first.interactions) * KEPT_PER_INTERACTION;
  const figures = {
    seconds: Math.round(seconds),
    commandRoutes: { clients: CLIENTS, perSecond: Math.round(load.requests / load.seconds), ...load },
    interactions: { bots: BOTS, people: PEOPLE, perSecond: Math.round(tally.invoked / seconds), ...tally, waiting: tally.waiting.size, problems: tally.problems.slice(0, 20) },
    memory: {
      samples: samples.length,
      heapAfterGcMB: { firstThird: megabytes(first.heapUsed), lastThird: megabytes(last.heapUsed), allowedGrowth: megabytes(allowance) },
      residentMB: { firstThird: megabytes(first.rss), lastThird: megabytes(last.rss) },
    },
  };
  await mkdir(join(REPO_ROOT, 'test-results', 'stress'), { recursive: true });
  await writeFile(join(REPO_ROOT, 'test-results', 'stress', 'load.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`load: ${JSON.stringify(figures)}`);

  expect(load.errors, 'connection errors and timeouts on the command routes').toBe(0);
  expect(load.non2xx, `answers outside 2xx: ${JSON.stringify(load.statuses)}`).toBe(0);
  expect(load.requests).toBeGreaterThan(0);
  expect(tally.problems, 'interactions refused, failed or answered twice').toEqual([]);
  expect(tally.misdelivered, 'interactions a bot received twice or that reached the wrong bot').toBe(0);
  expect(tally.answered).toBe(tally.invoked);
  expect(tally.waves).toBeGreaterThan(1);
  expect(samples.length).toBeGreaterThanOrEqual(3);
  expect(last.heapUsed - first.heapUsed, `the heap grew from ${megabytes(first.heapUsed)} MB to ${megabytes(last.heapUsed)} MB`)
    .toBeLessThanOrEqual(allowance);
  expect(exit).toEqual({ code: 0, signal: null });
}, stressTimeout(STRESS_SECONDS));
