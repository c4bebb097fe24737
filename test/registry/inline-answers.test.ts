/**
 * An app's inline answer is applied a step at a time (interactions/inline-answers.ts): an
 * invocation that arrives meanwhile is delivered first, and every other request waits for
 * the answer, so that the app's next request finds it applied. Over sockets, with a bot
 * that checks signatures, on a registry listening on loopback.
 */
import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { InlineAnswers, nextTurn } from '../../src/registry/interactions/inline-answers.js';
import { answerJson, signatureCheckingBot, startBotServer, type BotHandler, type BotServer } from '../helpers/bot-server.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A registry whose app's endpoint is a signature-checking bot answering with `answer`, and a guild command to invoke. */
async function setUp(answer: BotHandler, inlineAnswers?: InlineAnswers): Promise<{ registry: ListeningRegistry; bot: BotServer; invocation: string }> {
  const registry = await builtRegistry(inlineAnswers ? { inlineAnswers } : {});
  closers.push(() => registry.close());
  const key = (await registry.store.world.application(EXAMPLE.app.id))!.public_key;
  const bot = await startBotServer(signatureCheckingBot(key, answer));
  closers.push(() => bot.close());
  await registry.store.world.setInteractionsEndpoint(EXAMPLE.app.id, bot.url);
  const created = await registry.app.inject({
    method: 'POST', url: `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`,
    headers: { authorization: `Bot ${EXAMPLE.app.token}` }, payload: { name: 'ping', description: 'Answers pong' },
  });
  const command = created.json<{ id: string; name: string; version: string }>();
  const invocation = JSON.stringify({
    type: 2, application_id: EXAMPLE.app.id, guild_id: EXAMPLE.guild, channel_id: EXAMPLE.general,
    data: { id: command.id, name: command.name, type: 1, version: command.version },
  });
  return { registry, bot, invocation };
}

/** POSTs `body` over a socket (as the client does); answers the status and body. */
function send(url: string, method: string, body: string, headers: Record<string, string>, agent?: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers: { 'content-type': 'application/json', ...headers }, ...(agent ? { agent } : {}) }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The interactions (not the PINGs) the bot has received. */
const interactionsAt = (bot: BotServer) => bot.received.filter((request) => (JSON.parse(request.body) as { type: number }).type !== 1);

describe('an inline answer being applied', () => {
  it('holds every request but an invocation until it has been applied', async () => {
    const inlineAnswers = new InlineAnswers();
    const { registry, bot, invocation } = await setUp((_request, response) => answerJson(response, 200, { type: 4, data: { content: 'pong' } }), inlineAnswers);
    const invoke = () => send(`${registry.url}/api/v10/interactions`, 'POST', invocation, { authorization: EXAMPLE.alice.token });
    // The first invocation verifies the endpoint.
    expect((await invoke()).status).toBe(204);
    await expect.poll(() => interactionsAt(bot)).toHaveLength(1);
    await expect.poll(() => inlineAnswers.settled()).toBeUndefined();
    let release!: () => void;
    const held = inlineAnswers.apply(() => new Promise<void>((resolve) => (release = resolve)));
    await nextTurn();
    let read = false;
    const reading = registry.app.inject({
      method: 'GET', url: `/api/v10/channels/${EXAMPLE.general}/messages`, headers: { authorization: `Bot ${EXAMPLE.app.token}` },
    }).then((answer) => {
      read = true;
      return answer;
    });
    // The person's invocation is answered, and delivered, while the answer is still held.
    expect(await invoke()).toEqual({ status: 204, body: '' });
    await expect.poll(() => interactionsAt(bot)).toHaveLength(2);
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    expect(read).toBe(false);
    release();
    await held;
    expect((await reading).statusCode).toBe(200);
  });

  it('is applied before the app\'s next request, sent right after it, is read', async () => {
    const agent = new Agent({ keepAlive: true });
    closers.push(async () => agent.destroy());
    const edits: Array<Promise<{ status: number; body: string }>> = [];
    let registryUrl = '';
    // Deferred, then @original edited at once on a connection already open: the edit reaches the registry with the answer.
    const { registry, bot, invocation } = await setUp((request, response) => {
      const { token } = JSON.parse(request.body) as { token: string };
      answerJson(response, 200, { type: 5 });
      edits.push(send(`${registryUrl}/api/v10/webhooks/${EXAMPLE.app.id}/${token}/messages/@original`, 'PATCH', JSON.stringify({ content: 'pong' }), {}, agent));
    });
    registryUrl = registry.url;
    // The connection the edits take, opened before the first of them.
    expect((await send(`${registry.url}/api/v10/gateway`, 'GET', '', {}, agent)).status).toBe(200);
    for (let round = 0; round < 10; round++) {
      expect((await send(`${registry.url}/api/v10/interactions`, 'POST', invocation, { authorization: EXAMPLE.alice.token })).status).toBe(204);
      await expect.poll(() => edits.length).toBe(round + 1);
      const edit = await edits[round]!;
      expect(edit.status, edit.body).toBe(200);
      expect(JSON.parse(edit.body)).toMatchObject({ content: 'pong', flags: 0 });
    }
    expect(interactionsAt(bot)).toHaveLength(10);
  });
});
