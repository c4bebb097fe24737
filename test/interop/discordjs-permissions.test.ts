/**
 * discord.js's ApplicationCommandPermissionsManager against a registry on a real port:
 * `set` with a user's Bearer token (as discord.js sends it: `auth: false` and its own
 * Authorization header), `fetch`, `has`, `add` and `remove` with the bot token, unmodified.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApplicationCommandPermissionType, Client, ClientApplication } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistry, type RunningRegistry } from '../../src/registry/start.js';
import { EXAMPLE_WORLD } from '../helpers/registry-process.js';

interface World {
  applications: Array<{ id: string; bot_token: string; flags?: number }>;
  guilds: Array<{ id: string; owner_id: string; roles: Array<{ id: string; name: string }>; members: Array<{ user_id: string }> }>;
}

const world = JSON.parse(readFileSync(EXAMPLE_WORLD, 'utf8')) as World;
const bot = world.applications.find((app) => ((app.flags ?? 0) & (1 << 17)) === 0)!;
const guild = world.guilds[0]!;
const moderator = guild.roles.find((role) => role.name === 'Moderator')!.id;
const member = guild.members.find((entry) => entry.user_id !== guild.owner_id)!.user_id;

let registry: RunningRegistry;
let client: Client;
let commandId: string;

beforeAll(async () => {
  registry = await startRegistry({
    host: '127.0.0.1', port: 0, dataDirectory: mkdtempSync(join(tmpdir(), 'slashbench-perms-')), worldFile: EXAMPLE_WORLD,
  });
  // Seed the user token an OAuth2 authorize flow issues (that flow is tested in oauth-flow.test.ts).
  const expires_at = Date.now() + 3_600_000;
  const scopes = ['applications.commands.permissions.update'];
  await registry.store.tokens.put('owner-bearer', { application_id: bot.id, user_id: guild.owner_id, scopes, expires_at });
  client = new Client({ intents: [], rest: { api: `${registry.url}/api`, retries: 0 } });
  client.rest.setToken(bot.bot_token);
  // What READY would set at login (discord.js types keep the constructor private); no gateway needed.
  const application = new (ClientApplication as unknown as new (client: Client, data: { id: string }) => ClientApplication)(client, { id: bot.id });
  client.application = application;
  const created = await application.commands.create({ name: 'moderate', description: 'Moderator tools' }, guild.id);
  commandId = created.id;
});

afterAll(async () => {
  await client?.destroy();
  await registry?.close();
});

describe('ApplicationCommandPermissionsManager', () => {
  it('sets permissions with a Bearer token and fetches them with the bot token', async () => {
    const manager = client.application!.commands.permissions;
    expect(await manager.has({ guild: guild.id, command: commandId, permissionId: moderator })).toBe(false);
    const permissions = [
      { id: moderator, type: ApplicationCommandPermissionType.Role, permission: true },
      { id: guild.id, type: ApplicationCommandPermissionType.Role, permission: false },
    ];
    const set = await manager.set({ guild: guild.id, command: commandId, permissions, token: 'owner-bearer' });
    expect(set).toEqual(permissions);
    expect(await manager.fetch({ guild: guild.id, command: commandId })).toEqual(permissions);
    const all = await manager.fetch({ guild: guild.id });
    expect(all.get(commandId)).toEqual(permissions);
    expect(await manager.has({ guild: guild.id, command: commandId, permissionId: moderator })).toBe(true);
  });

  it('adds and removes single overwrites', async () => {
    const manager = client.application!.commands.permissions;
    await manager.add({
      guild: guild.id, command: commandId, token: 'owner-bearer',
      permissions: [{ id: member, type: ApplicationCommandPermissionType.User, permission: true }],
    });
    expect((await manager.fetch({ guild: guild.id, command: commandId })).map((entry) => entry.id)).toContain(member);
    await manager.remove({ guild: guild.id, command: commandId, token: 'owner-bearer', users: [member] });
    expect((await manager.fetch({ guild: guild.id, command: commandId })).map((entry) => entry.id)).not.toContain(member);
  });

  it('surfaces a refusal as a DiscordAPIError', async () => {
    const manager = client.application!.commands.permissions;
    await expect(
      manager.set({ guild: guild.id, command: commandId, permissions: [], token: 'not-a-token' }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
