/**
 * An unmodified discord.js v14 bot in DMs (only its REST base URL changed): `user.send()`
 * opens the DM and writes in it, alice's answer reaches the bot as a DM message
 * (DirectMessages intent, the Channel partial as discord.js's guide says), and its reply
 * lands in the same DM; the messages are read back over the API.
 */
import { once } from 'node:events';
import type { APIMessage } from 'discord-api-types/v10';
import { Client, Events, GatewayIntentBits, Partials, type Message } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, startedRegistry, type ListeningRegistry } from '../helpers/listening-registry.js';

let registry: ListeningRegistry;
let bot: Client;

beforeAll(async () => {
  registry = await startedRegistry();
  bot = new Client({ intents: [GatewayIntentBits.DirectMessages], partials: [Partials.Channel], rest: { api: `${registry.url}/api` } });
  const ready = once(bot, Events.ClientReady);
  await bot.login(EXAMPLE.app.token);
  await ready;
});

afterAll(async () => {
  await bot?.destroy();
  await registry?.close();
});

async function read(channelId: string): Promise<APIMessage[]> {
  const answer = await fetch(`${registry.url}/api/v10/channels/${channelId}/messages`, { headers: { authorization: EXAMPLE.alice.token } });
  return (await answer.json()) as APIMessage[];
}

describe('a discord.js bot in DMs', () => {
  it('opens a DM with user.send(), hears the answer, and replies in the DM', async () => {
    const sent = await bot.users.send(EXAMPLE.alice.id, 'Hello in private');
    expect(sent.channel.isDMBased()).toBe(true);
    const heard = new Promise<Message>((resolve) => bot.on(Events.MessageCreate, (message) => {
      if (message.author.id === EXAMPLE.alice.id) resolve(message);
    }));
    const answer = await fetch(`${registry.url}/api/v10/channels/${sent.channelId}/messages`, {
      method: 'POST', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Hi bot' }),
    });
    expect(answer.status).toBe(200);
    const message = await heard;
    // A DM's content reaches the bot without the MessageContent intent.
    expect(message.content).toBe('Hi bot');
    expect(message.channelId).toBe(sent.channelId);
    await message.reply('Got it');
    const stored = await read(sent.channelId);
    expect(stored.map((entry) => [entry.author.id, entry.content])).toEqual([
      [EXAMPLE.app.id, 'Got it'], [EXAMPLE.alice.id, 'Hi bot'], [EXAMPLE.app.id, 'Hello in private'],
    ]);
    expect(stored[0]).toMatchObject({ message_reference: { message_id: message.id, channel_id: sent.channelId }, referenced_message: { id: message.id } });
  });
});
