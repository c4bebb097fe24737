/**
 * A team registry under load (issue 22): two CLI processes on one throwaway PostgreSQL
 * server, 100 clients split between them on the command routes (GET the list, GET one,
 * PATCH, POST an upsert: the same twenty commands written from both processes at once)
 * for STRESS_SECONDS. Zero errors and no answer outside 2xx; and afterwards every write is
 * visible on both processes: once the writes still on their way are done, each answers the
 * same list.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cleanupRegistryProcesses, makeDataDirectory, REPO_ROOT } from '../helpers/registry-process.js';
import { startTeam, stopTeamServer } from '../helpers/team.js';
import { commandLoad, seedCommands } from './load-rig.js';
import { writeLoadWorld } from './load-world.js';
import { STRESS_SECONDS, stressTimeout } from './stress-budget.js';

const CLIENTS = 100;

afterAll(async () => {
  await cleanupRegistryProcesses();
  await stopTeamServer();
});

it(`holds ${CLIENTS} clients on two processes of a team registry for ${STRESS_SECONDS} s: no error, every write visible on both`, async () => {
  const world = await writeLoadWorld(await makeDataDirectory(), { people: 1, bots: 1 });
  const { processes } = await startTeam(2, ['--world', world.file, '--route-limit', '100000000']);
  const [a, b] = processes as [typeof processes[0], typeof processes[0]];
  const ids = await seedCommands(a!.url, world.commandApp);
  const loads = await Promise.all([a, b].map((registry) => commandLoad(registry!.url, world.commandApp, ids, CLIENTS / 2, STRESS_SECONDS)));

  const list = async (url: string) => {
    const response = await fetch(`${url}/api/v10/applications/${world.commandApp.id}/commands`, { headers: { authorization: `Bot ${world.commandApp.token}` } });
    return (await response.json()) as Array<{ id: string; name: string; description: string; version: string }>;
  };
  // The generator stops at its deadline with requests on their way, which the processes go
  // on answering (writes to one app's commands take turns), so the lists settle a moment
  // later. They must settle to one list on both: read both until two rounds in a row agree
  // (a process that kept an old list would never agree, and the test times out).
  let [onA, onB] = await Promise.all([list(a!.url), list(b!.url)]);
  for (let previous = ''; JSON.stringify(onA) !== JSON.stringify(onB) || JSON.stringify(onA) !== previous;) {
    previous = JSON.stringify(onA);
    [onA, onB] = await Promise.all([list(a!.url), list(b!.url)]);
  }
  const figures = {
    seconds: STRESS_SECONDS,
    processes: loads.map((load) => ({ clients: CLIENTS / 2, perSecond: Math.round(load.requests / load.seconds), ...load })),
  };
  await mkdir(join(REPO_ROOT, 'test-results', 'stress'), { recursive: true });
  await writeFile(join(REPO_ROOT, 'test-results', 'stress', 'team-load.json'), `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`team load: ${JSON.stringify(figures)}`);

  for (const registry of [a!, b!]) expect(registry.stderr(), 'the processes\' errors').not.toMatch(/error/i);
  for (const load of loads) {
    expect(load.errors, 'connection errors and timeouts').toBe(0);
    expect(load.non2xx, `answers outside 2xx: ${JSON.stringify(load.statuses)}`).toBe(0);
    expect(load.requests).toBeGreaterThan(0);
  }
  expect(onA).toHaveLength(ids.length);
  expect(onB).toEqual(onA);
}, stressTimeout(STRESS_SECONDS));
