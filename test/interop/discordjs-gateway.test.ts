/**
 * An unmodified discord.js v14 Client against the running registry, changed only in its
 * REST base URL: it logs in over the gateway, becomes ready with its application and
 * guilds (channels, roles, its own member), hears a permission update, resumes after
 * RECONNECT, and destroys cleanly.
 */
import { once } from 'node:events';
import type { Client} from 'discord.js';
import { Events, type ApplicationCommandPermissionsUpdateData } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { readyDiscordJsBot } from '../helpers/discordjs-bot.js';
import { FAR_GUILD, gatewayRegistry, type GatewayRegistry } from '../helpers/gateway-registry.js';
import { IDS } from '../helpers/test-registry.js';
import { WORLD } from '../helpers/world-registry.js';

/** discord.js strips a leading "bot" from any token (case-insensitively), so the fixture's `bot-token-app` would lose it. */
const TOKEN = 'djs-token-app';

let registry: GatewayRegistry | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.destroy();
  client = undefined;
  await registry?.close();
  registry = undefined;
});

async function login(): Promise<{ gateway: GatewayRegistry; bot: Client; sessionId: string }> {
  const gateway = await gatewayRegistry();
  registry = gateway;
  let sessionId = '';
  const bot = await readyDiscordJsBot(gateway, IDS.app, TOKEN, (starting) => {
    starting.on(Events.Raw, (packet: { t?: string; d?: { session_id?: string } }) => {
      if (packet.t === 'READY') sessionId = packet.d?.session_id ?? '';
    });
  });
  client = bot;
  return { gateway, bot, sessionId };
}

describe('discord.js over the gateway', () => {
  it('logs in and is ready with its application and guilds, channels and roles', async () => {
    const { bot } = await login();
    expect(bot.application?.id).toBe(IDS.app);
    expect(bot.user?.id).toBe(IDS.app);
    expect([...bot.guilds.cache.keys()].sort()).toEqual([IDS.guild, WORLD.lab, WORLD.dark, FAR_GUILD].sort());
    const lab = bot.guilds.cache.get(WORLD.lab);
    expect(lab?.name).toBe('Lab');
    expect(lab?.available).toBe(true);
    expect(lab?.preferredLocale).toBe('ja');
    expect(lab?.channels.cache.get(WORLD.text)?.name).toBe('general');
    expect(lab?.channels.cache.get(WORLD.thread)?.isThread()).toBe(true);
    expect(lab?.roles.cache.get(WORLD.labHelper)?.name).toBe('Helper');
    expect(lab?.roles.everyone.id).toBe(WORLD.lab);
    expect(lab?.members.me?.id).toBe(IDS.app);
    expect(lab?.ownerId).toBe(IDS.owner);
    expect(bot.channels.cache.get(WORLD.text)?.id).toBe(WORLD.text);
  });

  it('emits applicationCommandPermissionsUpdate when the permissions change', async () => {
    const { gateway, bot } = await login();
    const update = once(bot, Events.ApplicationCommandPermissionsUpdate) as Promise<[ApplicationCommandPermissionsUpdateData]>;
    const permissions = [{ id: IDS.member, type: 2 as const, permission: true }];
    gateway.bus.emit('permissionsChanged', { id: IDS.app, application_id: IDS.app, guild_id: IDS.guild, permissions });
    const [data] = await update;
    expect(data.guildId).toBe(IDS.guild);
    expect(data.applicationId).toBe(IDS.app);
    expect(data.permissions).toEqual(permissions);
  });

  it('resumes its session after RECONNECT and keeps receiving', async () => {
    const { gateway, bot, sessionId } = await login();
    const resumed = once(bot, Events.ShardResume);
    expect(gateway.gateway.reconnect(sessionId)).toBe(true);
    await resumed;
    const update = once(bot, Events.ApplicationCommandPermissionsUpdate);
    gateway.bus.emit('permissionsChanged', { id: IDS.app, application_id: IDS.app, guild_id: WORLD.lab, permissions: [] });
    await update;
    expect(gateway.gateway.hasBotSession(IDS.app)).toBe(true);
  });

  it('destroys cleanly, ending its session', async () => {
    const { gateway, bot } = await login();
    expect(gateway.gateway.hasBotSession(IDS.app)).toBe(true);
    await bot.destroy();
    client = undefined;
    expect(gateway.gateway.hasBotSession(IDS.app)).toBe(false);
    expect(gateway.gateway.dispatchToBot(IDS.app, 'INTERACTION_CREATE', {}, IDS.guild)).toBe(false);
  });
});
