/**
 * Bots already connected to the gateway hear world edits made through the management API,
 * as the service would send them: an app installed gets GUILD_CREATE, one uninstalled
 * GUILD_DELETE; the guild's other bots get GUILD_ROLE_*, CHANNEL_* and THREAD_* (GUILDS
 * intent) and GUILD_MEMBER_* (GUILD_MEMBERS intent). Real HTTP requests, real WebSocket
 * sessions; "did not hear" is checked after a heartbeat barrier, never after a timer.
 */
import { ApplicationFlags, GatewayIntentBits } from 'discord-api-types/v10';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayClient, Payload } from '../helpers/gateway-client.js';
import { FAR_GUILD, gatewayRegistry, type GatewayRegistry } from '../helpers/gateway-registry.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';
import { WORLD, WORLD_TOKENS } from '../helpers/world-registry.js';

const GUILDS = GatewayIntentBits.Guilds;
const MEMBERS = GatewayIntentBits.GuildMembers;

let registry: GatewayRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

async function open(): Promise<GatewayRegistry> {
  registry = await gatewayRegistry();
  // The fixture app may ask for GUILD_MEMBERS (a privileged intent) once its flags allow it.
  const application = await registry.store.world.application(IDS.app);
  if (!application) throw new Error('the fixture app is missing');
  await registry.store.world.putApplication({ ...application, flags: ApplicationFlags.GatewayGuildMembers }, null, null);
  return registry;
}

/** A management request as the client simulator sends it, with a person's bare session token. */
async function manage(gateway: GatewayRegistry, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${gateway.url}/_slashbench${path}`, {
    method,
    headers: { authorization: TOKENS.owner, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** Where each session's startup (READY and its GUILD_CREATEs) ended in what it received. */
const started = new WeakMap<GatewayClient, number>();

/** A bot session with `intents` (and its shard), once its READY and GUILD_CREATEs are in. */
async function bot(gateway: GatewayRegistry, token: string, intents: number, shard?: [number, number]): Promise<GatewayClient> {
  const { client, ready } = await gateway.login(token, { intents, ...(shard ? { shard } : {}) });
  for (const _guild of ready.guilds as unknown[]) await client.dispatch('GUILD_CREATE');
  started.set(client, client.received.length);
  return client;
}

/**
 * The dispatches the session got after its startup, once everything sent before now has
 * arrived: a heartbeat's ack comes after them on the same connection.
 */
async function heardSoFar(client: GatewayClient): Promise<Payload[]> {
  const acks = () => client.received.filter((payload) => payload.op === 11).length;
  const before = acks();
  client.send({ op: 1, d: null });
  await client.next((payload) => payload.op === 11 && acks() > before);
  return client.received.slice(started.get(client) ?? 0).filter((payload) => payload.op === 0);
}

/** The names of what a session heard after its start. */
async function events(client: GatewayClient): Promise<string[]> {
  return (await heardSoFar(client)).map((payload) => payload.t as string);
}

describe('installing and uninstalling an app through the management API', () => {
  it('sends GUILD_CREATE with the whole guild to the app\'s connected bot, then GUILD_DELETE', async () => {
    const gateway = await open();
    const other = await bot(gateway, TOKENS.otherBot, GUILDS);
    expect(other.received.some((payload) => payload.t === 'GUILD_CREATE' && (payload.d as { id: string }).id === WORLD.lab)).toBe(false);
    expect((await manage(gateway, 'PUT', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`)).status).toBe(204);
    const created = (await other.dispatch('GUILD_CREATE')).d as {
      id: string; name: string; unavailable: boolean; members: Array<{ user: { id: string } }>; channels: Array<{ id: string }>;
      threads: Array<{ id: string }>; roles: Array<{ id: string }>;
    };
    expect(created).toMatchObject({ id: WORLD.lab, name: 'Lab', unavailable: false });
    expect(created.members.map((member) => member.user.id)).toEqual(expect.arrayContaining([IDS.owner, WORLD.reader, IDS.otherApp]));
    expect(created.channels.map((channel) => channel.id)).toContain(WORLD.text);
    expect(created.threads.map((thread) => thread.id)).toContain(WORLD.thread);
    expect(created.roles.map((role) => role.id)).toEqual(expect.arrayContaining([WORLD.lab, WORLD.labHelper]));

    expect((await manage(gateway, 'DELETE', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`)).status).toBe(204);
    // Removed, not an outage: no `unavailable`, which discord.js reads as "the bot left".
    expect((await other.dispatch('GUILD_DELETE')).d).toEqual({ id: WORLD.lab });
  });

  it('tells the guild\'s other bots that the app\'s bot joined and left (GUILD_MEMBERS), and no one else', async () => {
    const gateway = await open();
    const watcher = await bot(gateway, TOKENS.bot, GUILDS | MEMBERS);
    const unprivileged = await bot(gateway, TOKENS.bot, GUILDS);
    const outsider = await bot(gateway, TOKENS.activityBot, GUILDS);
    await manage(gateway, 'PUT', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`);
    const joined = (await watcher.dispatch('GUILD_MEMBER_ADD')).d as { guild_id: string; user: { id: string; bot?: boolean }; roles: string[] };
    expect(joined).toMatchObject({ guild_id: WORLD.lab, user: { id: IDS.otherApp, bot: true }, roles: [] });
    await manage(gateway, 'DELETE', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`);
    const left = (await watcher.dispatch('GUILD_MEMBER_REMOVE')).d as { guild_id: string; user: { id: string } };
    expect(left).toMatchObject({ guild_id: WORLD.lab, user: { id: IDS.otherApp } });
    expect(await events(unprivileged)).toEqual([]);
    expect(await events(outsider)).toEqual([]);
  });

  it('sends nothing to a session without the GUILDS intent, and only to the shard that holds the guild', async () => {
    const gateway = await open();
    const silent = await bot(gateway, TOKENS.otherBot, 0);
    await manage(gateway, 'PUT', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`);
    expect(await events(silent)).toEqual([]);

    const shardZero = await bot(gateway, TOKENS.bot, GUILDS, [0, 2]);
    const shardOne = await bot(gateway, TOKENS.bot, GUILDS, [1, 2]);
    await manage(gateway, 'POST', `/guilds/${FAR_GUILD}/roles`, { name: 'Far role', permissions: '0' });
    expect((await shardOne.dispatch('GUILD_ROLE_CREATE')).d).toMatchObject({ guild_id: FAR_GUILD, role: { name: 'Far role' } });
    expect(await events(shardZero)).toEqual([]);
  });

  it('sends GUILD_CREATE when an import installs the app, and GUILD_UPDATE to the others when it renames the guild', async () => {
    const gateway = await open();
    const other = await bot(gateway, TOKENS.otherBot, GUILDS);
    const present = await bot(gateway, TOKENS.bot, GUILDS);
    const world = (await manage(gateway, 'GET', '/world')).body as { guilds: Array<{ id: string; name: string; applications: string[] }> };
    const dark = world.guilds.find((guild) => guild.id === WORLD.dark);
    if (!dark) throw new Error('no Dark guild');
    dark.applications.push(IDS.otherApp);
    dark.name = 'Darker';
    expect((await manage(gateway, 'PUT', '/world', world)).status).toBe(200);
    expect((await other.dispatch('GUILD_CREATE')).d).toMatchObject({ id: WORLD.dark, name: 'Darker' });
    expect((await present.dispatch('GUILD_UPDATE')).d).toMatchObject({ id: WORLD.dark, name: 'Darker', owner_id: IDS.owner });
    expect((await heardSoFar(other)).map((payload) => payload.t)).toEqual(['GUILD_CREATE']);
  });
});

describe('editing what is inside a guild', () => {
  it('sends roles, channels and threads to the guild\'s bots with GUILDS, members to those with GUILD_MEMBERS', async () => {
    const gateway = await open();
    const full = await bot(gateway, TOKENS.bot, GUILDS | MEMBERS);
    const guildsOnly = await bot(gateway, TOKENS.bot, GUILDS);

    const role = (await manage(gateway, 'POST', `/guilds/${WORLD.lab}/roles`, { name: 'Managers', permissions: '32' })).body as { id: string };
    const roleCreate = { guild_id: WORLD.lab, role: { id: role.id, name: 'Managers', permissions: '32', position: 2 } };
    expect((await full.dispatch('GUILD_ROLE_CREATE')).d).toMatchObject(roleCreate);
    expect((await guildsOnly.dispatch('GUILD_ROLE_CREATE')).d).toMatchObject(roleCreate);

    await manage(gateway, 'PUT', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`, { roles: [role.id], nick: 'Stray' });
    expect((await full.dispatch('GUILD_MEMBER_ADD')).d).toMatchObject({ guild_id: WORLD.lab, user: { id: WORLD.stranger }, roles: [role.id], nick: 'Stray' });
    await manage(gateway, 'PUT', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`, { roles: [] });
    expect((await full.dispatch('GUILD_MEMBER_UPDATE')).d).toMatchObject({ guild_id: WORLD.lab, user: { id: WORLD.stranger }, roles: [], nick: null });

    const channel = (await manage(gateway, 'POST', `/guilds/${WORLD.lab}/channels`, { name: 'ideas', type: 0, parent_id: WORLD.category })).body as { id: string };
    expect((await full.dispatch('CHANNEL_CREATE')).d).toMatchObject({ id: channel.id, guild_id: WORLD.lab, name: 'ideas', type: 0, parent_id: WORLD.category });
    const thread = (await manage(gateway, 'POST', `/guilds/${WORLD.lab}/channels`, { name: 'first', type: 11, parent_id: channel.id })).body as { id: string };
    expect((await full.dispatch('THREAD_CREATE')).d).toMatchObject({ id: thread.id, parent_id: channel.id, newly_created: true });
    await manage(gateway, 'PUT', `/channels/${channel.id}`, { guild_id: WORLD.lab, name: 'ideas-2', type: 0, nsfw: true });
    expect((await full.dispatch('CHANNEL_UPDATE')).d).toMatchObject({ id: channel.id, name: 'ideas-2', nsfw: true, parent_id: null });
    await manage(gateway, 'DELETE', `/channels/${channel.id}`);
    expect((await full.dispatch('CHANNEL_DELETE')).d).toMatchObject({ id: channel.id, guild_id: WORLD.lab });
    expect((await full.dispatch('THREAD_DELETE')).d).toEqual({ id: thread.id, guild_id: WORLD.lab, parent_id: channel.id, type: 11 });

    await manage(gateway, 'PUT', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`, { roles: [role.id] });
    await full.dispatch('GUILD_MEMBER_UPDATE');
    await manage(gateway, 'DELETE', `/guilds/${WORLD.lab}/roles/${role.id}`);
    // The role is taken from its holder before it goes.
    expect((await full.dispatch('GUILD_MEMBER_UPDATE')).d).toMatchObject({ user: { id: WORLD.stranger }, roles: [] });
    expect((await full.dispatch('GUILD_ROLE_DELETE')).d).toEqual({ guild_id: WORLD.lab, role_id: role.id });
    await manage(gateway, 'DELETE', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`);
    expect((await full.dispatch('GUILD_MEMBER_REMOVE')).d).toMatchObject({ guild_id: WORLD.lab, user: { id: WORLD.stranger, username: 'stranger' } });

    expect(await events(guildsOnly)).toEqual([
      'GUILD_ROLE_CREATE', 'CHANNEL_CREATE', 'THREAD_CREATE', 'CHANNEL_UPDATE', 'CHANNEL_DELETE', 'THREAD_DELETE', 'GUILD_ROLE_DELETE',
    ]);
  });

  it('tells bots a person left every guild when they are deleted, and sends nothing for a refused edit', async () => {
    const gateway = await open();
    const full = await bot(gateway, TOKENS.bot, GUILDS | MEMBERS);
    expect((await manage(gateway, 'POST', `/guilds/${WORLD.lab}/roles`, { name: '', permissions: '0' })).status).toBe(400);
    expect((await manage(gateway, 'DELETE', `/users/${WORLD.reader}`)).status).toBe(204);
    const removed = await heardSoFar(full);
    expect(removed.map((payload) => [payload.t, (payload.d as { guild_id: string }).guild_id]).sort())
      .toEqual([['GUILD_MEMBER_REMOVE', WORLD.dark], ['GUILD_MEMBER_REMOVE', WORLD.lab]].sort());
    // A person's own client session is not a bot: it hears WORLD_UPDATE, never these.
    const client = (await gateway.login(WORLD_TOKENS.stranger, { intents: undefined })).client;
    await manage(gateway, 'POST', `/guilds/${WORLD.lab}/roles`, { name: 'Quiet', permissions: '0' });
    await client.dispatch('WORLD_UPDATE');
    expect(client.received.some((payload) => payload.t === 'GUILD_ROLE_CREATE')).toBe(false);
  });
});
