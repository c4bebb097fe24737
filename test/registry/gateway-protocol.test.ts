/**
 * The gateway protocol as a bot library meets it on the wire: HELLO, IDENTIFY and READY
 * with one GUILD_CREATE per guild, heartbeats, every close code a client can cause,
 * RESUME with replay, INVALID_SESSION, shard routing, and the discovery routes.
 */
import { Decompress } from 'fzstd';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../src/registry/app.js';
import { AdjustableClock } from '../../src/registry/driver/adjustable-clock.js';
import { DEFAULT_HEARTBEAT_INTERVAL, HEARTBEAT_GRACE } from '../../src/registry/gateway/protocol.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import { GatewayClient, type Payload } from '../helpers/gateway-client.js';
import { testStore } from '../helpers/test-store.js';
import { FAR_GUILD, gatewayRegistry, type GatewayRegistry } from '../helpers/gateway-registry.js';
import { slashInvocation } from '../helpers/interaction-harness.js';
import { fixtureWorld, IDS, slash, TOKENS } from '../helpers/test-registry.js';
import { WORLD } from '../helpers/world-registry.js';

const APP_GUILDS = [IDS.guild, WORLD.lab, WORLD.dark, FAR_GUILD];
const shardOf = (id: string, count: number) => Number((BigInt(id) >> 22n) % BigInt(count));

let registry: GatewayRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

async function open(options: Parameters<typeof gatewayRegistry>[0] = {}): Promise<GatewayRegistry> {
  registry = await gatewayRegistry(options);
  return registry;
}

/** Identifies and reads READY and every GUILD_CREATE; returns the last sequence number. */
async function fullLogin(gateway: GatewayRegistry, token: string = TOKENS.bot) {
  const { client, ready } = await gateway.login(token);
  const guilds: Payload[] = [];
  for (const _ of ready.guilds as unknown[]) guilds.push(await client.dispatch('GUILD_CREATE'));
  return { client, ready, guilds, seq: guilds.at(-1)?.s ?? 1 };
}

describe('gateway discovery', () => {
  it('answers /gateway with the ws URL of the Host the request reached', async () => {
    const gateway = await open();
    const response = await fetch(`${gateway.url}/api/v10/gateway`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: gateway.gatewayUrl });
    const named = await gateway.app.inject({ method: 'GET', url: '/api/v10/gateway', headers: { host: 'bench.test:8080' } });
    expect(named.json()).toEqual({ url: 'ws://bench.test:8080/gateway' });
  });

  it('answers /gateway/bot to a bot only, and counts its IDENTIFYs', async () => {
    const store = await testStore();
    await loadWorld(store, fixtureWorld(), { now: Date.now, nextId: () => '1' });
    const app = buildApp({ store });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const bot = (authorization?: string) =>
        fetch(`${base}/api/v10/gateway/bot`, { headers: authorization ? { authorization } : {} });
      for (const authorization of [undefined, TOKENS.owner, 'Bot nope']) {
        const refused = await bot(authorization);
        expect(refused.status).toBe(401);
        expect(await refused.json()).toEqual({ message: '401: Unauthorized', code: 0 });
      }
      type Body = { url: string; session_start_limit: { remaining: number; reset_after: number } };
      const body = await (await bot(`Bot ${TOKENS.bot}`)).json() as Body;
      expect(body).toEqual({
        url: `${base.replace('http', 'ws')}/gateway`, shards: 1,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: expect.any(Number), max_concurrency: 1 },
      });
      const client = await GatewayClient.open(body.url);
      client.identify(TOKENS.bot);
      await client.dispatch('READY');
      const after = await (await bot(`Bot ${TOKENS.bot}`)).json() as Body;
      expect(after.session_start_limit.remaining).toBe(999);
      expect(after.session_start_limit.reset_after).toBeLessThanOrEqual(86_400_000);
      await client.close();
    } finally {
      await app.close();
      await store.close();
    }
  });
});

describe('a bot session', () => {
  it('gets HELLO, then READY with its guilds unavailable, then one GUILD_CREATE per guild', async () => {
    const gateway = await open();
    const client = await gateway.connect();
    const hello = await client.next();
    expect(hello).toEqual({ t: null, s: null, op: 10, d: { heartbeat_interval: 41_250 } });
    client.identify(TOKENS.bot);
    const ready = await client.dispatch('READY');
    const d = ready.d as Record<string, unknown>;
    expect(ready.s).toBe(1);
    expect(d).toMatchObject({
      v: 10, user: { id: IDS.app, username: 'Test Bot', bot: true }, resume_gateway_url: gateway.gatewayUrl,
      shard: [0, 1], application: { id: IDS.app, flags: 0 },
    });
    expect(typeof d.session_id).toBe('string');
    expect((d.guilds as Array<{ id: string }>).map((guild) => guild.id).sort()).toEqual([...APP_GUILDS].sort());
    expect(d.guilds).toEqual(expect.arrayContaining([{ id: WORLD.lab, unavailable: true }]));

    const creates = new Map<string, Payload>();
    for (const _ of APP_GUILDS) {
      const create = await client.dispatch('GUILD_CREATE');
      creates.set((create.d as { id: string }).id, create);
    }
    expect([...creates.values()].map((create) => create.s)).toEqual([2, 3, 4, 5]);
    const lab = creates.get(WORLD.lab)?.d as Record<string, unknown>;
    expect(lab).toMatchObject({
      id: WORLD.lab, name: 'Lab', owner_id: IDS.owner, preferred_locale: 'ja', unavailable: false, large: false,
      features: [], emojis: [], stickers: [], voice_states: [], presences: [], stage_instances: [],
      guild_scheduled_events: [], icon: null, member_count: 3,
    });
    expect(typeof lab.joined_at).toBe('string');
    const channels = lab.channels as Array<{ id: string; type: number }>;
    expect(channels.map((channel) => channel.id)).toContain(WORLD.text);
    expect(channels.every((channel) => ![10, 11, 12].includes(channel.type))).toBe(true);
    expect((lab.threads as Array<{ id: string }>).map((thread) => thread.id).sort())
      .toEqual([WORLD.thread, WORLD.announcementThread, WORLD.privateThread].sort());
    expect((lab.roles as Array<{ id: string }>).map((role) => role.id)).toEqual([WORLD.lab, WORLD.labHelper]);
    const members = lab.members as Array<{ user: { id: string }; nick: string | null }>;
    expect(members.map((member) => member.user.id).sort()).toEqual([IDS.owner, WORLD.reader, IDS.app].sort());
    expect(members.find((member) => member.user.id === WORLD.reader)?.nick).toBe('Rea');
  });

  it('accepts a token with the "Bot " prefix too', async () => {
    const gateway = await open();
    const { ready } = await gateway.login(`Bot ${TOKENS.bot}`);
    expect((ready.user as { id: string }).id).toBe(IDS.app);
  });

  it('acks heartbeats, and sends op 1 when the server wants one', async () => {
    const gateway = await open();
    const client = await gateway.connect();
    await client.op(10);
    client.send({ op: 1, d: null });
    expect(await client.op(11)).toEqual({ t: null, s: null, op: 11, d: null });
    client.identify(TOKENS.bot);
    const ready = await client.dispatch('READY');
    client.send({ op: 1, d: ready.s });
    await client.op(11);
    expect(gateway.gateway.requestHeartbeat((ready.d as { session_id: string }).session_id)).toBe(true);
    expect(await client.op(1)).toEqual({ t: null, s: null, op: 1, d: null });
    expect(gateway.gateway.requestHeartbeat('no-such-session')).toBe(false);
  });

  it('answers REQUEST_GUILD_MEMBERS with a GUILD_MEMBERS_CHUNK', async () => {
    const gateway = await open();
    const { client } = await fullLogin(gateway);
    client.send({ op: 8, d: { guild_id: WORLD.lab, query: '', limit: 0, nonce: 'n1' } });
    const all = (await client.dispatch('GUILD_MEMBERS_CHUNK')).d as { members: Array<{ user: { id: string } }>; nonce: string };
    expect(all.nonce).toBe('n1');
    expect(all.members).toHaveLength(3);
    client.send({ op: 8, d: { guild_id: WORLD.lab, user_ids: [WORLD.reader, WORLD.stranger] } });
    const some = (await client.dispatch('GUILD_MEMBERS_CHUNK')).d as { members: Array<{ user: { id: string } }>; not_found: string[] };
    expect(some.members.map((member) => member.user.id)).toEqual([WORLD.reader]);
    expect(some.not_found).toEqual([WORLD.stranger]);
  });

  it('speaks zlib-stream when asked', async () => {
    const gateway = await open();
    const client = await gateway.connect('?v=10&encoding=json&compress=zlib-stream');
    expect((await client.op(10)).d).toEqual({ heartbeat_interval: 41_250 });
    client.identify(TOKENS.bot);
    expect(((await client.dispatch('READY')).d as { user: { id: string } }).user.id).toBe(IDS.app);
    await client.dispatch('GUILD_CREATE');
  });

  it('speaks zstd-stream when asked: every payload a zstd frame of one stream, as fzstd (discordeno) reads it', async () => {
    const gateway = await open();
    const socket = new WebSocket(`${gateway.gatewayUrl}?v=10&encoding=json&compress=zstd-stream`);
    const payloads: Payload[] = [];
    const waiting: Array<() => void> = [];
    const stream = new Decompress((bytes) => {
      payloads.push(JSON.parse(new TextDecoder().decode(bytes)) as Payload);
      waiting.splice(0).forEach((wake) => wake());
    });
    socket.on('message', (data: Buffer, binary: boolean) => {
      expect(binary).toBe(true);
      stream.push(new Uint8Array(data));
    });
    const next = async (where: (payload: Payload) => boolean): Promise<Payload> => {
      for (;;) {
        const found = payloads.find(where);
        if (found) return found;
        await new Promise<void>((wake) => waiting.push(wake));
      }
    };
    expect((await next((payload) => payload.op === 10)).d).toEqual({ heartbeat_interval: 41_250 });
    socket.send(JSON.stringify({ op: 2, d: { token: TOKENS.bot, intents: 0, properties: { os: 'linux', browser: 'test', device: 'test' } } }));
    expect((await next((payload) => payload.t === 'READY')).d).toMatchObject({ user: { id: IDS.app } });
    expect((await next((payload) => payload.t === 'GUILD_CREATE')).d).toMatchObject({ id: expect.any(String) });
    socket.send(JSON.stringify({ op: 1, d: null }));
    await next((payload) => payload.op === 11);
    socket.close();
  });

  it('closes a session that stops heartbeating with 4009, and lets it resume', async () => {
    // A held clock: the heartbeat deadline comes when the test moves it, however long the login took.
    const clock = new AdjustableClock(() => Date.UTC(2026, 10, 21, 12));
    const gateway = await open({ clock });
    const { client, ready, seq } = await fullLogin(gateway);
    // Heartbeats keep it open however long the clock runs between them...
    for (let beat = 0; beat < 3; beat++) {
      clock.advance(DEFAULT_HEARTBEAT_INTERVAL);
      client.send({ op: 1, d: seq });
      await client.op(11);
    }
    // ...and it closes once one is missed past the grace.
    clock.advance(Math.round(DEFAULT_HEARTBEAT_INTERVAL * HEARTBEAT_GRACE));
    expect((await client.closed).code).toBe(4009);
    const again = await gateway.connect();
    await again.op(10);
    again.send({ op: 6, d: { token: TOKENS.bot, session_id: ready.session_id, seq } });
    expect(await again.dispatch('RESUMED')).toMatchObject({ op: 0, t: 'RESUMED' });
  });
});

describe('close codes', () => {
  async function closedBy(send: (client: GatewayClient) => void, query?: string): Promise<number> {
    const gateway = registry ?? (await open());
    const client = await gateway.connect(query);
    send(client);
    return (await client.closed).code;
  }
  const identified = (after: (client: GatewayClient) => void) => (client: GatewayClient) => {
    client.identify(TOKENS.bot);
    void client.dispatch('READY').then(() => after(client), () => undefined);
  };

  it('4001 for an unknown opcode', async () => {
    expect(await closedBy((client) => client.send({ op: 99, d: null }))).toBe(4001);
  });
  it('4002 for a payload that is not JSON, not a payload, or too large', async () => {
    expect(await closedBy((client) => client.send('{not json'))).toBe(4002);
    expect(await closedBy((client) => client.send([1, 2]))).toBe(4002);
    expect(await closedBy((client) => client.send({ op: 1, d: 'x'.repeat(5000) }))).toBe(4002);
    expect(await closedBy((client) => client.send({ op: 2, d: 'not an object' }))).toBe(4002);
  });
  it('4002 for an encoding or compression the registry cannot speak', async () => {
    expect(await closedBy(() => undefined, '?v=10&encoding=etf')).toBe(4002);
    expect(await closedBy(() => undefined, '?v=10&encoding=json&compress=lz4-stream')).toBe(4002);
  });
  it('4003 for a payload before IDENTIFY', async () => {
    expect(await closedBy((client) => client.send({ op: 3, d: { status: 'online', afk: false, since: null, activities: [] } }))).toBe(4003);
  });
  it('4004 for a token nobody has', async () => {
    expect(await closedBy((client) => client.identify('not-a-token'))).toBe(4004);
    expect(await closedBy((client) => client.identify(`Bot ${TOKENS.owner}`))).toBe(4004);
  });
  it('4005 for a second IDENTIFY', async () => {
    expect(await closedBy(identified((client) => client.identify(TOKENS.bot)))).toBe(4005);
  });
  it('4007 for a RESUME from a sequence the session never reached', async () => {
    const gateway = await open();
    const { client, ready } = await fullLogin(gateway);
    await client.close(4200);
    expect(await closedBy((next) => next.send({ op: 6, d: { token: TOKENS.bot, session_id: ready.session_id, seq: 999 } }))).toBe(4007);
  });
  it('4008 past 120 payloads a minute', async () => {
    expect(await closedBy((client) => {
      for (let index = 0; index < 121; index += 1) client.send({ op: 1, d: null });
    })).toBe(4008);
  });
  it('4010 for a shard outside its count', async () => {
    expect(await closedBy((client) => client.identify(TOKENS.bot, { shard: [2, 2] }))).toBe(4010);
    expect(await closedBy((client) => client.identify(TOKENS.bot, { shard: [0, 0] }))).toBe(4010);
  });
  it('4012 for an API version the service does not serve (discontinued 3-5, or none such)', async () => {
    expect(await closedBy(() => undefined, '?v=5&encoding=json')).toBe(4012);
    expect(await closedBy(() => undefined, '?v=11&encoding=json')).toBe(4012);
    expect(await closedBy(() => undefined, '?v=nine&encoding=json')).toBe(4012);
  });
  it('serves the versions the service still serves (9, and deprecated 6-8) as 10', async () => {
    const gateway = registry ?? (await open());
    for (const version of [9, 8, 6]) {
      const client = await gateway.connect(`?v=${version}&encoding=json`);
      client.identify(TOKENS.bot);
      expect((await client.dispatch('READY')).d).toMatchObject({ v: 10, application: { id: IDS.app } });
      await client.close();
    }
  });
  it('4013 for intents that are not a bit set of known intents', async () => {
    expect(await closedBy((client) => client.identify(TOKENS.bot, { intents: -1 }))).toBe(4013);
    expect(await closedBy((client) => client.identify(TOKENS.bot, { intents: 1 << 30 }))).toBe(4013);
    expect(await closedBy((client) => client.identify(TOKENS.bot, { intents: 'all' }))).toBe(4013);
  });
  it('4014 for a privileged intent the app has not enabled', async () => {
    expect(await closedBy((client) => client.identify(TOKENS.bot, { intents: 1 | (1 << 1) }))).toBe(4014);
    expect(await closedBy((client) => client.identify(TOKENS.bot, { intents: 1 << 15 }))).toBe(4014);
  });
});

describe('resuming', () => {
  it('replays what the session missed after its seq, then RESUMED', async () => {
    const gateway = await open();
    const { client, ready, seq } = await fullLogin(gateway);
    await client.close(4200);
    expect(gateway.gateway.hasBotSession(IDS.app)).toBe(false);
    expect(gateway.gateway.dispatchToBot(IDS.app, 'TEST_MISSED', { n: 1 }, IDS.guild)).toBe(false);
    gateway.gateway.dispatchToBot(IDS.app, 'TEST_MISSED', { n: 2 }, null);

    const again = await gateway.connect();
    await again.op(10);
    again.send({ op: 6, d: { token: TOKENS.bot, session_id: ready.session_id, seq: seq - 1 } });
    const replayed = [await again.op(0), await again.op(0), await again.op(0), await again.op(0)];
    expect(replayed.map((payload) => [payload.t, payload.s])).toEqual([
      ['GUILD_CREATE', seq], ['TEST_MISSED', seq + 1], ['TEST_MISSED', seq + 2], ['RESUMED', seq + 3],
    ]);
    expect(replayed[2]?.d).toEqual({ n: 2 });
    expect(gateway.gateway.hasBotSession(IDS.app)).toBe(true);
    expect(gateway.gateway.dispatchToBot(IDS.app, 'TEST_LIVE', {}, IDS.guild)).toBe(true);
    expect((await again.dispatch('TEST_LIVE')).s).toBe(seq + 4);
  });

  it('keeps an interaction invoked while the bot is between connections, replays it on RESUME, and takes its answer', async () => {
    const gateway = await open();
    const { client, ready, seq } = await fullLogin(gateway);
    const created = await fetch(`${gateway.url}/api/v10/applications/${IDS.app}/guilds/${IDS.guild}/commands`, {
      method: 'POST', headers: { authorization: `Bot ${TOKENS.bot}`, 'content-type': 'application/json' }, body: JSON.stringify(slash('ping')),
    });
    const command = await created.json() as Record<string, unknown>;
    expect(gateway.gateway.liveBotSessions(IDS.app)).toEqual([ready.session_id]);
    // What every library does after RECONNECT: close with a code that keeps the session, then resume.
    expect(gateway.gateway.reconnect(ready.session_id as string)).toBe(true);
    await client.op(7);
    await client.close(4200);
    expect(gateway.gateway.hasBotSession(IDS.app)).toBe(false);
    expect(gateway.gateway.hasResumableBotSession(IDS.app, IDS.guild)).toBe(true);
    const invoked = await fetch(`${gateway.url}/api/v10/interactions`, {
      method: 'POST', headers: { authorization: TOKENS.member, 'content-type': 'application/json' }, body: JSON.stringify(slashInvocation(command)),
    });
    expect(invoked.status, await invoked.text()).toBe(204);
    const again = await gateway.connect();
    await again.op(10);
    again.send({ op: 6, d: { token: TOKENS.bot, session_id: ready.session_id, seq } });
    const interaction = (await again.dispatch('INTERACTION_CREATE')).d as { id: string; token: string; data: { name: string } };
    expect(interaction.data.name).toBe('ping');
    await again.dispatch('RESUMED');
    const answered = await fetch(`${gateway.url}/api/v10/interactions/${interaction.id}/${interaction.token}/callback`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 4, data: { content: 'Pong!' } }),
    });
    expect(answered.status, await answered.text()).toBe(204);
  });

  it('sends RECONNECT when asked, after which the client resumes', async () => {
    const gateway = await open();
    const { client, ready } = await fullLogin(gateway);
    expect(gateway.gateway.reconnect(ready.session_id as string)).toBe(true);
    expect(await client.op(7)).toEqual({ t: null, s: null, op: 7, d: null });
  });

  it('answers INVALID_SESSION false to an unknown, foreign or ended session', async () => {
    const gateway = await open();
    const { client, ready, seq } = await fullLogin(gateway);
    const attempt = async (token: string, sessionId: string) => {
      const next = await gateway.connect();
      await next.op(10);
      next.send({ op: 6, d: { token, session_id: sessionId, seq } });
      return next.op(9);
    };
    expect(await attempt(TOKENS.bot, 'no-such-session')).toEqual({ t: null, s: null, op: 9, d: false });
    expect(await attempt(TOKENS.otherBot, ready.session_id as string)).toEqual({ t: null, s: null, op: 9, d: false });
    // A client's own 1000 ends its session, as the service does.
    await client.close(1000);
    expect(await attempt(TOKENS.bot, ready.session_id as string)).toEqual({ t: null, s: null, op: 9, d: false });
  });
});

describe('sharding', () => {
  it('sends each guild to its shard and DMs to shard 0', async () => {
    const gateway = await open();
    expect(shardOf(FAR_GUILD, 2)).toBe(1);
    const zero = await gateway.login(TOKENS.bot, { shard: [0, 2] });
    const one = await gateway.login(TOKENS.bot, { shard: [1, 2] });
    const ids = (ready: Record<string, unknown>) => (ready.guilds as Array<{ id: string }>).map((guild) => guild.id).sort();
    expect(ids(zero.ready)).toEqual(APP_GUILDS.filter((id) => shardOf(id, 2) === 0).sort());
    expect(ids(one.ready)).toEqual([FAR_GUILD]);
    expect(one.ready.shard).toEqual([1, 2]);
    expect(((await one.client.dispatch('GUILD_CREATE')).d as { id: string }).id).toBe(FAR_GUILD);

    expect(gateway.gateway.dispatchToBot(IDS.app, 'TEST_FAR', { far: true }, FAR_GUILD)).toBe(true);
    expect(gateway.gateway.dispatchToBot(IDS.app, 'TEST_DM', { dm: true }, null)).toBe(true);
    expect((await one.client.dispatch('TEST_FAR')).d).toEqual({ far: true });
    await zero.client.dispatch('TEST_DM');
    expect(zero.client.received.some((payload) => payload.t === 'TEST_FAR')).toBe(false);
    expect(one.client.received.some((payload) => payload.t === 'TEST_DM')).toBe(false);
  });
});

describe('upgrades', () => {
  it('answers WebSocket upgrades only on /gateway', async () => {
    const gateway = await open();
    await expect(GatewayClient.open(gateway.gatewayUrl.replace('/gateway', '/elsewhere'))).rejects.toThrow();
    const slash = await GatewayClient.open(`${gateway.gatewayUrl}/`);
    expect((await slash.op(10)).op).toBe(10);
    await slash.close();
  });
});
