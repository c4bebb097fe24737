/**
 * Messages posted to a channel (by a bot or a person), their edits and deletions, and
 * what everyone hears of them: people viewing the channel get the client event, bots the
 * gateway's MESSAGE_* by intent (the bus's `channelMessage`, gateway/message-dispatch.ts).
 */
import { MessageType, type APIMessageReference } from 'discord-api-types/v10';
import { snowflakeTime } from '../domain/snowflake.js';
import type { EventBus } from '../events.js';
import { storeMessageFiles, type FileRow, type OutgoingMessage } from './message-files.js';
import { storedMessageView } from '../queries/stored-message-view.js';
import type { MessageRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import type { PollInput } from '../../shared/poll-rules.js';

/** What these operations need of the registry (its context satisfies it). */
export interface MessageServices {
  store: Store;
  bus: EventBus;
  now: () => number;
  nextId: () => string;
}

/** Message types (discord-api-types `MessageType`) that channel posts take. */
export const CHANNEL_MESSAGE_TYPE = { DEFAULT: MessageType.Default, REPLY: MessageType.Reply, POLL_RESULT: MessageType.PollResult } as const;

const HOUR_MS = 3_600_000;

/** Stores a new message's poll: answers numbered 1..n, the expiry `duration` hours from `now`. */
export async function storePoll(store: Store, messageId: string, poll: PollInput, now: number): Promise<void> {
  await store.polls.putPoll({
    message_id: messageId,
    question: poll.question,
    answers: poll.answers.map((media, index) => ({ answer_id: index + 1, poll_media: media })),
    expiry: new Date(now + poll.duration * HOUR_MS).toISOString(),
    allow_multiselect: poll.allow_multiselect,
    layout_type: poll.layout_type,
    finalized: false,
  });
}

/** Announces a message change to the channel's viewers and to bots. */
export async function announceMessage(services: MessageServices, change: 'create' | 'update' | 'delete', message: MessageRecord): Promise<void> {
  const channel = await services.store.world.channel(message.channel_id);
  const type = change === 'create' ? 'MESSAGE_CREATE' : change === 'update' ? 'MESSAGE_UPDATE' : 'MESSAGE_DELETE';
  const data = change === 'delete'
    ? { id: message.id, channel_id: message.channel_id, ...(channel?.guild_id ? { guild_id: channel.guild_id } : {}) }
    : await storedMessageView(services.store, message, null);
  services.bus.emit('clientEvent', { to: { channelId: message.channel_id }, type, data });
  services.bus.emit('channelMessage', { change, message });
}

/** A new message to store: who writes it, what it says, and what it answers. */
export interface NewChannelMessage {
  channelId: string;
  authorId: string;
  /** The app, when a bot writes. */
  applicationId: string | null;
  data: OutgoingMessage;
  /** New files to store with it (message-files.ts). */
  files?: readonly FileRow[];
  poll?: PollInput;
  /** The replied-to message's reference (`{type: 0, message_id, channel_id, guild_id?}`). */
  reference?: APIMessageReference;
  type?: number;
}

/** Stores and announces a new channel message (and its poll, in the same transaction). */
export async function createChannelMessage(services: MessageServices, input: NewChannelMessage): Promise<MessageRecord> {
  const id = services.nextId();
  const message: MessageRecord = {
    id,
    channel_id: input.channelId,
    author_id: input.authorId,
    content: input.data.content ?? '',
    // The service's timestamp is the id's own time.
    timestamp: new Date(snowflakeTime(id)).toISOString(),
    edited_timestamp: null,
    type: input.type ?? (input.reference ? CHANNEL_MESSAGE_TYPE.REPLY : CHANNEL_MESSAGE_TYPE.DEFAULT),
    flags: input.data.flags ?? 0,
    embeds: input.data.embeds ?? [],
    components: input.data.components ?? [],
    attachments: input.data.attachments ?? [],
    application_id: input.applicationId,
    webhook_id: null,
    interaction_metadata: null,
    ...(input.reference ? { message_reference: input.reference } : {}),
  };
  await services.store.transaction(async () => {
    await services.store.messages.putMessage(message);
    if (input.poll) await storePoll(services.store, message.id, input.poll, snowflakeTime(id));
    await storeMessageFiles(services.store, message, input.files ?? []);
  });
  await announceMessage(services, 'create', message);
  return message;
}

/** Applies an edit: given fields replace, the edit is stamped. */
export async function editChannelMessage(
  services: MessageServices, message: MessageRecord, data: OutgoingMessage, files: readonly FileRow[] = [],
): Promise<MessageRecord> {
  const edited: MessageRecord = {
    ...message,
    ...(data.content !== undefined ? { content: data.content } : {}),
    ...(data.embeds !== undefined ? { embeds: data.embeds } : {}),
    ...(data.components !== undefined ? { components: data.components } : {}),
    ...(data.flags !== undefined ? { flags: data.flags } : {}),
    ...(data.attachments !== undefined ? { attachments: data.attachments } : {}),
    edited_timestamp: new Date(services.now()).toISOString(),
  };
  await services.store.transaction(async () => {
    await services.store.messages.putMessage(edited);
    await storeMessageFiles(services.store, edited, files);
  });
  await announceMessage(services, 'update', edited);
  return edited;
}

/** Deletes a message with its poll and votes (the schema cascades them). */
export async function deleteChannelMessage(services: MessageServices, message: MessageRecord): Promise<void> {
  await services.store.messages.deleteMessage(message.channel_id, message.id);
  await announceMessage(services, 'delete', message);
}
