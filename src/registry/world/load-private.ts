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
export function putPrivateChannel(store: Store, channel: WorldPrivateChannel): void {
  store.world.putChannel({
    id: channel.id, guild_id: null, name: channel.type === 3 ? (channel.name ?? null) : null, type: channel.type,
    parent_id: null, nsfw: false, position: 0,
  });
  store.world.setRecipients(channel.id, channel.recipients);
}

/** The first reason a DM or group DM cannot be written, relative to the channel. */
export function privateChannelProblem(store: Store, channel: WorldPrivateChannel) {
  return channelIdProblem(store.world.channel(channel.id), null) ?? recipientsProblem(store, channel);
}

/** Loads the file's DMs and group DMs, refusing the first that cannot exist. */
export function loadPrivateChannels(store: Store, channels: readonly WorldPrivateChannel[]): void {
  channels.forEach((channel, index) => {
    refuse(['channels', index], privateChannelProblem(store, channel));
    putPrivateChannel(store, channel);
  });
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
export function loadMessages(store: Store, messages: readonly WorldMessage[]): void {
  messages.forEach((message, index) => {
    refuse(['messages', index], messageProblem(store, message));
    store.messages.putMessage(messageRecord(message));
  });
}
