/**
 * An unmodified discord.js v14 bot writing to channels (only its REST base URL changed):
 * `channel.send` with an embed, `message.reply`, `message.edit`, `message.delete`, a poll
 * by `channel.send` and by an interaction reply; it hears what alice types (MESSAGE_CREATE
 * with the MessageContent intent) and her poll vote (MESSAGE_POLL_VOTE_ADD). Every message
 * is read back over the API and checked field by field. The bot is written as discord.js's
 * current guide writes it: it raises no deprecation warning.
 */
import { once } from 'node:events';
import { ApplicationFlags, PermissionFlagsBits } from 'discord-api-types/v10';
import type { APIMessage } from 'discord-api-types/v10';
import { Client, EmbedBuilder, Events, GatewayIntentBits, type Message, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientSession, indexed } from '../helpers/client-session.js';
import { EXAMPLE, startedRegistry, type ListeningRegistry } from '../helpers/listening-registry.js';

let registry: ListeningRegistry;
let bot: Client;
let alice: ClientSession;
let channel: TextChannel;
const heard: Message[] = [];
const votes: Array<{ answerId: number; userId: string }> = [];
const handlerErrors: unknown[] = [];
/** What discord.js warned about (a deprecated call is warned once, on the process). */
const warnings: string[] = [];
const onWarning = (warning: Error) => void warnings.push(warning.message);

const POLL_ANSWERS = ['Tea', 'Coffee'];

beforeAll(async () => {
  process.on('warning', onWarning);
  registry = await startedRegistry();
  const application = await registry.store.world.application(EXAMPLE.app.id);
  if (!application) throw new Error('no Example Bot');
  // MessageContent is privileged: the app's flags must enable it, as in the developer portal.
  await registry.store.world.putApplication({ ...application, flags: application.flags | ApplicationFlags.GatewayMessageContent }, null, null);
  // The example world's @everyone lacks EMBED_LINKS, without which the service drops a bot's embeds.
  const everyone = await registry.store.world.role(EXAMPLE.guild);
  if (!everyone) throw new Error('no @everyone');
  await registry.store.world.putRole({ ...everyone, permissions: (BigInt(everyone.permissions) | PermissionFlagsBits.EmbedLinks).toString() });
  bot = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent, GatewayIntentBits.GuildMessagePolls],
    rest: { api: `${registry.url}/api` },
  });
  bot.on(Events.MessageCreate, (message) => void heard.push(message));
  bot.on(Events.MessagePollVoteAdd, (answer, userId) => void votes.push({ answerId: answer.id, userId }));
  bot.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isChatInputCommand()) return;
    const answer = async () => {
      await interaction.reply({ poll: { question: { text: 'Lunch?' }, answers: [{ text: 'Pizza' }, { text: 'Soup' }], duration: 1, allowMultiselect: true } });
      await interaction.followUp({ poll: { question: { text: 'Dessert?' }, answers: [{ text: 'Cake' }], duration: 3, allowMultiselect: false } });
    };
    answer().catch((error: unknown) => void handlerErrors.push(error));
  });
  const ready = once(bot, Events.ClientReady);
  await bot.login(EXAMPLE.app.token);
  await ready;
  await bot.application!.commands.set([{ name: 'lunch', description: 'Asks about lunch' }], EXAMPLE.guild);
  channel = (await bot.channels.fetch(EXAMPLE.general)) as TextChannel;
  alice = await ClientSession.open(registry.url, EXAMPLE.alice.token);
});

afterAll(async () => {
  process.off('warning', onWarning);
  await alice?.close();
  await bot?.destroy();
  await registry?.close();
});

/** A message as the API answers it to the bot. */
async function read(id: string, token = `Bot ${EXAMPLE.app.token}`): Promise<Response> {
  return fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages/${id}`, { headers: { authorization: token } });
}

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let tries = 0; tries < 200; tries++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('never happened');
}

describe('a discord.js bot writing to a channel', () => {
  it('sends an embed with channel.send, and the API reads it back whole', async () => {
    const embed = new EmbedBuilder().setTitle('Status').setDescription('All good').setColor(0x00ff00).addFields({ name: 'Uptime', value: '3 days', inline: true });
    const sent = await channel.send({ content: 'Report', embeds: [embed] });
    const stored = await (await read(sent.id)).json() as APIMessage;
    expect(stored).toEqual({
      id: sent.id, channel_id: EXAMPLE.general, content: 'Report', type: 0, flags: 0, tts: false, pinned: false,
      mention_everyone: false, mentions: [], mention_roles: [], attachments: [], components: [],
      embeds: [{ type: 'rich', title: 'Status', description: 'All good', color: 0x00ff00, fields: [{ name: 'Uptime', value: '3 days', inline: true }] }],
      author: expect.objectContaining({ id: EXAMPLE.app.id, bot: true }),
      timestamp: sent.createdAt.toISOString(), edited_timestamp: null, application_id: EXAMPLE.app.id,
    });
    expect(sent.embeds[0]?.title).toBe('Status');
  });

  it('hears what alice types (with its content) and replies to it, then edits and deletes the reply', async () => {
    const posted = await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages`, {
      method: 'POST', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'ping?' }),
    });
    expect(posted.status).toBe(200);
    const question = await posted.json() as APIMessage;
    const message = await until(() => heard.find((entry) => entry.id === question.id));
    expect(message.content).toBe('ping?');
    expect(message.author.id).toBe(EXAMPLE.alice.id);
    expect(message.guildId).toBe(EXAMPLE.guild);
    expect(message.member?.id).toBe(EXAMPLE.alice.id);

    const reply = await message.reply('pong!');
    const stored = await (await read(reply.id)).json() as APIMessage;
    expect(stored).toMatchObject({
      type: 19, content: 'pong!', author: { id: EXAMPLE.app.id },
      message_reference: { type: 0, message_id: question.id, channel_id: EXAMPLE.general, guild_id: EXAMPLE.guild },
      referenced_message: { id: question.id, content: 'ping?', author: { id: EXAMPLE.alice.id } },
    });
    expect(reply.reference?.messageId).toBe(question.id);

    const edited = await reply.edit('pong! (edited)');
    expect(edited.editedTimestamp).not.toBeNull();
    expect(await (await read(reply.id)).json()).toMatchObject({ content: 'pong! (edited)', edited_timestamp: expect.any(String) });

    // Someone else's message cannot be edited, as in production.
    await expect(message.edit('hijacked')).rejects.toMatchObject({ code: 50005 });

    await reply.delete();
    expect(await (await read(reply.id)).json()).toEqual({ code: 10008, message: 'Unknown Message' });
  });

  it('sends a poll with channel.send, and hears alice vote', async () => {
    const sent = await channel.send({ poll: { question: { text: 'Drink?' }, answers: POLL_ANSWERS.map((text) => ({ text })), duration: 2, allowMultiselect: false } });
    expect(sent.poll?.question.text).toBe('Drink?');
    const stored = await (await read(sent.id)).json() as APIMessage;
    expect(stored.poll).toEqual({
      question: { text: 'Drink?' },
      answers: [{ answer_id: 1, poll_media: { text: 'Tea' } }, { answer_id: 2, poll_media: { text: 'Coffee' } }],
      expiry: new Date(sent.createdTimestamp + 2 * 3_600_000).toISOString(),
      allow_multiselect: false, layout_type: 1, results: { is_finalized: false, answer_counts: [] },
    });
    const voted = await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/polls/${sent.id}/answers/@me`, {
      method: 'PUT', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' }, body: JSON.stringify({ answer_ids: ['2'] }),
    });
    expect(voted.status).toBe(204);
    expect(await until(() => votes.find((vote) => vote.answerId === 2))).toEqual({ answerId: 2, userId: EXAMPLE.alice.id });
    const voters = await sent.poll!.answers.get(2)!.voters.fetch();
    expect([...voters.keys()]).toEqual([EXAMPLE.alice.id]);
    const seen = await (await read(sent.id, EXAMPLE.alice.token)).json() as APIMessage;
    expect(seen.poll?.results).toEqual({ is_finalized: false, answer_counts: [{ id: 2, count: 1, me_voted: true }] });
    const ended = await sent.poll!.end();
    expect(ended.poll?.resultsFinalized).toBe(true);
    expect(warnings).toEqual([]);
  });

  it('answers a slash command with a poll', async () => {
    const lunch = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'lunch');
    const response = await alice.invoke(lunch, { guildId: EXAMPLE.guild, channelId: EXAMPLE.general, nonce: 'lunch-1' });
    expect(response.status, await response.text()).toBe(204);
    const created = await alice.event('MESSAGE_CREATE', (data) => (data.poll as { question?: { text?: string } } | undefined)?.question?.text === 'Lunch?');
    const stored = await (await read(created.d.id as string)).json() as APIMessage;
    expect(stored).toMatchObject({
      type: 20, author: { id: EXAMPLE.app.id },
      poll: {
        question: { text: 'Lunch?' }, answers: [{ answer_id: 1, poll_media: { text: 'Pizza' } }, { answer_id: 2, poll_media: { text: 'Soup' } }],
        allow_multiselect: true, layout_type: 1, results: { is_finalized: false, answer_counts: [] },
      },
    });
    // The bot hears its own response as a MESSAGE_CREATE, as the service sends it.
    const own = await until(() => heard.find((entry) => entry.id === created.d.id));
    expect(own.poll?.question.text).toBe('Lunch?');
    const followUp = await alice.event('MESSAGE_CREATE', (data) => (data.poll as { question?: { text?: string } } | undefined)?.question?.text === 'Dessert?');
    expect(await (await read(followUp.d.id as string)).json()).toMatchObject({
      type: 0, poll: { answers: [{ answer_id: 1, poll_media: { text: 'Cake' } }], allow_multiselect: false },
    });
    expect(handlerErrors).toEqual([]);
  });
});
