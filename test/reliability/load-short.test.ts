/**
 * A short load run for the normal suite (the full one is `test/stress/load.test.ts`): the
 * real CLI, 10 clients on the command routes for 3 s and, at the same time, 10 gateway bots
 * receiving interactions in parallel. No error, every invocation answered once. The
 * registry's clock is held (`--held-clock`): an interaction's 3 s deadline would pass only
 * if the test moved it, so a machine slowed by the load itself fails nothing; a lost
 * interaction still shows, as an invocation that never ends.
 */
import { afterAll, expect, it } from 'vitest';
import { cleanupRegistryProcesses, makeDataDirectory, startRegistryProcess } from '../helpers/registry-process.js';
import { commandLoad, connectInteractionRig, interactionLoad, seedCommands } from '../stress/load-rig.js';
import { writeLoadWorld } from '../stress/load-world.js';

afterAll(cleanupRegistryProcesses);

it('serves 10 clients on the command routes and 10 gateway bots at once: no error, nothing lost', async () => {
  const world = await writeLoadWorld(await makeDataDirectory(), { people: 2, bots: 10 });
  const registry = await startRegistryProcess({ args: ['--world', world.file, '--route-limit', '100000000', '--held-clock'] });
  const ids = await seedCommands(registry.url, world.commandApp);
  const rig = await connectInteractionRig(registry.url, world);
  let running = true;
  const interactions = interactionLoad(registry.url, world, rig, () => running);
  const load = await commandLoad(registry.url, world.commandApp, ids, 10, 3);
  running = false;
  const tally = await interactions;
  await rig.close();
  await registry.stop();

  expect(load.errors).toBe(0);
  expect(load.non2xx, JSON.stringify(load.statuses)).toBe(0);
  expect(load.requests).toBeGreaterThan(0);
  expect(tally.problems).toEqual([]);
  expect(tally.misdelivered).toBe(0);
  expect(tally.invoked).toBeGreaterThan(0);
  expect(tally.answered).toBe(tally.invoked);
});
