/**
 * What bots and the simulated client hear live: permission changes made over HTTP, the
 * client's READY with its guilds and private channels, the simulator's command index and
 * world updates, and client events routed to a user or to a channel's viewers only.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayClient } from '../helpers/gateway-client.js';
import { gatewayRegistry, type GatewayRegistry } from '../helpers/gateway-registry.js';
import { IDS, slash, TOKENS } from '../helpers/test-registry.js';
import { WORLD, WORLD_TOKENS } from '../helpers/world-registry.js';

let registry: GatewayRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

async function open(): Promise<GatewayRegistry> {
  registry = await gatewayRegistry();
  return registry;
}

/** A person's client session, identified with their bare session token. */
async function person(gateway: GatewayRegistry, token: string): Promise<GatewayClient> {
  return (await gateway.login(token, { intents: undefined })).client;
}

/**
 * Whether `event` reached `client` before a marker everyone hears (WORLD_UPDATE): each
 * session gets its dispatches in order, so an event that was sent arrived before it.
 */
async function heard(gateway: GatewayRegistry, clients: GatewayClient[], event: string): Promise<boolean[]> {
  const marker = `marker-${Math.random()}`;
  gateway.bus.emit('worldChanged', { kind: 'test', id: marker });
  return Promise.all(clients.map(async (client) => {
    await client.next((payload) => payload.t === 'WORLD_UPDATE' && (payload.d as { id: string }).id === marker);
    return client.received.some((payload) => payload.t === event);
  }));
}

describe('permission updates', () => {
  it('reach the bot and the guild\'s members when a PUT changes a command\'s overwrites', async () => {
    const gateway = await open();
    await gateway.store.tokens.put('owner-edit', {
      application_id: IDS.app, user_id: IDS.owner, scopes: ['applications.commands.permissions.update'], expires_at: Date.now() + 3_600_000,
    });
    const bot = (await gateway.login(TOKENS.bot)).client;
    const member = await person(gateway, TOKENS.member);
    const stranger = await person(gateway, WORLD_TOKENS.stranger);
    const created = await fetch(`${gateway.url}/api/v10/applications/${IDS.app}/guilds/${IDS.guild}/commands`, {
      method: 'POST', headers: { authorization: `Bot ${TOKENS.bot}`, 'content-type': 'application/json' }, body: JSON.stringify(slash('mod')),
    });
    const command = await created.json() as { id: string };
    const permissions = [{ id: IDS.moderatorRole, type: 1, permission: true }];
    const saved = await fetch(`${gateway.url}/api/v10/applications/${IDS.app}/guilds/${IDS.guild}/commands/${command.id}/permissions`, {
      method: 'PUT', headers: { authorization: 'Bearer owner-edit', 'content-type': 'application/json' }, body: JSON.stringify({ permissions }),
    });
    expect(saved.status).toBe(200);
    const expected = { id: command.id, application_id: IDS.app, guild_id: IDS.guild, permissions };
    expect((await bot.dispatch('APPLICATION_COMMAND_PERMISSIONS_UPDATE')).d).toEqual(expected);
    expect((await member.dispatch('APPLICATION_COMMAND_PERMISSIONS_UPDATE')).d).toEqual(expected);
    expect(await heard(gateway, [stranger], 'APPLICATION_COMMAND_PERMISSIONS_UPDATE')).toEqual([false]);
    // The guild command's creation told the guild's members to reload their command index.
    expect((await member.dispatch('APPLICATION_COMMAND_INDEX_UPDATE')).d).toEqual({ application_id: IDS.app, guild_id: IDS.guild });
    expect(stranger.received.some((payload) => payload.t === 'APPLICATION_COMMAND_INDEX_UPDATE')).toBe(false);
  });
});

describe('a client session', () => {
  it('gets READY with the person, their guilds whole and their DMs and group DMs', async () => {
    const gateway = await open();
    const { client, ready } = await gateway.login(WORLD_TOKENS.reader);
    expect(ready).toMatchObject({
      v: 10, user: { id: WORLD.reader, username: 'reader', global_name: 'Reader', locale: 'en-US' },
      resume_gateway_url: gateway.gatewayUrl,
    });
    expect(typeof ready.session_id).toBe('string');
    const guilds = ready.guilds as Array<{ id: string; unavailable: boolean; channels: Array<{ id: string }>; roles: unknown[]; joined_at: string }>;
    expect(guilds.map((guild) => guild.id).sort()).toEqual([WORLD.lab, WORLD.dark].sort());
    const lab = guilds.find((guild) => guild.id === WORLD.lab);
    expect(lab).toMatchObject({ unavailable: false, joined_at: '2024-01-02T03:04:05.000Z' });
    expect(lab?.channels.map((channel) => channel.id)).toContain(WORLD.text);
    const privateChannels = ready.private_channels as Array<{ id: string; type: number; recipients: Array<{ id: string }> }>;
    expect(privateChannels.map((channel) => channel.id).sort()).toEqual([WORLD.botDm, WORLD.peopleDm, WORLD.groupDm].sort());
    const group = privateChannels.find((channel) => channel.id === WORLD.groupDm);
    expect(group?.recipients.map((user) => user.id).sort()).toEqual([IDS.owner, WORLD.stranger].sort());
    // A client's READY carries its guilds whole: no GUILD_CREATE follows.
    expect(await heard(gateway, [client], 'GUILD_CREATE')).toEqual([false]);
  });

  it('names the Activity instances running where the person is, and none elsewhere', async () => {
    const gateway = await open();
    const here = { id: 'i-here', application_id: IDS.app, channel_id: WORLD.text, guild_id: WORLD.lab, participants: [IDS.owner], started_at: 1 };
    const dm = { id: 'i-dm', application_id: IDS.app, channel_id: WORLD.groupDm, guild_id: null, participants: [WORLD.stranger], started_at: 2 };
    const elsewhere = { id: 'i-elsewhere', application_id: IDS.app, channel_id: '999000000000000001', guild_id: '999000000000000000', participants: [IDS.owner], started_at: 3 };
    for (const instance of [here, dm, elsewhere]) await gateway.store.activities.put(instance);
    const { ready } = await gateway.login(WORLD_TOKENS.reader);
    expect(ready.embedded_activities).toEqual([
      { instance_id: 'i-here', application_id: IDS.app, channel_id: WORLD.text, guild_id: WORLD.lab, participants: [IDS.owner] },
      { instance_id: 'i-dm', application_id: IDS.app, channel_id: WORLD.groupDm, guild_id: null, participants: [WORLD.stranger] },
    ]);
  });

  it('carries the person\'s locale', async () => {
    const gateway = await open();
    const { ready } = await gateway.login(TOKENS.member);
    expect(ready.user).toMatchObject({ id: IDS.member, locale: 'fr' });
    expect(ready.user_settings).toEqual({ locale: 'fr' });
  });

  it('hears WORLD_UPDATE for every world change, which bots do not', async () => {
    const gateway = await open();
    const bot = (await gateway.login(TOKENS.bot)).client;
    const owner = await person(gateway, TOKENS.owner);
    gateway.bus.emit('worldChanged', { kind: 'role', id: IDS.moderatorRole });
    expect((await owner.dispatch('WORLD_UPDATE')).d).toEqual({ kind: 'role', id: IDS.moderatorRole });
    gateway.gateway.dispatchToBot(IDS.app, 'TEST_MARKER', {}, IDS.guild);
    await bot.dispatch('TEST_MARKER');
    expect(bot.received.some((payload) => payload.t === 'WORLD_UPDATE')).toBe(false);
  });
});

describe('client events', () => {
  it('go to every session of the one user they are for', async () => {
    const gateway = await open();
    const first = await person(gateway, WORLD_TOKENS.reader);
    const second = await person(gateway, WORLD_TOKENS.reader);
    const owner = await person(gateway, TOKENS.owner);
    gateway.bus.emit('clientEvent', { to: { userId: WORLD.reader }, type: 'INTERACTION_FAILURE', data: { reason: 'test' } });
    expect((await first.dispatch('INTERACTION_FAILURE')).d).toEqual({ reason: 'test' });
    expect((await second.dispatch('INTERACTION_FAILURE')).d).toEqual({ reason: 'test' });
    expect(await heard(gateway, [owner], 'INTERACTION_FAILURE')).toEqual([false]);
  });

  it('go to those who can view a guild channel, not to members without VIEW_CHANNEL or to outsiders', async () => {
    const gateway = await open();
    const owner = await person(gateway, TOKENS.owner);
    const reader = await person(gateway, WORLD_TOKENS.reader);
    const stranger = await person(gateway, WORLD_TOKENS.stranger);
    // In Dark, @everyone lacks VIEW_CHANNEL; the owner sees everything.
    gateway.bus.emit('clientEvent', { to: { channelId: WORLD.darkText }, type: 'MESSAGE_CREATE', data: { id: '1' } });
    expect(await heard(gateway, [owner, reader, stranger], 'MESSAGE_CREATE')).toEqual([true, false, false]);
    await gateway.gateway.dispatchToChannel(WORLD.text, 'TYPING_START', { channel_id: WORLD.text });
    expect(await heard(gateway, [owner, reader, stranger], 'TYPING_START')).toEqual([true, true, false]);
  });

  it('go to the recipients of a group DM', async () => {
    const gateway = await open();
    const reader = await person(gateway, WORLD_TOKENS.reader);
    const stranger = await person(gateway, WORLD_TOKENS.stranger);
    const member = await person(gateway, TOKENS.member);
    gateway.bus.emit('clientEvent', { to: { channelId: WORLD.groupDm }, type: 'MESSAGE_CREATE', data: { id: '2' } });
    expect(await heard(gateway, [reader, stranger, member], 'MESSAGE_CREATE')).toEqual([true, true, false]);
  });
});

describe('dispatching to a bot', () => {
  it('returns false when the app has no session, true once it has one', async () => {
    const gateway = await open();
    expect(gateway.gateway.hasBotSession(IDS.app)).toBe(false);
    expect(gateway.gateway.dispatchToBot(IDS.app, 'INTERACTION_CREATE', {}, IDS.guild)).toBe(false);
    const bot = (await gateway.login(TOKENS.bot)).client;
    expect(gateway.gateway.hasBotSession(IDS.app)).toBe(true);
    expect(gateway.gateway.hasBotSession(IDS.otherApp)).toBe(false);
    expect(gateway.gateway.dispatchToBot(IDS.app, 'INTERACTION_CREATE', { id: '9' }, IDS.guild)).toBe(true);
    expect((await bot.dispatch('INTERACTION_CREATE')).d).toEqual({ id: '9' });
    await bot.close(1000);
    expect(gateway.gateway.hasBotSession(IDS.app)).toBe(false);
    expect(gateway.gateway.dispatchToBot(IDS.app, 'INTERACTION_CREATE', {}, IDS.guild)).toBe(false);
  });
});

describe('a person leaving the client', () => {
  it('is announced (personLeft) when their last client session ends, not while another tab is open', async () => {
    const gateway = await open();
    const left: string[] = [];
    gateway.bus.on('personLeft', ({ user_id: userId }) => void left.push(userId));
    const firstTab = await person(gateway, TOKENS.member);
    const secondTab = await person(gateway, TOKENS.member);
    const announced = new Promise((resolve) => gateway.bus.once('personLeft', resolve));
    await firstTab.close(1001);
    await secondTab.close(1001);
    expect(await announced).toEqual({ user_id: IDS.member });
    // Once, for the last tab: the first tab's close found the second still open.
    expect(left).toEqual([IDS.member]);
  });
});
