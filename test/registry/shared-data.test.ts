/**
 * Two registries on one data directory (`npm run serve` beside the desktop app): concurrent
 * writes from both wait for each other instead of failing, and no command is lost or
 * overwritten by an id minted twice.
 */
import { readFileSync } from 'node:fs';
import { afterEach, expect, it } from 'vitest';
import { cleanupRegistryProcesses, EXAMPLE_WORLD, makeDataDirectory, startRegistryProcess } from '../helpers/registry-process.js';

afterEach(cleanupRegistryProcesses);

it('serves concurrent creates from two registries sharing a data directory', async () => {
  const world = JSON.parse(readFileSync(EXAMPLE_WORLD, 'utf8')) as {
    applications: Array<{ id: string; bot_token: string }>;
    guilds: Array<{ id: string }>;
  };
  const [bot] = world.applications;
  const [guild] = world.guilds;
  const dataDirectory = await makeDataDirectory();
  const first = await startRegistryProcess({ dataDirectory, args: ['--world', EXAMPLE_WORLD, '--route-limit', '100000'] });
  const second = await startRegistryProcess({ dataDirectory, args: ['--route-limit', '100000'] });
  const create = (url: string, name: string) =>
    fetch(`${url}/api/v10/applications/${bot!.id}/guilds/${guild!.id}/commands`, {
      method: 'POST',
      headers: { authorization: `Bot ${bot!.bot_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, description: 'made concurrently' }),
    }).then((response) => response.status);
  const names = Array.from({ length: 45 }, (_, index) => index);
  const statuses = await Promise.all(
    names.flatMap((index) => [create(first.url, `first-${index}`), create(second.url, `second-${index}`)]),
  );
  expect(statuses.filter((status) => status !== 201)).toEqual([]);
  const listed = await fetch(`${first.url}/api/v10/applications/${bot!.id}/guilds/${guild!.id}/commands`, {
    headers: { authorization: `Bot ${bot!.bot_token}` },
  }).then((response) => response.json() as Promise<Array<{ id: string }>>);
  expect(listed).toHaveLength(90);
  expect(new Set(listed.map((command) => command.id)).size).toBe(90);
});
