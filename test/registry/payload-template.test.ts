/**
 * A command's payload made from the last one's (interactions/payload-template.ts): the same
 * bytes as one built afresh but for its id, token and the channel's newest message, and a
 * new one as soon as anything it was made of changes. The module alone, then through a
 * registry on loopback delivering to a bot that checks signatures.
 */
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { encodedOnce } from '../../src/registry/domain/encoded-once.js';
import { fromTemplate, newTemplate, type Holes, type Made } from '../../src/registry/interactions/payload-template.js';
import { answerJson, signatureCheckingBot, startBotServer, type BotServer } from '../helpers/bot-server.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';

describe('a payload template', () => {
  const made = (holes: Holes, name = 'general'): Made => ({
    payload: {
      id: holes.id, type: 2, data: { name: 'say', options: [{ name: 'text', type: 3, value: 'quote " and é' }] },
      channel: { id: '5', name, last_message_id: holes.lastMessageId }, token: holes.token,
    },
    metadata: { id: holes.id, type: 2, user: { id: '1', username: 'alice', discriminator: '0', global_name: null, avatar: null }, authorizing_integration_owners: { 0: '9' } },
  });
  const holes = (id: string, lastMessageId: string | null): Holes => ({ id, token: `token-${id}`, lastMessageId });

  it('gives the payload made afresh, and its text, but for the holes', async () => {
    const owner = {};
    let makes = 0;
    const first = await newTemplate(owner, ['en-US'], holes('10', null), async (values) => {
      makes += 1;
      return made(values);
    });
    expect(first).toEqual(made(holes('10', null)));
    expect(encodedOnce(first.payload)).toBe(JSON.stringify(made(holes('10', null)).payload));
    const second = fromTemplate(owner, ['en-US'], holes('11', '10'));
    expect(second).toEqual(made(holes('11', '10')));
    expect(encodedOnce(second!.payload)).toBe(JSON.stringify(made(holes('11', '10')).payload));
    expect(makes).toBe(1);
  });

  it('is not used for another key or owner, and is replaced by the next one made', async () => {
    const owner = {};
    await newTemplate(owner, ['en-US', 'a'], holes('10', null), async (values) => made(values));
    expect(fromTemplate(owner, ['fr', 'a'], holes('11', null))).toBeUndefined();
    expect(fromTemplate(owner, ['en-US'], holes('11', null))).toBeUndefined();
    expect(fromTemplate({}, ['en-US', 'a'], holes('11', null))).toBeUndefined();
    await newTemplate(owner, ['fr', 'a'], holes('12', null), async (values) => made(values, 'général'));
    expect(fromTemplate(owner, ['en-US', 'a'], holes('13', null))).toBeUndefined();
    expect(fromTemplate(owner, ['fr', 'a'], holes('13', '12'))?.payload).toEqual(made(holes('13', '12'), 'général').payload);
  });

  it('is not kept when a hole does not come out of the payload exactly once, which is then made afresh', async () => {
    const owner = {};
    const twice = async (values: Holes): Promise<Made> => {
      const plain = made(values);
      return { ...plain, payload: { ...plain.payload, again: values.id } };
    };
    const payload = await newTemplate(owner, ['en-US'], holes('10', null), twice);
    expect(payload.payload).toMatchObject({ id: '10', again: '10' });
    expect(fromTemplate(owner, ['en-US'], holes('11', null))).toBeUndefined();
  });
});

// A command whose options name no id: its checked options are kept (invoke.ts), and so can be its payload.
describe('the payloads of a person\'s commands, one after another', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  async function setUp(): Promise<{ registry: ListeningRegistry; bot: BotServer; invoke: (headers?: Record<string, string>) => Promise<Record<string, unknown>> }> {
    const registry = await builtRegistry();
    closers.push(() => registry.close());
    const key = (await registry.store.world.application(EXAMPLE.app.id))!.public_key;
    const bot = await startBotServer(signatureCheckingBot(key, (_request, response) => answerJson(response, 200, { type: 4, data: { content: 'pong' } })));
    closers.push(() => bot.close());
    await registry.store.world.setInteractionsEndpoint(EXAMPLE.app.id, bot.url);
    const command = (await registry.app.inject({
      method: 'POST', url: `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`,
      headers: { authorization: `Bot ${EXAMPLE.app.token}` }, payload: { name: 'say', description: 'Says', options: [{ name: 'text', type: 3, description: 'What' }] },
    })).json<{ id: string; name: string; version: string }>();
    const body = JSON.stringify({
      type: 2, application_id: EXAMPLE.app.id, guild_id: EXAMPLE.guild, channel_id: EXAMPLE.general,
      data: { id: command.id, name: command.name, type: 1, version: command.version, options: [{ name: 'text', type: 3, value: 'quote " and é' }] },
    });
    const delivered = () => bot.received.filter((request) => (JSON.parse(request.body) as { type: number }).type === 2);
    const invoke = async (headers: Record<string, string> = {}) => {
      const before = delivered().length;
      const status = await new Promise<number>((resolve, reject) => {
        const sent = httpRequest(`${registry.url}/api/v10/interactions`, {
          method: 'POST', headers: { 'content-type': 'application/json', authorization: EXAMPLE.alice.token, ...headers },
        }, (response) => response.resume().on('end', () => resolve(response.statusCode ?? 0)));
        sent.on('error', reject);
        sent.end(body);
      });
      expect(status).toBe(204);
      await expect.poll(() => delivered().length).toBe(before + 1);
      // The app's answer applied: the next payload's channel names its message.
      const text = delivered()[before]!.body;
      const payload = JSON.parse(text) as Record<string, unknown>;
      await expect.poll(async () => (await registry.store.messages.lastMessageId(EXAMPLE.general)) !== (payload.channel as { last_message_id: unknown }).last_message_id).toBe(true);
      return { ...payload, text };
    };
    return { registry, bot, invoke };
  }

  /** The payload's text with another's id, token and channel's newest message put in. */
  const withHoles = (payload: Record<string, unknown>, from: Record<string, unknown>) => {
    const { text: _text, ...plain } = payload;
    return JSON.stringify({ ...plain, id: from.id, token: from.token, channel: { ...(plain.channel as object), last_message_id: (from.channel as { last_message_id: unknown }).last_message_id } });
  };

  it('sends the same bytes but for the id, the token and the channel\'s newest message', async () => {
    const { invoke } = await setUp();
    const first = await invoke();
    const second = await invoke();
    const third = await invoke();
    for (const later of [second, third]) {
      expect(later.text).toBe(withHoles(first, later));
      expect(later.id).not.toBe(first.id);
    }
    // Each names the message the last one's answer made.
    expect((third.channel as { last_message_id: string }).last_message_id).not.toBe((second.channel as { last_message_id: string }).last_message_id);
    expect(first.data).toMatchObject({ name: 'say', options: [{ name: 'text', type: 3, value: 'quote " and é' }] });
  });

  it('looks nothing up for options that name no id (not their types)', async () => {
    const { registry, invoke } = await setUp();
    await invoke();
    const asked: string[] = [];
    const role = registry.store.world.role.bind(registry.store.world);
    registry.store.world.role = async (id: string) => {
      asked.push(id);
      return await role(id);
    };
    await invoke();
    expect(asked).toEqual([]);
  });

  it('makes a new payload for another language, another person, or when the channel or the person changes', async () => {
    const { registry, invoke } = await setUp();
    await invoke();
    expect((await invoke({ 'x-discord-locale': 'fr' })).locale).toBe('fr');
    expect((await invoke()).locale).toBe('en-US');
    const channel = (await registry.store.world.channel(EXAMPLE.general))!;
    await registry.store.world.putChannel({ ...channel, name: 'renamed' });
    expect(((await invoke()).channel as { name: string }).name).toBe('renamed');
    // Another person, in the same language, with the same command: their own payload.
    expect(((await invoke({ authorization: EXAMPLE.bob.token, 'x-discord-locale': 'en-US' })).member as { user: { id: string } }).user.id).toBe(EXAMPLE.bob.id);
    expect(((await invoke()).member as { user: { id: string } }).user.id).toBe(EXAMPLE.alice.id);
    const alice = (await registry.store.world.user(EXAMPLE.alice.id))!;
    await registry.store.world.putUser({ ...alice, global_name: 'Alice Again' }, null);
    expect(((await invoke()).member as { user: { global_name: string } }).user.global_name).toBe('Alice Again');
  });
});
