/**
 * An interactions-endpoint bot built the way discord-interactions documents it — its
 * `verifyKeyMiddleware(verify_key)` in front of a handler — on node:http (no Express: the
 * bot server from `bot-server.ts` hands the middleware the raw body, as `express.raw()`
 * would, and `header()`), pointed at a registry on a real port with
 * `PATCH /applications/@me`. The simulated client (alice's token) invokes its commands and
 * watches what happens on its event stream: an inline answer, a 202 + callback + follow-up,
 * the signed request the bot received, a bot that answers 500, and one that never answers
 * (on a held clock, so its deadline comes when the test says).
 */
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { InteractionResponseType, InteractionType, verifyKey, verifyKeyMiddleware } from 'discord-interactions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock } from '../../src/registry/driver/adjustable-clock.js';
import { DELIVERY_TIMEOUT_MS } from '../../src/registry/delivery/deliver-over-http.js';
import { answerJson, startBotServer, type BotHandler, type BotServer } from '../helpers/bot-server.js';
import { ClientSession, indexed, type Data } from '../helpers/client-session.js';
import { builtRegistry, EXAMPLE, startedRegistry, type ListeningRegistry } from '../helpers/listening-registry.js';

/** What the middleware uses of an Express request: `header()` and, when a body parser ran, `body`. */
type ExpressRequest = { header(name: string): string | undefined; body?: unknown };
type Middleware = (request: ExpressRequest, response: ServerResponse, next: () => void) => unknown;

interface Interaction {
  id: string;
  type: number;
  token: string;
  application_id: string;
  data: { name: string };
  member?: { user: { username: string } };
}

/** What the bot did with one interaction: the calls it made afterwards, for the test to check. */
interface BotWork {
  interaction: Interaction;
  /** The bot's HTTP answer to the delivery, once it is closed (by the bot or the registry). */
  answered: Promise<void>;
  /** The callback and follow-up statuses and bodies, for the deferred command. */
  calls?: Promise<Array<{ status: number; body: unknown }>>;
  /** For `wait`: answers late, through the callback route, after the test says so. */
  late?: (content: string) => Promise<{ status: number; body: unknown }>;
}

/** What the bot has taken, by interaction id; tests wait for an entry instead of polling. */
class BotLog {
  private readonly entries = new Map<string, BotWork>();
  private readonly waiters = new Map<string, (work: BotWork) => void>();

  get size(): number {
    return this.entries.size;
  }

  add(work: BotWork): void {
    this.entries.set(work.interaction.id, work);
    this.waiters.get(work.interaction.id)?.(work);
    this.waiters.delete(work.interaction.id);
  }

  /** Resolves when the bot's handler has taken the interaction `id`. */
  taken(id: string): Promise<BotWork> {
    const known = this.entries.get(id);
    return known ? Promise.resolve(known) : new Promise((resolve) => this.waiters.set(id, resolve));
  }
}

/** A header by name, whatever its case (node lowercases; the registry's inspector keeps the sender's case). */
function header(headers: IncomingHttpHeaders | Record<string, string>, name: string): string | undefined {
  const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads a JSON answer (or none). */
async function answer(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  return { status: response.status, body: text.length > 0 ? JSON.parse(text) : null };
}

const GUILD_COMMANDS = [
  { name: 'hello', description: 'Answered inline' },
  { name: 'report', description: 'Answered through the callback route, then followed up' },
  { name: 'crash', description: 'The bot fails' },
  { name: 'wait', description: 'The bot never answers' },
];

/**
 * The bot: the middleware checks every request (and answers PINGs itself); the handler
 * answers `hello` inline, `report` with 202 then the callback route and a follow-up,
 * `crash` with 500, and holds `wait` open without ever answering.
 */
function interactionsBot(registryUrl: string, publicKey: string, work: BotLog): BotHandler {
  const middleware = verifyKeyMiddleware(publicKey) as unknown as Middleware;
  const api = (path: string, body: unknown) => fetch(`${registryUrl}/api/v10${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  return (request, response) => {
    const express: ExpressRequest = { header: (name) => header(request.headers, name), body: request.body };
    void middleware(express, response, () => {
      const interaction = express.body as Interaction;
      const answered = new Promise<void>((resolve) => response.once('close', () => resolve()));
      const entry: BotWork = { interaction, answered };
      work.add(entry);
      if (interaction.type !== InteractionType.APPLICATION_COMMAND) return answerJson(response, 400, { error: 'unexpected' });
      switch (interaction.data.name) {
        case 'hello':
          return answerJson(response, 200, {
            type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
            data: { content: `Hello, ${interaction.member?.user.username}!` },
          });
        case 'report':
          response.writeHead(202).end();
          entry.calls = (async () => [
            await answer(await api(`/interactions/${interaction.id}/${interaction.token}/callback`, {
              type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content: 'Report: all systems go.' },
            })),
            await answer(await api(`/webhooks/${interaction.application_id}/${interaction.token}`, { content: 'Details: nothing to add.' })),
          ])();
          return undefined;
        case 'crash':
          response.writeHead(500, { 'content-type': 'text/plain' }).end('TypeError: cannot read properties of undefined');
          return undefined;
        default:
          // `wait`: never answers the delivery; it can still try the callback route later.
          entry.late = async (content) => answer(await api(`/interactions/${interaction.id}/${interaction.token}/callback`, {
            type: InteractionResponseType.CHANNEL_MESSAGE_WITH_SOURCE, data: { content },
          }));
          return undefined;
      }
    });
  };
}

interface Setup {
  registry: ListeningRegistry;
  bot: BotServer;
  alice: ClientSession;
  verifyKey: string;
  work: BotLog;
  /** The PATCH that set the endpoint URL, as the registry answered it. */
  saved: { status: number; body: Data };
}

const botRequest = (registry: ListeningRegistry, method: string, path: string, body?: unknown) => fetch(`${registry.url}/api/v10${path}`, {
  method,
  headers: { authorization: `Bot ${EXAMPLE.app.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

/** A registry, the bot on its own port with the app's verify_key, its URL saved, its commands registered, and alice connected. */
async function setUp(registry: ListeningRegistry): Promise<Setup> {
  const me = (await (await botRequest(registry, 'GET', '/applications/@me')).json()) as { verify_key: string };
  const work = new BotLog();
  const bot = await startBotServer(interactionsBot(registry.url, me.verify_key, work));
  const patched = await botRequest(registry, 'PATCH', '/applications/@me', { interactions_endpoint_url: bot.url });
  const saved = { status: patched.status, body: (await patched.json()) as Data };
  const put = await botRequest(registry, 'PUT', `/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`, GUILD_COMMANDS);
  if (put.status !== 200) throw new Error(`registering the commands answered ${put.status}: ${await put.text()}`);
  const alice = await ClientSession.open(registry.url, EXAMPLE.alice.token);
  return { registry, bot, alice, verifyKey: me.verify_key, work, saved };
}

async function tearDown(setup: Setup | undefined): Promise<void> {
  await setup?.alice.close();
  await setup?.bot.close();
  await setup?.registry.close();
}

const where = { guildId: EXAMPLE.guild, channelId: EXAMPLE.general };

/** Invokes a guild command by name as alice; answers the interaction id. */
async function invoke(setup: Setup, name: string, nonce: string): Promise<string> {
  const command = indexed(await setup.alice.index(EXAMPLE.guild, EXAMPLE.general), name);
  const response = await setup.alice.invoke(command, { ...where, nonce });
  expect(response.status, await response.text()).toBe(204);
  return (await setup.alice.event('INTERACTION_CREATE', (data) => data.nonce === nonce)).d.id as string;
}

const about = (id: string) => (data: Data) => data.id === id;
const messageOf = (id: string) => (data: Data) => (data.interaction_metadata as { id?: string } | undefined)?.id === id;

describe('an HTTP bot on verifyKeyMiddleware, with the service deadline', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp(await startedRegistry());
  });
  afterAll(() => tearDown(setup));

  it('had its endpoint URL verified when it was saved: a signed PING and a forged one', () => {
    expect(setup.saved.status, JSON.stringify(setup.saved.body)).toBe(200);
    expect(setup.saved.body.interactions_endpoint_url).toBe(setup.bot.url);
    // Two PINGs reached the bot; the middleware answered both itself, nothing reached the handler.
    expect(setup.bot.received.map((request) => JSON.parse(request.body).type)).toEqual([1, 1]);
    expect(setup.work.size).toBe(0);
  });

  it('answers inline, and the client sees the message and the signed request the bot received', async () => {
    const id = await invoke(setup, 'hello', 'hello-1');
    const message = (await setup.alice.event('MESSAGE_CREATE', messageOf(id))).d;
    expect(message).toMatchObject({ content: 'Hello, alice!', author: { id: EXAMPLE.app.id }, channel_id: EXAMPLE.general, type: 20 });
    expect((await setup.alice.event('INTERACTION_SUCCESS', about(id))).d).toEqual({ id, nonce: 'hello-1' });

    const delivery = (await setup.alice.event('INTERACTION_DELIVERY', about(id))).d as Data & {
      request: { url: string; headers: Record<string, string>; body: string };
    };
    expect(delivery).toMatchObject({ method: 'http', nonce: 'hello-1', application_id: EXAMPLE.app.id });
    expect(delivery.request.url).toBe(setup.bot.url);
    const signature = header(delivery.request.headers, 'x-signature-ed25519');
    const timestamp = header(delivery.request.headers, 'x-signature-timestamp');
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(timestamp).toMatch(/^\d+$/);
    expect(await verifyKey(delivery.request.body, signature!, timestamp!, setup.verifyKey)).toBe(true);
    expect(await verifyKey(delivery.request.body.replace('hello', 'hellp'), signature!, timestamp!, setup.verifyKey)).toBe(false);
    expect(JSON.parse(delivery.request.body)).toEqual(delivery.payload);
    // Exactly what the bot received, headers and raw body.
    const received = setup.bot.received.find((request) => request.body === delivery.request.body);
    expect(received?.headers['x-signature-ed25519']).toBe(signature);
    expect(received?.headers['x-signature-timestamp']).toBe(timestamp);

    expect((await setup.alice.event('INTERACTION_BOT_RESPONSE', about(id))).d).toMatchObject({
      outcome: 'response', status: 200, body: JSON.stringify({ type: 4, data: { content: 'Hello, alice!' } }),
    });
  });

  it('answers 202, then through the callback route, then follows up through the webhook', async () => {
    const id = await invoke(setup, 'report', 'report-1');
    const original = (await setup.alice.event('MESSAGE_CREATE', (data) => messageOf(id)(data) && data.content === 'Report: all systems go.')).d;
    expect(original).toMatchObject({ author: { id: EXAMPLE.app.id }, type: 20 });
    expect((await setup.alice.event('INTERACTION_SUCCESS', about(id))).d).toEqual({ id, nonce: 'report-1' });
    const followUp = (await setup.alice.event('MESSAGE_CREATE', (data) => messageOf(id)(data) && data.id !== original.id)).d;
    expect(followUp).toMatchObject({
      content: 'Details: nothing to add.', type: 0, interaction_metadata: { id, original_response_message_id: original.id },
    });
    expect((await setup.alice.event('INTERACTION_BOT_RESPONSE', about(id))).d).toMatchObject({ outcome: 'acknowledged', status: 202 });
    expect((await setup.alice.event('INTERACTION_CALLBACK', about(id))).d).toMatchObject({ status: 204, body: { type: 4 } });
    expect((await setup.alice.event('INTERACTION_WEBHOOK', about(id))).d).toMatchObject({
      method: 'POST', status: 200, path: `/api/v10/webhooks/${EXAMPLE.app.id}/<token>`,
    });
    const calls = await (await setup.work.taken(id)).calls;
    expect(calls?.map((call) => call.status)).toEqual([204, 200]);
    expect(calls?.[1]?.body).toMatchObject({ id: followUp.id, content: 'Details: nothing to add.' });
  });

  it('reports an endpoint that answers 500 as INTERACTION_FAILURE endpoint-error', async () => {
    const id = await invoke(setup, 'crash', 'crash-1');
    const failure = (await setup.alice.event('INTERACTION_FAILURE', about(id))).d;
    expect(failure).toMatchObject({ nonce: 'crash-1', reason: 'endpoint-error' });
    expect(failure.detail).toContain('500');
    expect((await setup.alice.event('INTERACTION_BOT_RESPONSE', about(id))).d).toMatchObject({
      outcome: 'bad-status', status: 500, body: 'TypeError: cannot read properties of undefined',
    });
    // No message and no success for it.
    await setup.alice.sync();
    const events = setup.alice.dispatches().filter((entry) => entry.d.id === id || messageOf(id)(entry.d)).map((entry) => entry.t);
    expect(events).not.toContain('INTERACTION_SUCCESS');
    expect(events).not.toContain('MESSAGE_CREATE');
  });
});

describe('an HTTP bot that never answers, on a held clock', () => {
  let setup: Setup;
  // The registry's clock stands still: the deadline comes when the test moves it, not when the machine is slow.
  const started = Date.now();
  const clock = new AdjustableClock(() => started);
  beforeAll(async () => {
    setup = await setUp(await builtRegistry({ clock }));
  });
  afterAll(() => tearDown(setup));

  it('fails the interaction with INTERACTION_FAILURE deadline, while the registry keeps serving', async () => {
    expect(setup.saved.status, JSON.stringify(setup.saved.body)).toBe(200);
    const id = await invoke(setup, 'wait', 'wait-1');
    // The bot holds the delivery open; meanwhile the registry answers the client and delivers another interaction.
    const held = await setup.work.taken(id);
    const other = await invoke(setup, 'hello', 'hello-2');
    expect((await setup.alice.event('MESSAGE_CREATE', messageOf(other))).d).toMatchObject({ content: 'Hello, alice!' });
    const served = await setup.alice.event('INTERACTION_SUCCESS', about(other));

    // Then the deadline passes.
    clock.advance(DELIVERY_TIMEOUT_MS);
    const failure = await setup.alice.event('INTERACTION_FAILURE', about(id));
    expect(failure.d).toMatchObject({ nonce: 'wait-1', reason: 'deadline' });
    // The other interaction was answered while this one still waited.
    expect(served.s).toBeLessThan(failure.s);
    expect((await setup.alice.event('INTERACTION_BOT_RESPONSE', about(id))).d).toMatchObject({ outcome: 'timeout' });
    // The registry gave up on the request: the bot's side of it is closed, no socket is left hanging.
    await held.answered;
    // A late answer through the callback route is refused: the token died with the deadline.
    const late = await held.late!('Sorry, I was busy.');
    expect(late).toMatchObject({ status: 404, body: { code: 10062 } });
  });
});
