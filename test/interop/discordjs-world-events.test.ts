/**
 * An unmodified discord.js v14 Client, already logged in, follows world edits made through
 * the management API (as the client simulator's world editor makes them): it joins a guild
 * its app is installed in (guildCreate), sees roles and channels appear, change and go, and
 * leaves the guild when the app is uninstalled (guildDelete).
 */
import { once } from 'node:events';
import type { Client} from 'discord.js';
import { Events, type Guild, type GuildChannel, type Role } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { readyDiscordJsBot } from '../helpers/discordjs-bot.js';
import { gatewayRegistry, type GatewayRegistry } from '../helpers/gateway-registry.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';
import { WORLD } from '../helpers/world-registry.js';

/** discord.js strips a leading "bot" from any token, so the fixture's other bot gets one it keeps. */
const TOKEN = 'djs-token-other';

let registry: GatewayRegistry | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.destroy();
  client = undefined;
  await registry?.close();
  registry = undefined;
});

async function login(): Promise<{ gateway: GatewayRegistry; bot: Client }> {
  const gateway = await gatewayRegistry();
  registry = gateway;
  const bot = await readyDiscordJsBot(gateway, IDS.otherApp, TOKEN);
  client = bot;
  return { gateway, bot };
}

async function manage(gateway: GatewayRegistry, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${gateway.url}/_slashbench${path}`, {
    method,
    headers: { authorization: TOKENS.owner, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

describe('discord.js follows world edits', () => {
  it('joins a guild when its app is installed, sees roles and channels change, and leaves when uninstalled', async () => {
    const { gateway, bot } = await login();
    expect(bot.guilds.cache.has(WORLD.lab)).toBe(false);

    const joined = once(bot, Events.GuildCreate) as Promise<[Guild]>;
    await manage(gateway, 'PUT', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`);
    const [guild] = await joined;
    expect(guild.id).toBe(WORLD.lab);
    expect(guild.name).toBe('Lab');
    expect(guild.members.me?.id).toBe(IDS.otherApp);
    expect(guild.channels.cache.get(WORLD.text)?.name).toBe('general');

    const roleCreated = once(bot, Events.GuildRoleCreate) as Promise<[Role]>;
    const role = await manage(gateway, 'POST', `/guilds/${WORLD.lab}/roles`, { name: 'Managers', permissions: '32' }) as { id: string };
    const [created] = await roleCreated;
    expect(created.id).toBe(role.id);
    expect(created.permissions.has('ManageGuild')).toBe(true);
    const roleUpdated = once(bot, Events.GuildRoleUpdate) as Promise<[Role, Role]>;
    await manage(gateway, 'PUT', `/guilds/${WORLD.lab}/roles/${role.id}`, { name: 'Managers', permissions: '0' });
    const [, updated] = await roleUpdated;
    expect(updated.permissions.has('ManageGuild')).toBe(false);

    const channelCreated = once(bot, Events.ChannelCreate) as Promise<[GuildChannel]>;
    const channel = await manage(gateway, 'POST', `/guilds/${WORLD.lab}/channels`, { name: 'ideas', type: 0, parent_id: WORLD.category }) as { id: string };
    const [made] = await channelCreated;
    expect(made.id).toBe(channel.id);
    expect(made.parentId).toBe(WORLD.category);
    expect(bot.guilds.cache.get(WORLD.lab)?.channels.cache.has(channel.id)).toBe(true);
    const channelDeleted = once(bot, Events.ChannelDelete) as Promise<[GuildChannel]>;
    await manage(gateway, 'DELETE', `/channels/${channel.id}`);
    expect((await channelDeleted)[0].id).toBe(channel.id);

    const roleDeleted = once(bot, Events.GuildRoleDelete) as Promise<[Role]>;
    await manage(gateway, 'DELETE', `/guilds/${WORLD.lab}/roles/${role.id}`);
    expect((await roleDeleted)[0].id).toBe(role.id);

    const left = once(bot, Events.GuildDelete) as Promise<[Guild]>;
    await manage(gateway, 'DELETE', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`);
    expect((await left)[0].id).toBe(WORLD.lab);
    expect(bot.guilds.cache.has(WORLD.lab)).toBe(false);
  });
});
