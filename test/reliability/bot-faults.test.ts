/**
 * Bots that fail (issue 10, faults): an HTTP endpoint that hangs, answers after the
 * deadline or just within it, stalls in the middle of its body, answers garbage (not JSON,
 * JSON of the wrong shape or callback type, a valid body without Content-Type
 * application/json, a body without end), closes or resets the connection, answers 500, or
 * answers 401 after passing verification; and a gateway bot that never answers. For each,
 * the client hears INTERACTION_FAILURE with the reason and a detail that names what the bot
 * did (the inspector's INTERACTION_BOT_RESPONSE carries the raw outcome), the registry gives
 * up at the deadline and closes the connection, and meanwhile it keeps serving: other bots'
 * interactions succeed and the API answers while a bad bot holds its request. A callback
 * that arrives late, before the registry's deadline timer has run, still ends in the
 * client hearing the deadline failure (a busy machine made it lose that event).
 *
 * The registry's clock is held (bot-faults-rig.ts): a deadline comes when a test advances
 * it, and the slow bots answer at moments of the same clock, so "before the deadline" and
 * "after it" never depend on how fast the machine is.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerJson, type BotHandler } from '../helpers/bot-server.js';
import type { Data, Dispatched } from '../helpers/client-session.js';
import { interactionHarness, slashInvocation } from '../helpers/interaction-harness.js';
import { slash } from '../helpers/test-registry.js';
import { faultRig, type BotKind, type FaultRig } from './bot-faults-rig.js';

/** Of the registry's held clock: it passes only when a test advances it. */
const DEADLINE_MS = 2500;
const WITHIN = /within 2\.5 s/;

const reply = (content: string) => ({ type: 4, data: { content } });

/** Interactions whose request the registry closed before the bot had answered it. */
const closedEarly = new Set<string>();
let rig: FaultRig;

/** Each interaction's request, once a holding bot has it. */
const arrivals = new Map<string, { arrived: Promise<void>; arrive: () => void }>();
function arrival(id: string) {
  let entry = arrivals.get(id);
  if (!entry) {
    let arrive!: () => void;
    entry = { arrived: new Promise<void>((resolve) => (arrive = resolve)), arrive };
    arrivals.set(id, entry);
  }
  return entry;
}
/** Resolves once a holding bot has interaction `id`'s request. */
const arrived = (id: string) => arrival(id).arrived;

/**
 * An HTTP handler that holds the request, answers it `answerAfterMs` later on the registry's
 * clock (never, for null), and notes when the registry gives up on it before that.
 */
function holding(answerAfterMs: number | null, answer: (response: ServerResponse) => void = (response) => answerJson(response, 200, reply('late'))): BotHandler {
  return (request, response) => {
    const { id } = JSON.parse(request.body) as { id: string };
    response.once('close', () => {
      if (!response.writableFinished) closedEarly.add(id);
    });
    if (answerAfterMs !== null) rig.clock.after(answerAfterMs, () => !response.destroyed && answer(response));
    arrival(id).arrive();
  };
}

/** What the endless bot wrote to each interaction's connection, and that connection. */
const endlessWrites = new Map<string, { socket: Socket; bytes: number }>();

const BOTS: Record<string, BotKind> = {
  'good-http': { http: (_request, response) => answerJson(response, 200, reply('pong')) },
  'good-gateway': { gateway: async (interaction, bot) => void (await bot.respond(interaction, reply('pong'))) },
  hang: { http: holding(null) },
  late: { http: holding(DEADLINE_MS + 1000) },
  'in-time': { http: holding(DEADLINE_MS / 2, (response) => answerJson(response, 200, reply('just in time'))) },
  'stalled-body': {
    http: (request, response) => {
      void holding(null)(request, response);
      response.writeHead(200, { 'content-type': 'application/json' }).write('{"type": 4, "da');
    },
  },
  'not-json': { http: (_request, response) => void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Welcome to nginx!</html>') },
  'wrong-shape': { http: (_request, response) => answerJson(response, 200, { content: 'no type here' }) },
  'wrong-callback-type': { http: (_request, response) => answerJson(response, 200, { type: 99 }) },
  'wrong-content-type': { http: (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(reply('pong'))) },
  endless: {
    http: (request, response) => {
      const written = { socket: response.socket!, bytes: 0 };
      endlessWrites.set((JSON.parse(request.body) as { id: string }).id, written);
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!response.destroyed) {
          written.bytes += chunk.length;
          if (!response.write(chunk)) break;
        }
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    },
  },
  'closes-connection': { http: (request, response) => void response.socket?.destroy() },
  'resets-connection': { http: (_request, response) => void response.socket?.resetAndDestroy() },
  'cut-body': {
    http: (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' }).write('{"type": 4, "data"', () => response.socket?.destroy());
    },
  },
  'error-500': { http: (_request, response) => void response.writeHead(500, { 'content-type': 'text/plain' }).end('TypeError: x is undefined') },
  'unauthorized-401': { http: (_request, response) => void response.writeHead(401, { 'content-type': 'text/plain' }).end('invalid request signature') },
  'silent-gateway': { gateway: async () => undefined },
};

beforeAll(async () => {
  rig = await faultRig(DEADLINE_MS, BOTS);
});
afterAll(() => rig?.close());

let nonces = 0;

/** Invokes `name`'s `/probe` as alice; answers the interaction id and nonce once it is accepted. */
async function invoke(name: string): Promise<{ id: string; nonce: string }> {
  const nonce = `${name}-${++nonces}`;
  const response = await rig.alice.invoke(rig.apps.get(name)!.command, { guildId: rig.guild, channelId: rig.channel, nonce });
  expect(response.status, await response.text()).toBe(204);
  const created = await rig.alice.event('INTERACTION_CREATE', (data) => data.nonce === nonce);
  return { id: created.d.id as string, nonce };
}

const about = (id: string) => (data: Data) => data.id === id;

/** The first terminal event of an interaction: its success or its failure. */
function ending(id: string): Promise<Dispatched> {
  return rig.alice.gateway.next((payload) => payload.op === 0 && (payload.t === 'INTERACTION_SUCCESS' || payload.t === 'INTERACTION_FAILURE') && about(id)(payload.d as Data))
    .then((payload) => ({ t: payload.t as string, s: payload.s as number, d: payload.d as Data }));
}

/** Invokes both good bots and waits for both to succeed; answers the later success. */
async function goodBotsServed(): Promise<Dispatched> {
  const answered = await Promise.all(['good-http', 'good-gateway'].map(async (name) => {
    const { id } = await invoke(name);
    const end = await ending(id);
    expect(end.t, `${name}: ${JSON.stringify(end.d)}`).toBe('INTERACTION_SUCCESS');
    return end;
  }));
  return answered.reduce((later, end) => (end.s > later.s ? end : later));
}

/** Every connection the registry opened to `name`'s endpoint is closed (it gave up, it did not leak them). */
async function connectionsClosed(name: string): Promise<void> {
  const server = rig.apps.get(name)!.server!;
  // Every socket in the set has yet to emit 'close' (it leaves the set then), a destroyed one included: it closes on a later tick.
  await Promise.all([...server.sockets].map((socket) => once(socket, 'close')));
  expect(server.sockets.size).toBe(0);
}

describe('a bot that does not answer in time', () => {
  it.each([
    ['hang', 'an endpoint that never answers'],
    ['late', 'an endpoint that answers after the deadline'],
    ['stalled-body', 'an endpoint that stops in the middle of its body'],
  ])('%s: %s fails at the deadline, while other bots and the API are served', async (name) => {
    const { id, nonce } = await invoke(name);
    await arrived(id);
    // While the bad bot holds its request: the good bots are answered, the API reads.
    const served = await goodBotsServed();
    const read = await fetch(`${rig.url}/api/v10/guilds/${rig.guild}/application-command-index?channel_id=${rig.channel}`, {
      headers: { authorization: rig.alice.token },
    });
    expect(read.status).toBe(200);
    expect(closedEarly.has(id), 'the request is still open before the deadline').toBe(false);
    expect(rig.apps.get(name)!.server!.sockets.size, 'the request is still open before the deadline').toBeGreaterThan(0);
    rig.clock.advance(DEADLINE_MS);
    const failure = await rig.alice.event('INTERACTION_FAILURE', about(id));
    expect(failure.d).toMatchObject({ nonce, reason: 'deadline' });
    expect(failure.d.detail).toMatch(WITHIN);
    expect(served.s, 'the good bots were answered before the bad one timed out').toBeLessThan(failure.s);
    expect((await rig.alice.event('INTERACTION_BOT_RESPONSE', about(id))).d).toMatchObject({ outcome: 'timeout' });
    await connectionsClosed(name);
    expect(closedEarly.has(id), 'the registry closed the request before the bot answered').toBe(true);
    // The token died with the deadline: an answer through the callback route comes too late.
    const received = rig.apps.get(name)!.server!.received.map((request) => JSON.parse(request.body) as Data).find(about(id));
    const late = await fetch(`${rig.url}/api/v10/interactions/${id}/${String(received?.token)}/callback`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(reply('sorry, I was busy')),
    });
    expect(late.status).toBe(404);
    expect(await late.json()).toEqual({ message: 'Unknown interaction', code: 10062 });
  });

  it('a gateway bot that never answers fails at the deadline, while other bots are served', async () => {
    const { id, nonce } = await invoke('silent-gateway');
    const served = await goodBotsServed();
    rig.clock.advance(DEADLINE_MS);
    const failure = await rig.alice.event('INTERACTION_FAILURE', about(id));
    expect(failure.d).toMatchObject({ nonce, reason: 'deadline' });
    expect(failure.d.detail).toMatch(WITHIN);
    expect(served.s).toBeLessThan(failure.s);
  });

  it('an endpoint that answers slowly but within the deadline succeeds', async () => {
    const { id } = await invoke('in-time');
    await arrived(id);
    const ended = ending(id);
    // Half the deadline passes: the bot answers then.
    rig.clock.advance(DEADLINE_MS / 2);
    const end = await ended;
    expect(end.t, JSON.stringify(end.d)).toBe('INTERACTION_SUCCESS');
    const message = await rig.alice.event('MESSAGE_CREATE', (data) => (data.interaction_metadata as { id?: string } | undefined)?.id === id);
    expect(message.d.content).toBe('just in time');
    const answer = await rig.alice.event('INTERACTION_BOT_RESPONSE', about(id));
    expect(answer.d).toMatchObject({ outcome: 'response', status: 200 });
    expect(closedEarly.has(id)).toBe(false);
    // The deadline passing afterwards changes nothing.
    rig.clock.advance(DEADLINE_MS);
    await rig.alice.sync();
    expect(rig.alice.dispatches().filter((event) => event.t === 'INTERACTION_FAILURE' && about(id)(event.d))).toEqual([]);
  });
});

describe('a bot that answers badly', () => {
  it.each([
    ['not-json', 'bad-body', /not JSON/],
    ['wrong-shape', 'bad-body', /integer "type"/],
    ['wrong-content-type', 'bad-body', /Content-Type "text\/plain".*application\/json/],
    ['endless', 'bad-body', /larger than 11 MiB/],
    ['closes-connection', 'network-error', /ECONNRESET|socket hang up/],
    ['resets-connection', 'network-error', /ECONNRESET/],
    ['cut-body', 'network-error', /ECONNRESET|aborted/],
    ['error-500', 'bad-status', /500/],
    ['unauthorized-401', 'bad-status', /401: it refused a correctly signed request/],
  ])('%s: the client hears endpoint-error with what the bot did (%s)', async (name, outcome, detail) => {
    const { id, nonce } = await invoke(name);
    const failure = await rig.alice.event('INTERACTION_FAILURE', about(id));
    expect(failure.d).toMatchObject({ nonce, reason: 'endpoint-error' });
    expect(failure.d.detail).toMatch(detail);
    expect(failure.d.detail).toContain(outcome);
    const answer = await rig.alice.event('INTERACTION_BOT_RESPONSE', about(id));
    expect(answer.d).toMatchObject({ outcome });
    expect(answer.d.error).toMatch(detail);
    // Nothing was posted for it, and the registry serves the next interaction as usual.
    await goodBotsServed();
    await rig.alice.sync();
    expect(rig.alice.dispatches().filter((event) => event.t === 'MESSAGE_CREATE' && (event.d.interaction_metadata as { id?: string } | undefined)?.id === id)).toEqual([]);
  });

  it('wrong-callback-type: a valid JSON answer of a type that does not exist is refused with the service error', async () => {
    const { id, nonce } = await invoke('wrong-callback-type');
    const failure = await rig.alice.event('INTERACTION_FAILURE', about(id));
    expect(failure.d).toMatchObject({ nonce, reason: 'invalid-response' });
    const refusal = JSON.parse(String(failure.d.detail).replace(/^[^{]*/, '')) as Data;
    expect(refusal).toMatchObject({ code: 50035, errors: { type: { _errors: [{ code: 'BASE_TYPE_CHOICES' }] } } });
  });

  it('an endless answer is cut off, not read into memory', async () => {
    const { id } = await invoke('endless');
    const failure = await rig.alice.event('INTERACTION_FAILURE', about(id));
    // The bot had a connection and wrote past the limit into it; the registry cut it, the bot never ends on its own.
    const written = endlessWrites.get(id);
    expect(written, 'the endless bot had the request').toBeDefined();
    expect(failure.d.detail).toMatch(/larger than 11 MiB/);
    if (!written!.socket.destroyed) await once(written!.socket, 'close');
    expect(written!.bytes).toBeGreaterThan(11 * 1024 * 1024);
    const bytes = written!.bytes;
    await connectionsClosed('endless');
    expect(written!.bytes, 'nothing more was written once the connection was cut').toBe(bytes);
  });
});

describe('a callback that comes after the deadline, before the registry noticed', () => {
  it('is refused with 10062 and the client still hears the deadline failure', async () => {
    // The harness's clock is the registry's: moving it past the deadline makes the callback
    // late while the deadline's own timer (real time) has not run yet, as on a busy machine.
    const harness = await interactionHarness();
    const command = await harness.command(slash('slow'));
    const delivered = harness.gateway.nextInteraction();
    expect((await harness.invoke(slashInvocation(command))).statusCode).toBe(204);
    const interaction = await delivered;
    harness.registry.clock.now += 3000;
    const late = await harness.callback(interaction, reply('too late'));
    expect([late.statusCode, late.json()]).toEqual([404, { message: 'Unknown interaction', code: 10062 }]);
    const failure = await harness.event('INTERACTION_FAILURE', (data) => data.id === interaction.id);
    expect(failure).toMatchObject({ nonce: 'n1', reason: 'deadline', detail: 'The app did not respond within 3 s.' });
    await harness.registry.store.close();
  });
});
