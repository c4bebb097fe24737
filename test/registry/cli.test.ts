/**
 * The registry CLI as a program: it listens on the port it is given (0 = any free one),
 * creates and prints a demo world on an empty database, keeps its state on disk across
 * restarts, loads world files idempotently, and refuses bad input with exit code 2.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanupRegistryProcesses, demoTokens, EXAMPLE_WORLD, makeDataDirectory, runRegistryToExit, startRegistryProcess,
} from '../helpers/registry-process.js';

interface World {
  users: Array<{ id: string; token: string }>;
  applications: Array<{ id: string; name: string; bot_token: string; flags?: number }>;
  guilds: Array<{
    id: string;
    roles: Array<{ id: string; permissions: string }>;
    members: Array<{ user_id: string; roles: string[] }>;
  }>;
}

const example = JSON.parse(readFileSync(EXAMPLE_WORLD, 'utf8')) as World;
const exampleBot = example.applications[0]!;
const exampleActivity = example.applications[1]!;
const exampleGuild = example.guilds[0]!;

afterEach(cleanupRegistryProcesses);

async function api(url: string, path: string, token?: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (token !== undefined) headers.set('Authorization', `Bot ${token}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(`${url}/api/v10${path}`, { ...init, headers });
}

async function currentApplication(url: string, token: string): Promise<{ id: string; verify_key: string }> {
  const response = await api(url, '/applications/@me', token);
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; verify_key: string };
}

async function listCommands(url: string, token: string, applicationId: string, guildId?: string): Promise<unknown[]> {
  const path = guildId === undefined
    ? `/applications/${applicationId}/commands`
    : `/applications/${applicationId}/guilds/${guildId}/commands`;
  const response = await api(url, path, token);
  expect(response.status).toBe(200);
  return (await response.json()) as unknown[];
}

/** A copy of the example world with one change, written to a file of its own. */
async function worldFileWith(change: (world: World) => void): Promise<string> {
  const world = structuredClone(example);
  change(world);
  const path = join(await makeDataDirectory(), 'world.json');
  await writeFile(path, JSON.stringify(world));
  return path;
}

describe('registry CLI', () => {
  it('listens on a free port with --port 0 and answers HTTP', async () => {
    const registry = await startRegistryProcess();
    expect(registry.stdout()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
    expect(registry.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);

    const unauthorized = await api(registry.url, '/applications/@me');
    expect(unauthorized.status).toBe(401);
    expect(await unauthorized.json()).toEqual({ message: '401: Unauthorized', code: 0 });

    const unknown = await api(registry.url, '/no-such-route');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('creates a demo world on an empty database and prints tokens that work', async () => {
    const registry = await startRegistryProcess();
    expect(registry.stdout()).toContain('Created the demo world');
    const demo = demoTokens(registry.stdout());
    expect(demo.applications.length).toBeGreaterThanOrEqual(1);
    expect(demo.users.length).toBeGreaterThanOrEqual(1);
    expect(demo.guilds.length).toBeGreaterThanOrEqual(1);

    for (const app of demo.applications) {
      const current = await currentApplication(registry.url, app.botToken);
      expect(current.id).toBe(app.id);
      expect(current.verify_key).toMatch(/^[0-9a-f]{64}$/);
    }
    const wrong = await api(registry.url, '/applications/@me', `${demo.applications[0]!.botToken}x`);
    expect(wrong.status).toBe(401);
  });

  it('keeps its state across a SIGTERM restart on the same --data', async () => {
    const first = await startRegistryProcess();
    const bot = demoTokens(first.stdout()).applications[0]!;
    const before = await currentApplication(first.url, bot.botToken);
    const created = await api(first.url, `/applications/${bot.id}/commands`, bot.botToken, {
      method: 'POST',
      body: JSON.stringify({ name: 'survivor', description: 'Created before the restart' }),
    });
    expect(created.status).toBe(201);
    const command = (await created.json()) as { id: string };
    const listedBefore = await listCommands(first.url, bot.botToken, bot.id);

    expect(await first.stop()).toEqual({ code: 0, signal: null });

    const second = await startRegistryProcess({ dataDirectory: first.dataDirectory });
    expect(second.stdout()).not.toContain('Created the demo world');
    const after = await currentApplication(second.url, bot.botToken);
    expect(after.verify_key).toBe(before.verify_key);
    const listedAfter = await listCommands(second.url, bot.botToken, bot.id);
    expect(listedAfter).toEqual(listedBefore);
    expect(listedAfter).toContainEqual(expect.objectContaining({ id: command.id, name: 'survivor' }));
  });

  it('loads --world examples/world.json, and loading it again changes nothing', async () => {
    const first = await startRegistryProcess({ args: ['--world', EXAMPLE_WORLD] });
    expect(first.stdout()).not.toContain('Created the demo world');
    const bot = await currentApplication(first.url, exampleBot.bot_token);
    expect(bot.id).toBe(exampleBot.id);
    const activity = await currentApplication(first.url, exampleActivity.bot_token);
    expect(activity.id).toBe(exampleActivity.id);

    // The EMBEDDED app gets its default entry point command; the guild install lets the bot add guild commands.
    const created = await api(first.url, `/applications/${exampleBot.id}/guilds/${exampleGuild.id}/commands`, exampleBot.bot_token, {
      method: 'POST',
      body: JSON.stringify({ name: 'guild-only', description: 'A guild command' }),
    });
    expect(created.status).toBe(201);
    const state = async (url: string) => ({
      bot: await currentApplication(url, exampleBot.bot_token),
      activity: await currentApplication(url, exampleActivity.bot_token),
      activityCommands: await listCommands(url, exampleActivity.bot_token, exampleActivity.id),
      botGlobal: await listCommands(url, exampleBot.bot_token, exampleBot.id),
      botGuild: await listCommands(url, exampleBot.bot_token, exampleBot.id, exampleGuild.id),
    });
    const before = await state(first.url);
    expect(before.activityCommands).toEqual([expect.objectContaining({ type: 4, name: 'Launch', handler: 2 })]);
    expect(before.botGuild).toHaveLength(1);
    await first.stop();

    const second = await startRegistryProcess({ dataDirectory: first.dataDirectory, args: ['--world', EXAMPLE_WORLD] });
    expect(await state(second.url)).toEqual(before);
  });

  it('holds its clock with --held-clock: it moves only when a test moves it, by exactly that much', async () => {
    const registry = await startRegistryProcess({ args: ['--world', EXAMPLE_WORLD, '--held-clock'] });
    const token = example.users[0]!.token;
    const clock = async (advance?: number) => {
      const response = await fetch(`${registry.url}/_slashbench/driver/clock`, {
        method: advance === undefined ? 'GET' : 'POST', headers: { authorization: token, 'content-type': 'application/json' },
        ...(advance === undefined ? {} : { body: JSON.stringify({ advance_ms: advance }) }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { now: string; adjustable: boolean };
    };
    const first = await clock();
    expect(first.adjustable).toBe(true);
    await currentApplication(registry.url, exampleBot.bot_token);
    expect(await clock()).toEqual(first);
    expect(Date.parse((await clock(1500)).now) - Date.parse(first.now)).toBe(1500);
  });

  describe('refuses bad input with exit code 2', () => {
    it('a world file that is not JSON', async () => {
      const path = join(await makeDataDirectory(), 'broken.json');
      await writeFile(path, '{ "users": [ { "id": "1" ');
      const run = await runRegistryToExit({ args: ['--world', path] });
      expect(run).toMatchObject({ code: 2, listened: false });
      expect(run.stderr).toContain(`world file ${path}`);
      expect(run.stderr).toMatch(/JSON/i);
    });

    it('a role whose permissions is not a decimal string', async () => {
      const path = await worldFileWith((world) => {
        world.guilds[0]!.roles[1]!.permissions = '0x10000020';
      });
      const run = await runRegistryToExit({ args: ['--world', path] });
      expect(run).toMatchObject({ code: 2, listened: false });
      expect(run.stderr).toContain('guilds[0].roles[1].permissions: ');
      expect(run.stderr).toMatch(/decimal/);
    });

    it('a member naming an unknown user, leaving the database untouched', async () => {
      const path = await worldFileWith((world) => {
        world.guilds[0]!.members[2]!.user_id = '1184502348762329199';
      });
      const dataDirectory = await makeDataDirectory();
      const run = await runRegistryToExit({ dataDirectory, args: ['--world', path] });
      expect(run).toMatchObject({ code: 2, listened: false });
      expect(run.stderr).toContain('guilds[0].members[2].user_id: ');
      expect(run.stderr).toContain('1184502348762329199');

      // Nothing of the refused world was committed: the database is still empty, so the demo world is made.
      const after = await startRegistryProcess({ dataDirectory });
      expect(after.stdout()).toContain('Created the demo world');
      expect((await api(after.url, '/applications/@me', exampleBot.bot_token)).status).toBe(401);
    });

    it.each([['not-a-port'], ['65536'], ['-1'], ['80.5']])('--port %s', async (port) => {
      const run = await runRegistryToExit({ args: ['--port', port] });
      expect(run).toMatchObject({ code: 2, listened: false });
      expect(run.stderr).toContain('--port');
    });

    it("--port '' (empty)", async () => {
      const run = await runRegistryToExit({ args: ['--port', ''] });
      expect(run).toMatchObject({ code: 2, listened: false });
    });
  });
});
