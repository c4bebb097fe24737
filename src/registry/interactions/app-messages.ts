/**
 * Messages an app sends through an interaction: the response, follow-ups, and edits of
 * them. A public one is stored in its channel and shown to every viewer; an ephemeral one is
 * kept by the ledger and shown only to the user who invoked ("only you can see this").
 */
import type { APIMessage } from 'discord-api-types/v10';
import { snowflakeTime } from '../domain/snowflake.js';
import type { PollInput } from '../../shared/poll-rules.js';
import { storedMessageView } from '../queries/stored-message-view.js';
import { storePoll } from '../services/channel-messages.js';
import type { FieldPath } from '../../shared/command-rules/error-tree.js';
import type { MessageUpload } from '../http/request-files.js';
import { prepareMessageFiles, storeMessageFiles, type FileRow, type OutgoingMessage } from '../services/message-files.js';
import type { MessageRecord } from '../store/records.js';
import { nextTurn } from './inline-answers.js';
import type { InteractionRecord } from './ledger.js';
import { MESSAGE_FLAGS, type MessageData } from './message-data.js';
import { toChannel, toUser, type InteractionServices } from './services.js';

/** Message types of what an interaction sends (discord-api-types `MessageType`). */
const MESSAGE_TYPE = { DEFAULT: 0, CHAT_INPUT_COMMAND: 20, CONTEXT_MENU_COMMAND: 23 } as const;

function isEphemeral(message: MessageRecord): boolean {
  return (message.flags & MESSAGE_FLAGS.EPHEMERAL) !== 0;
}

/** The message as its viewers get it, with the app's bot as author; `withoutPoll` for one just made without a poll. */
export async function appMessageView(services: InteractionServices, message: MessageRecord, withoutPoll = false): Promise<APIMessage> {
  return await storedMessageView(services.store, message, null, false, withoutPoll);
}

async function publish(services: InteractionServices, record: InteractionRecord, message: MessageRecord, event: string, withoutPoll = false): Promise<void> {
  const view = await appMessageView(services, message, withoutPoll);
  if (isEphemeral(message)) toUser(services, record.user_id, event, view);
  else {
    toChannel(services, message.channel_id, event, view);
    // Bots with the intents hear public responses too, as the service sends them.
    services.bus.emit('channelMessage', { change: event === 'MESSAGE_CREATE' ? 'create' : 'update', message });
  }
}

/** How a message is saved besides itself. */
interface Saving {
  poll?: PollInput;
  files?: readonly FileRow[];
  /** A message just made (its id new), so no file of the store is already its. */
  fresh?: boolean;
  /** Written in the same transaction: the interaction it answers, marked answered. */
  storedWith?: (message: MessageRecord) => Promise<void>;
  /** Committed a little later, with others (`Store.transactionLater`): nobody is answered for it. */
  later?: boolean;
}

/** Stores the message with its files and what `saving` adds, in one transaction. */
async function save(
  services: InteractionServices, record: InteractionRecord, message: MessageRecord, { poll, files = [], fresh = false, storedWith, later = false }: Saving,
): Promise<void> {
  const withFiles = !fresh || files.length > 0;
  const transaction = <T>(work: () => Promise<T>) => (later ? services.store.transactionLater(work) : services.store.transaction(work));
  if (isEphemeral(message)) {
    // An ephemeral message lives in the ledger; its files are in the store all the same.
    await transaction(async () => {
      if (withFiles) await storeMessageFiles(services.store, message, files);
      await services.ledger.putEphemeral(record.id, message);
      await storedWith?.(message);
    });
  } else {
    await transaction(async () => {
      await services.store.messages.putMessage(message);
      if (poll) await storePoll(services.store, message.id, poll, services.now());
      if (withFiles) await storeMessageFiles(services.store, message, files);
      await storedWith?.(message);
    });
  }
}

/**
 * A message of the interaction with its files (message-files.ts): a new one's uploads, or
 * an edit's plan of which of `existing`'s attachments stay. `at` is the error prefix
 * (`['data']` for a callback); an edit keeps the ephemerality of what it edits.
 */
export function appMessageFiles(
  services: InteractionServices, record: InteractionRecord, upload: MessageUpload,
  request: { body: unknown; at: FieldPath }, data: MessageData, existing?: MessageRecord,
): { message: OutgoingMessage; rows: FileRow[] } {
  const ephemeral = ((existing?.flags ?? data.flags ?? 0) & MESSAGE_FLAGS.EPHEMERAL) !== 0;
  return prepareMessageFiles(services, upload, {
    ...request, channelId: record.channel_id, uploaderId: record.application_id, ephemeral, ...(existing ? { existing } : {}),
  }, data);
}

/**
 * Sends a new message for the interaction: the original response (`original`) or a
 * follow-up. `storedWith` is written in the message's own transaction, before anyone is told.
 */
export async function sendAppMessage(
  services: InteractionServices, record: InteractionRecord, data: OutgoingMessage,
  options: { original: boolean; loading?: boolean } & Omit<Saving, 'fresh'>,
): Promise<MessageRecord> {
  const commandType = (record.payload.data as { type?: number } | undefined)?.type;
  const type = !options.original ? MESSAGE_TYPE.DEFAULT
    : record.type === 2 && commandType !== 1 ? MESSAGE_TYPE.CONTEXT_MENU_COMMAND : MESSAGE_TYPE.CHAT_INPUT_COMMAND;
  const id = services.nextId();
  const message: MessageRecord = {
    id,
    channel_id: record.channel_id,
    author_id: record.application_id,
    content: data.content ?? '',
    timestamp: new Date(snowflakeTime(id)).toISOString(),
    edited_timestamp: null,
    type,
    flags: (data.flags ?? 0) | (options.loading ? MESSAGE_FLAGS.LOADING : 0),
    embeds: data.embeds ?? [],
    components: data.components ?? [],
    attachments: data.attachments ?? [],
    application_id: record.application_id,
    webhook_id: record.application_id,
    interaction_metadata: {
      ...record.metadata,
      ...(options.original || record.original_message_id === null ? {} : { original_response_message_id: record.original_message_id }),
    },
  };
  // Stored and told on turns of their own: an invocation that has arrived meanwhile goes first (inline-answers.ts).
  await nextTurn();
  await save(services, record, message, { ...options, fresh: true });
  await nextTurn();
  await publish(services, record, message, 'MESSAGE_CREATE', !options.poll);
  return message;
}

/** A message of this interaction by id: the original, a follow-up, or the component's message. */
export async function findAppMessage(services: InteractionServices, record: Pick<InteractionRecord, 'channel_id'>, id: string): Promise<MessageRecord | undefined> {
  return (await services.ledger.ephemeralMessage(id)) ?? await services.store.messages.message(record.channel_id, id);
}

/** Edits a message: given fields replace, and a deferred ("is thinking...") message stops loading. */
export async function editAppMessage(
  services: InteractionServices, record: InteractionRecord, message: MessageRecord, data: OutgoingMessage, files: readonly FileRow[] = [],
): Promise<MessageRecord> {
  const edited: MessageRecord = {
    ...message,
    ...(data.content !== undefined ? { content: data.content } : {}),
    ...(data.embeds !== undefined ? { embeds: data.embeds } : {}),
    ...(data.components !== undefined ? { components: data.components } : {}),
    ...(data.attachments !== undefined ? { attachments: data.attachments } : {}),
    // Ephemerality is fixed at creation; an edit may change the other flags.
    flags: ((data.flags ?? message.flags) & ~MESSAGE_FLAGS.EPHEMERAL & ~MESSAGE_FLAGS.LOADING) | (message.flags & MESSAGE_FLAGS.EPHEMERAL),
    edited_timestamp: (message.flags & MESSAGE_FLAGS.LOADING) !== 0 ? null : new Date(services.now()).toISOString(),
  };
  await save(services, record, edited, { files });
  await publish(services, record, edited, 'MESSAGE_UPDATE');
  return edited;
}

/** Deletes a message of the interaction. */
export async function deleteAppMessage(services: InteractionServices, record: InteractionRecord, message: MessageRecord): Promise<void> {
  // A stored message's files go with it (the schema's trigger); an ephemeral one's are dropped here.
  if (isEphemeral(message)) {
    await services.ledger.deleteEphemeral(message.id);
    await services.store.attachments.deleteMessageFiles(message.id);
  } else await services.store.messages.deleteMessage(message.channel_id, message.id);
  const data = { id: message.id, channel_id: message.channel_id };
  if (isEphemeral(message)) toUser(services, record.user_id, 'MESSAGE_DELETE', data);
  else {
    toChannel(services, message.channel_id, 'MESSAGE_DELETE', data);
    services.bus.emit('channelMessage', { change: 'delete', message });
  }
}
