/**
 * Channel messages for bots and people: POST, PATCH, DELETE of `/channels/{id}/messages`,
 * with the service's permission checks, replies, validation at top-level paths, and what
 * the channel's viewers hear.
 */
import { describe, expect, it } from 'vitest';
import type { APIMessage } from 'discord-api-types/v10';
import { IDS, testRegistry, TOKENS, type TestRegistry } from '../helpers/test-registry.js';

const MESSAGES = `/api/v10/channels/${IDS.general}/messages`;
const VIEW_AND_SEND = (1n << 10n) | (1n << 11n) | (1n << 31n);
const EMBED_LINKS = 1n << 14n;

/** Sets @everyone's permissions in the fixture guild. */
async function everyone(registry: TestRegistry, bits: bigint): Promise<void> {
  const role = await registry.store.world.role(IDS.guild);
  if (!role) throw new Error('no @everyone');
  await registry.store.world.putRole({ ...role, permissions: bits.toString() });
}

function person(registry: TestRegistry, token: string, request: { method: 'POST' | 'PATCH' | 'DELETE' | 'GET' | 'PUT'; url: string; payload?: unknown }) {
  return registry.app.inject({ ...request, headers: { authorization: token } } as never);
}

function post(registry: TestRegistry, payload: unknown, token = TOKENS.bot) {
  return registry.bot({ method: 'POST', url: MESSAGES, payload: payload as Record<string, unknown> }, token);
}

describe('POST /channels/{id}/messages', () => {
  it('stores a bot message with its embed and answers it as the service does', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND | EMBED_LINKS);
    const embed = { title: 'Hello', description: 'World', color: 0xff0000 };
    const sent = await post(registry, { content: 'hi', embeds: [embed] });
    expect(sent.statusCode).toBe(200);
    const message = sent.json<APIMessage>();
    expect(message).toMatchObject({
      channel_id: IDS.general, content: 'hi', embeds: [embed], type: 0, author: { id: IDS.app, bot: true }, application_id: IDS.app,
      edited_timestamp: null, tts: false, pinned: false, attachments: [], components: [],
    });
    const read = await registry.bot({ method: 'GET', url: `${MESSAGES}/${message.id}` });
    expect(read.json()).toEqual(message);
  });

  it('keeps an embed as the service does: of type rich, without the provider, video and image sizes a bot cannot set', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND | EMBED_LINKS);
    const sent = await post(registry, {
      embeds: [{
        type: 'video', title: 'A clip', provider: { name: 'Tube' }, video: { url: 'https://example.com/clip.webm', width: 640, height: 360 },
        image: { url: 'https://example.com/a.png', width: 9999, height: 1, proxy_url: 'https://example.com/proxy.png' },
        thumbnail: { url: 'https://example.com/t.png', width: 5 },
      }],
    });
    expect(sent.statusCode).toBe(200);
    const message = sent.json<APIMessage>();
    expect(message.embeds).toEqual([{
      type: 'rich', title: 'A clip', image: { url: 'https://example.com/a.png' }, thumbnail: { url: 'https://example.com/t.png' },
    }]);
    expect((await registry.bot({ method: 'GET', url: `${MESSAGES}/${message.id}` })).json<APIMessage>().embeds).toEqual(message.embeds);
  });

  it('refuses a channel the caller cannot view (50001) and one it cannot send in (50013)', async () => {
    const registry = await testRegistry();
    await everyone(registry, 1n << 11n);
    expect((await post(registry, { content: 'x' })).json()).toMatchObject({ code: 50001, message: 'Missing Access' });
    await everyone(registry, 1n << 10n);
    const refused = await post(registry, { content: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 50013, message: 'Missing Permissions' });
    expect(await registry.store.messages.messages(IDS.general, { limit: 10 })).toEqual([]);
  });

  it('drops embeds without EMBED_LINKS, and an embed-only message is then empty (50006)', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND);
    const sent = await post(registry, { content: 'text', embeds: [{ title: 'gone' }] });
    expect(sent.json()).toMatchObject({ content: 'text', embeds: [] });
    const empty = await post(registry, { embeds: [{ title: 'gone' }] });
    expect(empty.json()).toEqual({ code: 50006, message: 'Cannot send an empty message' });
  });

  it('answers 50006 for an empty message and 50035 at top-level paths', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND);
    expect((await post(registry, {})).json()).toMatchObject({ code: 50006 });
    const long = await post(registry, { content: 'x'.repeat(2001) });
    expect(long.json()).toMatchObject({ code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } });
    const ephemeral = await post(registry, { content: 'x', flags: 64 });
    expect(ephemeral.json()).toMatchObject({ code: 50035, errors: { flags: { _errors: [{ code: 'MESSAGE_FLAGS_INVALID' }] } } });
  });

  it('makes a reply (type 19) with message_reference and referenced_message', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND);
    const first = (await person(registry, TOKENS.member, { method: 'POST', url: MESSAGES, payload: { content: 'question' } })).json<APIMessage>();
    expect(first.author.id).toBe(IDS.member);
    const reply = await post(registry, { content: 'answer', message_reference: { message_id: first.id, fail_if_not_exists: true } });
    expect(reply.statusCode).toBe(200);
    const message = reply.json<APIMessage>();
    expect(message.type).toBe(19);
    expect(message.message_reference).toEqual({ type: 0, message_id: first.id, channel_id: IDS.general, guild_id: IDS.guild });
    expect(message.referenced_message).toEqual(first);
    // Once the replied-to message is gone, referenced_message reads null.
    expect((await person(registry, TOKENS.member, { method: 'DELETE', url: `${MESSAGES}/${first.id}` })).statusCode).toBe(204);
    const read = (await registry.bot({ method: 'GET', url: `${MESSAGES}/${message.id}` })).json<APIMessage>();
    expect(read.referenced_message).toBeNull();
  });

  it('refuses a reply to an unknown message unless fail_if_not_exists is false', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND);
    const unknown = await post(registry, { content: 'a', message_reference: { message_id: '1234' } });
    expect(unknown.json()).toEqual({
      code: 50035, message: 'Invalid Form Body',
      errors: { message_reference: { _errors: [{ code: 'REPLIES_UNKNOWN_MESSAGE', message: 'Unknown message' }] } },
    });
    const plain = await post(registry, { content: 'a', message_reference: { message_id: '1234', fail_if_not_exists: false } });
    expect(plain.json()).toMatchObject({ type: 0, content: 'a' });
    expect(plain.json()).not.toHaveProperty('message_reference');
  });

  it('needs SEND_MESSAGES_IN_THREADS, not SEND_MESSAGES, in a thread', async () => {
    const registry = await testRegistry();
    const thread = '300000000000000098';
    await registry.store.world.putChannel({ id: thread, guild_id: IDS.guild, name: 'Thread', type: 11, parent_id: IDS.general, nsfw: false, position: 0 });
    const url = `/api/v10/channels/${thread}/messages`;
    await everyone(registry, VIEW_AND_SEND);
    expect((await registry.bot({ method: 'POST', url, payload: { content: 'x' } })).json()).toMatchObject({ code: 50013 });
    await everyone(registry, (1n << 10n) | (1n << 38n));
    expect((await registry.bot({ method: 'POST', url, payload: { content: 'x' } })).json()).toMatchObject({ channel_id: thread, content: 'x' });
  });

  it('refuses a channel that holds no messages (a category: 50008)', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND);
    await registry.store.world.putChannel({ id: '300000000000000099', guild_id: IDS.guild, name: 'Category', type: 4, parent_id: null, nsfw: false, position: 0 });
    const refused = await registry.bot({ method: 'POST', url: '/api/v10/channels/300000000000000099/messages', payload: { content: 'x' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 50008, message: 'Cannot send messages in a non-text channel' });
  });

  it('announces the message to the channel\'s viewers', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND);
    const events: Array<{ type: string; data: unknown }> = [];
    registry.bus.on('clientEvent', (event) => events.push(event));
    const sent = (await post(registry, { content: 'hello' })).json<APIMessage>();
    expect(events).toContainEqual({ to: { channelId: IDS.general }, type: 'MESSAGE_CREATE', data: sent });
  });
});

describe('PATCH and DELETE /channels/{id}/messages/{id}', () => {
  it('edits only the author\'s own message (50005 otherwise)', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND);
    const sent = (await post(registry, { content: 'v1' })).json<APIMessage>();
    const edited = await registry.bot({ method: 'PATCH', url: `${MESSAGES}/${sent.id}`, payload: { content: 'v2' } });
    expect(edited.json()).toMatchObject({ id: sent.id, content: 'v2', edited_timestamp: new Date(registry.clock.now).toISOString() });
    const theirs = (await person(registry, TOKENS.member, { method: 'POST', url: MESSAGES, payload: { content: 'mine' } })).json<APIMessage>();
    const refused = await registry.bot({ method: 'PATCH', url: `${MESSAGES}/${theirs.id}`, payload: { content: 'hijack' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 50005, message: 'Cannot edit a message authored by another user' });
    const unknown = await registry.bot({ method: 'PATCH', url: `${MESSAGES}/999`, payload: { content: 'x' } });
    expect(unknown.json()).toMatchObject({ code: 10008 });
  });

  it('deletes the author\'s own message, or another\'s with MANAGE_MESSAGES', async () => {
    const registry = await testRegistry();
    await everyone(registry, VIEW_AND_SEND);
    const theirs = (await person(registry, TOKENS.member, { method: 'POST', url: MESSAGES, payload: { content: 'mine' } })).json<APIMessage>();
    const refused = await registry.bot({ method: 'DELETE', url: `${MESSAGES}/${theirs.id}` });
    expect(refused.json()).toEqual({ code: 50013, message: 'Missing Permissions' });
    await everyone(registry, VIEW_AND_SEND | (1n << 13n));
    expect((await registry.bot({ method: 'DELETE', url: `${MESSAGES}/${theirs.id}` })).statusCode).toBe(204);
    expect(await registry.store.messages.message(IDS.general, theirs.id)).toBeUndefined();
  });
});
