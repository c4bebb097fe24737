/**
 * Loads what lives outside guilds (DMs and group DMs with their recipients) and the
 * messages of every channel. Messages come last: they name channels and authors.
 */
import type { WorldFile } from '../../shared/world-file.js';
import { snowflakeTime } from '../domain/snowflake.js';
import { channelIdProblem } from '../domain/world-rules.js';
import { messageProblem, recipientsProblem } from '../services/world-checks.js';
import type { MessageRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { refuse } from './world-error.js';

type WorldPrivateChannel = NonNullable<WorldFile['channels']>[number];
type WorldMessage = NonNullable<WorldFile['messages']>[number];

/** Writes a DM or group DM and its recipients; the caller has checked it with `privateChannelProblem`. */
export async function putPrivateChannel(store: Store, channel: WorldPrivateChannel): Promise<void> {
  await store.world.putChannel({
    id: channel.id, guild_id: null, name: channel.type === 3 ? (channel.name ?? null) : null, type: channel.type,
    parent_id: null, nsfw: false, position: 0,
  });
  await store.world.setRecipients(channel.id, channel.recipients);
}

/** The first reason a DM or group DM cannot be written, relative to the channel. */
export async function privateChannelProblem(store: Store, channel: WorldPrivateChannel) {
  return channelIdProblem(await store.world.channel(channel.id), null) ?? await recipientsProblem(store, channel);
}

/** Loads the file's DMs and group DMs, refusing the first that cannot exist. */
export async function loadPrivateChannels(store: Store, channels: readonly WorldPrivateChannel[]): Promise<void> {
  for (const [index, channel] of channels.entries()) {
    refuse(['channels', index], await privateChannelProblem(store, channel));
    await putPrivateChannel(store, channel);
  }
}

/** A world file's message as the store keeps it: the timestamp defaults to the one its id carries. */
export function messageRecord(message: WorldMessage): MessageRecord {
  return {
    id: message.id, channel_id: message.channel_id, author_id: message.author_id, content: message.content,
    timestamp: message.timestamp ?? new Date(snowflakeTime(message.id)).toISOString(),
    edited_timestamp: message.edited_timestamp ?? null, type: message.type ?? 0, flags: message.flags ?? 0,
    embeds: message.embeds ?? [], components: message.components ?? [], attachments: message.attachments ?? [],
    application_id: message.application_id ?? null, webhook_id: message.webhook_id ?? null,
    interaction_metadata: message.interaction_metadata ?? null,
  };
}

/** Loads the file's messages, refusing the first whose channel or author does not fit. */
export async function loadMessages(store: Store, messages: readonly WorldMessage[]): Promise<void> {
  for (const [index, message] of messages.entries()) {
    refuse(['messages', index], await messageProblem(store, message));
    await store.messages.putMessage(messageRecord(message));
  }
}
