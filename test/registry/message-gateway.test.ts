/**
 * What bots hear of channel messages over the gateway: MESSAGE_CREATE / _UPDATE / _DELETE
 * by GUILD_MESSAGES (guilds) and DIRECT_MESSAGES (DMs), content emptied without
 * MESSAGE_CONTENT unless the bot is mentioned, wrote it, or it is a DM, guild messages
 * with `guild_id` and `member`; and MESSAGE_POLL_VOTE_ADD / _REMOVE by the poll intents.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApplicationFlags, GatewayIntentBits, type APIMessage } from 'discord-api-types/v10';
import type { GatewayClient } from '../helpers/gateway-client.js';
import { gatewayRegistry, type GatewayRegistry } from '../helpers/gateway-registry.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';
import { WORLD, WORLD_TOKENS } from '../helpers/world-registry.js';

let registry: GatewayRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

const { Guilds, GuildMessages, MessageContent, DirectMessages, GuildMessagePolls } = GatewayIntentBits;

async function open(): Promise<GatewayRegistry> {
  registry = await gatewayRegistry();
  const role = await registry.store.world.role(IDS.guild);
  const app = await registry.store.world.application(IDS.app);
  if (!role || !app) throw new Error('fixture');
  await registry.store.world.putRole({ ...role, permissions: ((1n << 10n) | (1n << 11n) | (1n << 14n)).toString() });
  await registry.store.world.putApplication({ ...app, flags: app.flags | ApplicationFlags.GatewayMessageContent }, null, null);
  return registry;
}

async function bot(gateway: GatewayRegistry, intents: number): Promise<GatewayClient> {
  return (await gateway.login(TOKENS.bot, { intents })).client;
}

function request(gateway: GatewayRegistry, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${gateway.url}/api/v10${path}`, {
    method, headers: { authorization: token, 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Every dispatch named `event` a session got before a marker every bot session hears. */
async function heard(gateway: GatewayRegistry, client: GatewayClient, event: string): Promise<unknown[]> {
  const marker = { id: `${Math.floor(Math.random() * 1e9)}`, application_id: IDS.app, guild_id: IDS.guild, permissions: [] };
  gateway.bus.emit('permissionsChanged', marker);
  await client.next((payload) => payload.t === 'APPLICATION_COMMAND_PERMISSIONS_UPDATE' && (payload.d as { id: string }).id === marker.id);
  return client.received.filter((payload) => payload.t === event).map((payload) => payload.d);
}

describe('MESSAGE_CREATE to bots', () => {
  it('carries content only with MESSAGE_CONTENT, and guild_id and member always', async () => {
    const gateway = await open();
    const full = await bot(gateway, Guilds | GuildMessages | MessageContent);
    const reduced = await bot(gateway, Guilds | GuildMessages);
    const deaf = await bot(gateway, Guilds);
    const sent = await request(gateway, TOKENS.member, 'POST', `/channels/${IDS.general}/messages`, { content: 'hello **there**', embeds: [{ title: 'E' }] });
    const message = await sent.json() as APIMessage;
    const withContent = (await full.dispatch('MESSAGE_CREATE')).d as Record<string, unknown>;
    expect(withContent).toMatchObject({ ...message, guild_id: IDS.guild, member: { roles: [IDS.moderatorRole] } });
    expect(withContent.member).not.toHaveProperty('user');
    const without = (await reduced.dispatch('MESSAGE_CREATE')).d as Record<string, unknown>;
    expect(without).toMatchObject({ id: message.id, content: '', embeds: [], attachments: [], components: [], guild_id: IDS.guild, author: { id: IDS.member } });
    expect(await heard(gateway, deaf, 'MESSAGE_CREATE')).toEqual([]);
  });

  it('carries content without the intent when the bot is mentioned or wrote it', async () => {
    const gateway = await open();
    const reduced = await bot(gateway, Guilds | GuildMessages);
    await request(gateway, TOKENS.member, 'POST', `/channels/${IDS.general}/messages`, { content: `<@${IDS.app}> ping` });
    expect(((await reduced.dispatch('MESSAGE_CREATE')).d as APIMessage).content).toBe(`<@${IDS.app}> ping`);
    // A reply of its own is read whole, the message it answers (no mention) is not.
    const question = await (await request(gateway, TOKENS.member, 'POST', `/channels/${IDS.general}/messages`, { content: 'private' })).json() as APIMessage;
    expect(((await reduced.dispatch('MESSAGE_CREATE')).d as APIMessage).content).toBe('');
    await request(gateway, `Bot ${TOKENS.bot}`, 'POST', `/channels/${IDS.general}/messages`, { content: 'answer', message_reference: { message_id: question.id } });
    const reply = (await reduced.dispatch('MESSAGE_CREATE')).d as APIMessage;
    expect(reply).toMatchObject({ content: 'answer', type: 19, referenced_message: { id: question.id, content: '' } });
    const own = await request(gateway, `Bot ${TOKENS.bot}`, 'POST', `/channels/${IDS.general}/messages`, { content: 'mine' });
    const ownMessage = await own.json() as APIMessage;
    expect(((await reduced.dispatch('MESSAGE_CREATE')).d as APIMessage).content).toBe('mine');
    await request(gateway, `Bot ${TOKENS.bot}`, 'PATCH', `/channels/${IDS.general}/messages/${ownMessage.id}`, { content: 'edited' });
    expect((await reduced.dispatch('MESSAGE_UPDATE')).d).toMatchObject({ id: ownMessage.id, content: 'edited', guild_id: IDS.guild });
    await request(gateway, `Bot ${TOKENS.bot}`, 'DELETE', `/channels/${IDS.general}/messages/${ownMessage.id}`);
    expect((await reduced.dispatch('MESSAGE_DELETE')).d).toEqual({ id: ownMessage.id, channel_id: IDS.general, guild_id: IDS.guild });
  });

  it('sends DMs with DIRECT_MESSAGES, content included, and no guild_id', async () => {
    const gateway = await open();
    const direct = await bot(gateway, DirectMessages);
    const guildOnly = await bot(gateway, Guilds | GuildMessages);
    await request(gateway, WORLD_TOKENS.reader, 'POST', `/channels/${WORLD.botDm}/messages`, { content: 'secret' });
    const dispatched = (await direct.dispatch('MESSAGE_CREATE')).d as Record<string, unknown>;
    expect(dispatched).toMatchObject({ channel_id: WORLD.botDm, content: 'secret', author: { id: WORLD.reader } });
    expect(dispatched).not.toHaveProperty('guild_id');
    expect(dispatched).not.toHaveProperty('member');
    expect(await heard(gateway, guildOnly, 'MESSAGE_CREATE')).toEqual([]);
  });
});

describe('poll votes to bots', () => {
  it('MESSAGE_POLL_VOTE_ADD and _REMOVE need GUILD_MESSAGE_POLLS', async () => {
    const gateway = await open();
    const polls = await bot(gateway, Guilds | GuildMessagePolls);
    const plain = await bot(gateway, Guilds | GuildMessages);
    const sent = await request(gateway, `Bot ${TOKENS.bot}`, 'POST', `/channels/${IDS.general}/messages`, {
      poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: 'A' } }, { poll_media: { text: 'B' } }] },
    });
    const message = await sent.json() as APIMessage;
    const path = `/channels/${IDS.general}/polls/${message.id}/answers/@me`;
    expect((await request(gateway, TOKENS.member, 'PUT', path, { answer_ids: ['2'] })).status).toBe(204);
    const vote = { user_id: IDS.member, channel_id: IDS.general, message_id: message.id, guild_id: IDS.guild, answer_id: 2 };
    expect((await polls.dispatch('MESSAGE_POLL_VOTE_ADD')).d).toEqual(vote);
    await request(gateway, TOKENS.member, 'PUT', path, { answer_ids: [] });
    expect((await polls.dispatch('MESSAGE_POLL_VOTE_REMOVE')).d).toEqual(vote);
    expect(await heard(gateway, plain, 'MESSAGE_POLL_VOTE_ADD')).toEqual([]);
  });

  it('in a DM they need DIRECT_MESSAGE_POLLS and carry no guild_id', async () => {
    const gateway = await open();
    const direct = await bot(gateway, GatewayIntentBits.DirectMessagePolls);
    const guildPolls = await bot(gateway, Guilds | GuildMessagePolls);
    const sent = await request(gateway, `Bot ${TOKENS.bot}`, 'POST', `/channels/${WORLD.botDm}/messages`, {
      poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: 'A' } }] },
    });
    const message = await sent.json() as APIMessage;
    const voted = await request(gateway, WORLD_TOKENS.reader, 'PUT', `/channels/${WORLD.botDm}/polls/${message.id}/answers/@me`, { answer_ids: [1] });
    expect(voted.status).toBe(204);
    expect((await direct.dispatch('MESSAGE_POLL_VOTE_ADD')).d).toEqual({ user_id: WORLD.reader, channel_id: WORLD.botDm, message_id: message.id, answer_id: 1 });
    expect(await heard(gateway, guildPolls, 'MESSAGE_POLL_VOTE_ADD')).toEqual([]);
  });
});
