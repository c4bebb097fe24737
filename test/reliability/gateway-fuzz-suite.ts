/**
 * The gateway under bad input, over a real WebSocket: garbage and binary frames, frames past
 * the size limits, unknown opcodes, payloads with the wrong types, IDENTIFY twice and in
 * floods, payloads before IDENTIFY, bad tokens, bad shards and intents, and sessions that
 * stop heartbeating. Each is closed with the close code api-facts.md gives for it, and a
 * bot session connected beside them keeps being served throughout.
 *
 * The property half sends random sequences of frames; shared by the normal suite
 * (`gateway-fuzz.test.ts`) and the stress run (`test/stress/fuzz-gateway.test.ts`).
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/registry/app.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { openStore } from '../../src/registry/store/store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import { GatewayClient } from '../helpers/gateway-client.js';
import { RawGateway } from '../helpers/raw-gateway.js';
import { fixtureWorld, IDS, TOKENS } from '../helpers/test-registry.js';

// api-facts.md, "Gateway": the close codes a client can cause.
export const CLOSE = {
  unknownOpcode: 4001, decodeError: 4002, notAuthenticated: 4003, authenticationFailed: 4004, alreadyAuthenticated: 4005,
  invalidSeq: 4007, rateLimited: 4008, sessionTimedOut: 4009, invalidShard: 4010, invalidVersion: 4012, invalidIntents: 4013,
  disallowedIntents: 4014,
} as const;
/** RFC 6455 "message too big": past 64 KiB `ws` stops reading a frame before the gateway sees it. */
const MESSAGE_TOO_BIG = 1009;
/** What a client's frames may make the server close with (4009 takes a silent minute; 4000 is the server's own failure). */
const CLIENT_CAUSED: ReadonlySet<number> = new Set([
  CLOSE.unknownOpcode, CLOSE.decodeError, CLOSE.notAuthenticated, CLOSE.authenticationFailed, CLOSE.alreadyAuthenticated,
  CLOSE.invalidSeq, CLOSE.rateLimited, CLOSE.invalidShard, CLOSE.invalidIntents, CLOSE.disallowedIntents,
]);

/** A frame a client may send: JSON text, raw text or raw bytes. */
type Frame = { json: unknown } | { text: string } | { bytes: Uint8Array };

const token = fc.oneof(
  fc.constantFrom(TOKENS.bot, `Bot ${TOKENS.bot}`, TOKENS.otherBot, TOKENS.owner, 'Bot ', '', 'not-a-token', `Bearer ${TOKENS.bot}`, 'x'.repeat(600)),
  fc.anything({ maxDepth: 1 }),
);
const identifyData = fc.record({
  token,
  properties: fc.oneof(fc.constant({ os: 'linux', browser: 'fuzz', device: 'fuzz' }), fc.anything({ maxDepth: 2 })),
  intents: fc.oneof(fc.constantFrom(0, 1, 513, 32767, -1, 2 ** 31, 2 ** 53, 1.5), fc.anything({ maxDepth: 1 })),
  shard: fc.oneof(fc.constantFrom([0, 1], [1, 2], [2, 2], [0, 0], [-1, 2], [0, 2048], 'x', null), fc.anything({ maxDepth: 1 })),
  compress: fc.oneof(fc.boolean(), fc.anything({ maxDepth: 1 })),
  large_threshold: fc.anything({ maxDepth: 1 }),
}, { requiredKeys: ['token'] });
const resumeData = fc.record({
  token, session_id: fc.oneof(fc.stringMatching(/^[0-9a-f]{32}$/), fc.anything({ maxDepth: 1 })),
  seq: fc.oneof(fc.nat(), fc.constant(null), fc.anything({ maxDepth: 1 })),
}, { requiredKeys: [] });
const memberRequest = fc.record({
  guild_id: fc.oneof(fc.constant(IDS.guild), fc.array(fc.constantFrom(IDS.guild, IDS.emptyGuild, 'x')), fc.anything({ maxDepth: 1 })),
  query: fc.oneof(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 1 })),
  limit: fc.oneof(fc.nat(), fc.constantFrom(-1, 1e12, 0.5), fc.anything({ maxDepth: 1 })),
  user_ids: fc.oneof(fc.array(fc.constantFrom(IDS.owner, IDS.member, '1'), { maxLength: 5 }), fc.anything({ maxDepth: 1 })),
  nonce: fc.anything({ maxDepth: 1 }),
}, { requiredKeys: [] });

const opcode = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(1, 2, 3, 4, 6, 8, 31, 43) },
  { weight: 2, arbitrary: fc.constantFrom(0, 5, 7, 9, 10, 11, 12, 99, -1, 2 ** 31, 1.5) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 1 }) },
);
const payload = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant(2), d: identifyData }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant(6), d: resumeData }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant(8), d: memberRequest }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant(1), d: fc.oneof(fc.constant(null), fc.nat(), fc.anything({ maxDepth: 1 })) }) },
  { weight: 3, arbitrary: fc.record({ op: opcode, d: fc.anything({ maxDepth: 3 }), s: fc.anything({ maxDepth: 0 }), t: fc.anything({ maxDepth: 0 }) }, { requiredKeys: ['op'] }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);
export const frame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 8, arbitrary: payload.map<Frame>((json) => ({ json })) },
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('{', '{"op":', 'null', '[]', '{"op":1}', `{"op":1,"d":"${'x'.repeat(4100)}"}`)).map<Frame>((text) => ({ text })) },
  { weight: 1, arbitrary: fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(Buffer.from('{"op":1,"d":null}'))).map<Frame>((bytes) => ({ bytes })) },
);

function send(client: { socket: GatewayClient['socket'] }, sent: Frame): void {
  if ('json' in sent) client.socket.send(JSON.stringify(sent.json) ?? 'null');
  else if ('text' in sent) client.socket.send(sent.text);
  else client.socket.send(Buffer.from(sent.bytes), { binary: true });
}

/** A heartbeat frame of exactly `bytes` bytes (`{"op":1,"d":""}` is 15). */
function heartbeatOf(bytes: number): Frame {
  return { text: JSON.stringify({ op: 1, d: 'x'.repeat(bytes - 15) }) };
}

let requests = 0;

/** Whether the bot session beside the fuzz is still served: it asks for a member and gets its own answer. */
async function stillServed(bystander: GatewayClient): Promise<boolean> {
  const nonce = `served-${++requests}`;
  const answer = bystander.next((payload) => payload.t === 'GUILD_MEMBERS_CHUNK' && (payload.d as { nonce?: string }).nonce === nonce);
  bystander.send({ op: 8, d: { guild_id: IDS.guild, user_ids: [IDS.owner], nonce } });
  try {
    return ((await answer).d as { members: unknown[] }).members.length === 1;
  } catch {
    return false;
  }
}

/** A registry on a loopback port with its own gateway (the one `/gateway/bot` counts IDENTIFYs for). */
interface Listening {
  app: FastifyInstance;
  /** `ws://127.0.0.1:PORT/gateway` */
  url: string;
  connect(query?: string): Promise<GatewayClient>;
  /** A bot session that heartbeats on time, as a library's does. */
  bot(): Promise<GatewayClient>;
  close(): Promise<void>;
}

async function listening(heartbeatInterval?: number): Promise<Listening> {
  const now = Date.now;
  const nextId = createSnowflakeGenerator(now);
  const store = openStore(':memory:');
  await loadWorld(store, fixtureWorld(), { now, nextId });
  const app = buildApp({
    store, now, nextId, clientDirectory: null, routeLimit: { limit: 1_000_000, windowMs: 1000 },
    ...(heartbeatInterval === undefined ? {} : { heartbeatInterval }),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/gateway`;
  const clients: GatewayClient[] = [];
  const timers: NodeJS.Timeout[] = [];
  const connect = async (query = '?v=10&encoding=json') => {
    const client = await GatewayClient.open(url, query);
    clients.push(client);
    return client;
  };
  return {
    app, url, connect,
    async bot() {
      const client = await connect();
      const hello = await client.op(10);
      client.identify(TOKENS.bot);
      await client.dispatch('READY');
      const interval = (hello.d as { heartbeat_interval: number }).heartbeat_interval;
      timers.push(setInterval(() => client.send({ op: 1, d: null }), interval / 2));
      return client;
    },
    async close() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(clients.map((client) => client.close()));
      await app.close();
      await store.close();
    },
  };
}

/** Registers the suite; `runs` random frame sequences in the property. */
export function gatewayFuzzSuite(runs: number): void {
  describe('the gateway under bad input', () => {
    let gateway: Listening;
    let bystander: GatewayClient;
    beforeAll(async () => {
      gateway = await listening();
      bystander = await gateway.bot();
    });
    afterAll(() => gateway.close());

    /** The close code a fresh connection gets after `frames`. */
    const closedBy = async (frames: Frame[], query?: string): Promise<number> => {
      const client = await gateway.connect(query);
      for (const sent of frames) send(client, sent);
      return (await client.closed).code;
    };
    const identify = (d: Record<string, unknown> = {}): Frame =>
      ({ json: { op: 2, d: { token: TOKENS.bot, properties: { os: 'linux', browser: 'fuzz', device: 'fuzz' }, intents: 1, ...d } } });

    it('closes each kind of bad frame with its close code', async () => {
      const cases: Array<[string, Frame[], number, string?]> = [
        ['text that is not JSON', [{ text: '{"op": 1,' }], CLOSE.decodeError],
        ['binary bytes that are not JSON', [{ bytes: new Uint8Array([0xff, 0x00, 0x9c, 0x78]) }], CLOSE.decodeError],
        ['JSON that is not a payload', [{ json: [1, 2, 3] }], CLOSE.decodeError],
        ['null', [{ json: null }], CLOSE.decodeError],
        ['an opcode that is a string', [{ json: { op: '1', d: null } }], CLOSE.decodeError],
        ['an opcode that is a fraction', [{ json: { op: 1.5, d: null } }], CLOSE.decodeError],
        ['no opcode', [{ json: { d: null } }], CLOSE.decodeError],
        ['a heartbeat of 4097 bytes', [heartbeatOf(4097)], CLOSE.decodeError],
        ['a heartbeat of 60 KiB', [heartbeatOf(60 * 1024)], CLOSE.decodeError],
        ['a frame past 64 KiB, which is never read', [{ text: 'x'.repeat(65 * 1024) }], MESSAGE_TOO_BIG],
        ['an unknown opcode', [{ json: { op: 99, d: null } }], CLOSE.unknownOpcode],
        ['a dispatch from the client', [{ json: { op: 0, d: {}, s: 1, t: 'READY' } }], CLOSE.unknownOpcode],
        ['HELLO from the client', [{ json: { op: 10, d: { heartbeat_interval: 1 } } }], CLOSE.unknownOpcode],
        ['a heartbeat ACK from the client', [{ json: { op: 11, d: null } }], CLOSE.unknownOpcode],
        ['a presence update before IDENTIFY', [{ json: { op: 3, d: { status: 'online', afk: false, since: null, activities: [] } } }], CLOSE.notAuthenticated],
        ['a member request before IDENTIFY', [{ json: { op: 8, d: { guild_id: IDS.guild, limit: 0 } } }], CLOSE.notAuthenticated],
        ['IDENTIFY whose data is a string', [{ json: { op: 2, d: 'token' } }], CLOSE.decodeError],
        ['IDENTIFY whose token is a number', [identify({ token: 42 })], CLOSE.authenticationFailed],
        ['IDENTIFY with an unknown token', [identify({ token: 'nobody' })], CLOSE.authenticationFailed],
        ['IDENTIFY with an OAuth2 Bearer prefix', [identify({ token: `Bearer ${TOKENS.bot}` })], CLOSE.authenticationFailed],
        ['IDENTIFY with a token of 600 characters', [identify({ token: 'x'.repeat(600) })], CLOSE.authenticationFailed],
        ['IDENTIFY twice', [identify(), identify()], CLOSE.alreadyAuthenticated],
        ['RESUME after IDENTIFY', [identify(), { json: { op: 6, d: { token: TOKENS.bot, session_id: 'x', seq: 0 } } }], CLOSE.alreadyAuthenticated],
        ['RESUME whose session id is a number', [{ json: { op: 6, d: { token: TOKENS.bot, session_id: 5, seq: 0 } } }], CLOSE.decodeError],
        ['RESUME with a negative seq', [{ json: { op: 6, d: { token: TOKENS.bot, session_id: 'x', seq: -1 } } }], CLOSE.decodeError],
        ['RESUME with an unknown token', [{ json: { op: 6, d: { token: 'nobody', session_id: 'x', seq: 0 } } }], CLOSE.authenticationFailed],
        ['a member request whose guild is not a snowflake', [identify(), { json: { op: 8, d: { guild_id: 'general' } } }], CLOSE.decodeError],
        ['a shard past its count', [identify({ shard: [1, 1] })], CLOSE.invalidShard],
        ['a negative shard', [identify({ shard: [-1, 2] })], CLOSE.invalidShard],
        ['a shard that is not a pair', [identify({ shard: 'zero' })], CLOSE.invalidShard],
        ['more shards than the gateway allows', [identify({ shard: [0, 100_000] })], CLOSE.invalidShard],
        ['intents that are a string', [identify({ intents: 'all' })], CLOSE.invalidIntents],
        ['intents past the known bits', [identify({ intents: 2 ** 40 })], CLOSE.invalidIntents],
        ['a privileged intent the app lacks', [identify({ intents: 1 << 1 })], CLOSE.disallowedIntents],
        ['121 payloads within a minute', Array.from({ length: 121 }, () => ({ json: { op: 1, d: null } })), CLOSE.rateLimited],
      ];
      const wrong: string[] = [];
      for (const [name, frames, expected] of cases) {
        const code = await closedBy(frames);
        if (code !== expected) wrong.push(`${name}: closed with ${code}, expected ${expected}`);
      }
      for (const [name, query, expected] of [
        ['API version 5 (discontinued)', '?v=5&encoding=json', CLOSE.invalidVersion], ['ETF', '?v=10&encoding=etf', CLOSE.decodeError],
        ['lz4-stream (no such compression)', '?v=10&encoding=json&compress=lz4-stream', CLOSE.decodeError],
      ] as const) {
        const code = await closedBy([], query);
        if (code !== expected) wrong.push(`${name}: closed with ${code}, expected ${expected}`);
      }
      expect(wrong).toEqual([]);
      expect(await stillServed(bystander)).toBe(true);
    });

    it('answers a heartbeat before IDENTIFY, and a JSON payload in a binary frame like a text one', async () => {
      const client = await gateway.connect();
      client.socket.send(Buffer.from(JSON.stringify({ op: 1, d: null })), { binary: true });
      expect(await client.op(11)).toMatchObject({ op: 11 });
      // The largest frame the gateway reads.
      send(client, heartbeatOf(4096));
      expect(await client.op(11)).toMatchObject({ op: 11 });
      client.socket.send(Buffer.from(JSON.stringify({ op: 2, d: { token: TOKENS.bot, intents: 1, properties: {} } })), { binary: true });
      expect((await client.dispatch('READY')).d).toMatchObject({ user: { id: IDS.app } });
      await client.close();
    });

    it('survives a flood of IDENTIFYs: one READY per connection, 4005 for the rest', async () => {
      const starts = async () => (await gateway.app.inject({ method: 'GET', url: '/api/v10/gateway/bot', headers: { authorization: `Bot ${TOKENS.bot}` } }))
        .json<{ session_start_limit: { remaining: number } }>().session_start_limit.remaining;
      const before = await starts();
      const clients = await Promise.all(Array.from({ length: 25 }, () => gateway.connect()));
      for (const client of clients) for (let index = 0; index < 10; index += 1) send(client, identify());
      const closes = await Promise.all(clients.map((client) => client.closed));
      expect(closes.map((closed) => closed.code)).toEqual(clients.map(() => CLOSE.alreadyAuthenticated));
      expect(clients.map((client) => client.received.filter((received) => received.t === 'READY').length)).toEqual(clients.map(() => 1));
      // Every READY spent one session start, and no refused IDENTIFY did.
      expect(await starts()).toBe(before - clients.length);
      expect(await stillServed(bystander)).toBe(true);
    });

    it(`closes every random frame sequence with a code a client can cause, or keeps serving it (${runs} sequences)`, async () => {
      const seen = new Map<number | 'open', number>();
      await fc.assert(fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 6 }), async (frames) => {
        const client = await RawGateway.open(`${gateway.url}?v=10&encoding=json`);
        await client.next((received) => received.op === 10);
        for (const sent of frames) send(client, sent);
        client.send(JSON.stringify({ op: 1, d: null }));
        // An ack (this heartbeat's, or an earlier one's) or the server's close; then our own
        // close, which reports the server's code instead when the server was closing first.
        const answered = await client.next((received) => received.op === 11);
        const outcome = 'op' in answered ? await client.close() : answered;
        const readies = client.received.filter((received) => received.t === 'READY').length;
        expect(client.undecodable).toBe(0);
        if (outcome.code === 1000) {
          seen.set('open', (seen.get('open') ?? 0) + 1);
        } else {
          seen.set(outcome.code, (seen.get(outcome.code) ?? 0) + 1);
          expect(CLIENT_CAUSED.has(outcome.code), `closed with ${outcome.code} ${outcome.reason}`).toBe(true);
          // Codes that speak of the session's state agree with what the client was told.
          if (outcome.code === CLOSE.notAuthenticated) expect(readies).toBe(0);
          if (outcome.code === CLOSE.alreadyAuthenticated) expect(readies + client.received.filter((received) => received.t === 'RESUMED').length).toBe(1);
        }
        expect(readies).toBeLessThanOrEqual(1);
      }), { numRuns: runs });
      // The mix matters: sequences the gateway keeps serving, and several kinds of closes.
      expect(seen.get('open') ?? 0).toBeGreaterThan(0);
      expect([...seen.keys()].filter((key) => key !== 'open').length).toBeGreaterThan(4);
      expect(await stillServed(bystander)).toBe(true);
      expect((await gateway.app.inject({ method: 'GET', url: '/api/v10/gateway' })).statusCode).toBe(200);
    });
  });

  describe('missing heartbeats', () => {
    let gateway: Listening;
    beforeAll(async () => {
      gateway = await listening(60);
    });
    afterAll(() => gateway.close());

    it('closes a silent session with 4009 after the interval and its grace, and one that never identified too', async () => {
      const client = await gateway.connect();
      client.identify(TOKENS.bot);
      await client.dispatch('READY');
      const silent = await gateway.connect();
      expect((await client.closed).code).toBe(CLOSE.sessionTimedOut);
      expect((await silent.closed).code).toBe(CLOSE.sessionTimedOut);
    });

    it('keeps a session that heartbeats on time, beside ones that time out', async () => {
      const client = await gateway.bot();
      const silent = await gateway.connect();
      expect((await silent.closed).code).toBe(CLOSE.sessionTimedOut);
      // Ten intervals' worth of acknowledged heartbeats, and still open.
      for (let acks = 0; acks < 10; acks += 1) await client.op(11);
      expect(client.socket.readyState).toBe(client.socket.OPEN);
      expect(await stillServed(client)).toBe(true);
    });
  });
}
