/**
 * An app's first response to an interaction, by callback route or inline in its HTTP
 * answer: the same rules either way. It must come within the deadline (else 10062), only
 * once (else 40060), with a callback type that fits the interaction, and its data within
 * the service's limits. Its effect: a message, a deferral, an edit, autocomplete choices,
 * a modal, or an Activity launch.
 */
import { ErrorCollector } from '../../shared/command-rules/error-tree.js';
import { validateModal, type ModalFields } from '../../shared/message-rules/index.js';
import { validateBodyPoll, type PollInput } from '../../shared/poll-rules.js';
import type { MessageUpload } from '../http/request-files.js';
import { invalidField, invalidFormBody, ServiceError } from '../http/service-error.js';
import type { MessageRecord } from '../store/records.js';
import { appMessageFiles, appMessageView, editAppMessage, findAppMessage, sendAppMessage } from './app-messages.js';
import { launchActivity } from './launch.js';
import { deadlineFailure } from './refusal.js';
import { deadlineDetail, markAnswered, type InteractionRecord } from './ledger.js';
import { isEmptyMessage, MESSAGE_FLAGS, validateMessageData, type MessageData } from './message-data.js';
import { toUser, type InteractionServices } from './services.js';

/** Callback types (api-facts.md). */
export const CALLBACK = {
  PONG: 1, CHANNEL_MESSAGE_WITH_SOURCE: 4, DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: 5, DEFERRED_UPDATE_MESSAGE: 6,
  UPDATE_MESSAGE: 7, AUTOCOMPLETE_RESULT: 8, MODAL: 9, LAUNCH_ACTIVITY: 12,
} as const;

/** Which callback types may answer each interaction type (2 command, 3 component, 4 autocomplete, 5 modal). */
const ALLOWED: Record<number, readonly number[]> = { 2: [4, 5, 9, 12], 3: [4, 5, 6, 7, 9, 12], 4: [8], 5: [4, 5, 6, 7, 12] };

interface Effect {
  message?: MessageRecord;
  activityInstanceId?: string;
  /** The answer is stored already, with its message (one transaction): `record` is yet to be marked. */
  answerStored?: boolean;
}

/** Marks an interaction dead when its deadline passed without a response; true when it is dead. */
export async function expireIfLate(services: InteractionServices, record: InteractionRecord): Promise<boolean> {
  const late = record.response_type === null && !record.answering && services.now() - record.created_at >= services.deadlineMs;
  // On a busy event loop (or on another process) a late response can come before the
  // deadline's timer runs; whoever marks it dead first tells the client, once.
  if (!record.expired && late && await services.ledger.expire(record)) {
    toUser(services, record.user_id, 'INTERACTION_FAILURE', {
      id: record.id, nonce: record.nonce, ...deadlineFailure(record, deadlineDetail(services.deadlineMs)),
    });
  }
  return record.expired || late;
}

/** How a first response came, and what is made of it. */
export interface ResponseWay {
  /** The callback route's `with_response`: the answer's body is wanted. */
  withResponse: boolean;
  /** The files of a multipart answer (none for JSON) and the origin their URLs use. */
  upload: MessageUpload;
  /**
   * Inline in the delivery's HTTP answer, which nobody is answered for, on a store no other
   * process reads: the message it makes is committed a little later (`Store.transactionLater`).
   */
  later?: boolean;
}

/** Applies a first response; answers the `with_response` body (undefined for a plain 204). */
export async function applyResponse(
  services: InteractionServices, record: InteractionRecord, input: unknown, { withResponse, upload, later = false }: ResponseWay,
): Promise<Record<string, unknown> | undefined> {
  if (await expireIfLate(services, record)) throw new ServiceError('unknownInteraction');
  if (record.response_type !== null || record.answering) throw new ServiceError('alreadyAcknowledged');
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw invalidField([], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
  }
  const { type, data } = input as { type?: unknown; data?: unknown };
  if (typeof type !== 'number' || !(Object.values(CALLBACK) as number[]).includes(type)) {
    throw invalidField(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 4, 5, 6, 7, 8, 9, 12}.');
  }
  if (!(ALLOWED[record.type] ?? []).includes(type)) {
    throw invalidField(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', `Callback type ${type} cannot answer an interaction of type ${record.type}.`);
  }
  // An answer that makes a message is taken in that message's transaction (storeFirstAnswer):
  // checked and written in one commit. Any other is claimed in the store first, so a second
  // answer arriving meanwhile, here or on another process, is the second one (40060).
  const claimed = !STORED_WITH_MESSAGE.has(type);
  if (claimed) {
    if (!await services.ledger.claimAnswer(record)) throw await secondAnswer(services, record);
    record.answering = true;
  }
  let effect: Effect;
  try {
    effect = await respond(services, record, type, data, upload, later);
  } catch (error) {
    if (claimed) await services.ledger.releaseAnswer(record);
    record.answering = false;
    // A refused answer that outlived the deadline leaves the interaction dead now.
    await expireIfLate(services, record);
    throw error;
  }
  if (effect.answerStored) markAnswered(record, type, record.original_message_id);
  else await services.ledger.answered(record, type, record.original_message_id);
  toUser(services, record.user_id, 'INTERACTION_SUCCESS', { id: record.id, nonce: record.nonce });
  if (!withResponse) return undefined;
  const message = effect.message;
  // The resource carries the message only for the callbacks that show one now (the docs'
  // callback resource object; the OpenAPI spec allows a resource for 4, 7 and 12 only): a
  // deferred answer's loading message is named in `interaction` alone.
  const shown = message && (type === CALLBACK.CHANNEL_MESSAGE_WITH_SOURCE || type === CALLBACK.UPDATE_MESSAGE) ? message : undefined;
  return {
    interaction: {
      id: record.id,
      type: record.type,
      ...(message && record.original_message_id === message.id ? {
        response_message_id: message.id,
        response_message_loading: (message.flags & MESSAGE_FLAGS.LOADING) !== 0,
        response_message_ephemeral: (message.flags & MESSAGE_FLAGS.EPHEMERAL) !== 0,
      } : {}),
      ...(effect.activityInstanceId ? { activity_instance_id: effect.activityInstanceId } : {}),
    },
    ...(shown ? { resource: { type, message: await appMessageView(services, shown) } } : {}),
    ...(effect.activityInstanceId ? { resource: { type, activity_instance: { id: effect.activityInstanceId } } } : {}),
  };
}

function message(data: unknown, partial: boolean, existingFlags?: number): MessageData {
  const result = validateMessageData(data, ['data'], partial, existingFlags);
  if (!result.ok) throw invalidFormBody(result.errors);
  return result.value;
}

/** A response's poll (`data.poll`), checked; undefined when there is none. */
function responsePoll(data: unknown): PollInput | undefined {
  const result = validateBodyPoll(data, ['data']);
  if (!result.ok) throw invalidFormBody(result.errors);
  return result.value;
}

/** The callbacks whose answer is stored in the transaction of the message it makes (`storeFirstAnswer`). */
const STORED_WITH_MESSAGE: ReadonlySet<number> = new Set([CALLBACK.CHANNEL_MESSAGE_WITH_SOURCE, CALLBACK.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE]);

/** Why an answer is not the first: the interaction is dead (10062), or answered already (40060). */
async function secondAnswer(services: InteractionServices, record: InteractionRecord): Promise<ServiceError> {
  const current = await services.ledger.get(record.id);
  return new ServiceError(current?.expired ? 'unknownInteraction' : 'alreadyAcknowledged');
}

/**
 * The first answer taken and recorded in the transaction of the message it makes: one
 * commit where the claim, the message and the answer took three (each a lock taken and
 * given back, the row's pages written again), and no reader sees the message without the
 * answer. If another answer came first, or the deadline did, nothing is written.
 */
function storeFirstAnswer(services: InteractionServices, record: InteractionRecord, type: number): (message: MessageRecord) => Promise<void> {
  return async (message) => {
    if (!await services.ledger.storeFirstAnswer(record, type, message.id)) throw await secondAnswer(services, record);
  };
}

async function respond(services: InteractionServices, record: InteractionRecord, type: number, data: unknown, upload: MessageUpload, later: boolean): Promise<Effect> {
  switch (type) {
    case CALLBACK.CHANNEL_MESSAGE_WITH_SOURCE: {
      const poll = responsePoll(data);
      const { message: content, rows } = appMessageFiles(services, record, upload, { body: data, at: ['data'] }, message(data, false));
      if (isEmptyMessage(content) && !poll && rows.length === 0) throw new ServiceError('emptyMessage');
      const sent = await sendAppMessage(services, record, content, { original: true, files: rows, ...(poll ? { poll } : {}), storedWith: storeFirstAnswer(services, record, type), later });
      record.original_message_id = sent.id;
      return { message: sent, answerStored: true };
    }
    case CALLBACK.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: {
      // The client shows "<app> is thinking..." until the app edits @original.
      const { flags } = message(data, true);
      const sent = await sendAppMessage(services, record, { flags: (flags ?? 0) & MESSAGE_FLAGS.EPHEMERAL }, {
        original: true, loading: true, storedWith: storeFirstAnswer(services, record, type), later,
      });
      record.original_message_id = sent.id;
      return { message: sent, answerStored: true };
    }
    case CALLBACK.DEFERRED_UPDATE_MESSAGE:
      return {};
    case CALLBACK.UPDATE_MESSAGE: {
      const source = record.source_message_id === null ? undefined : await findAppMessage(services, record, record.source_message_id);
      if (!source) throw new ServiceError('unknownMessage');
      const { message: edit, rows } = appMessageFiles(services, record, upload, { body: data, at: ['data'] }, message(data, true, source.flags), source);
      return { message: await editAppMessage(services, record, source, edit, rows) };
    }
    case CALLBACK.AUTOCOMPLETE_RESULT:
      toUser(services, record.user_id, 'APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE', {
        id: record.id, nonce: record.nonce, application_id: record.application_id, choices: choices(data),
      });
      return {};
    case CALLBACK.MODAL:
      toUser(services, record.user_id, 'INTERACTION_MODAL_CREATE', {
        id: record.id, nonce: record.nonce, application_id: record.application_id, channel_id: record.channel_id, ...modal(data),
      });
      return {};
    default: {
      const application = await services.store.world.application(record.application_id);
      const launch = application && await launchActivity(services, application, record.channel_id, record.guild_id, record.user_id);
      if (!launch) throw invalidField(['type'], 'INTERACTION_RESPONSE_TYPE_INVALID', 'LAUNCH_ACTIVITY needs an app with an Activity (the EMBEDDED flag, and an activity_url or a root URL mapping "/").');
      return { activityInstanceId: launch.instance.id };
    }
  }
}

/** Autocomplete choices: at most 25, each a name of 1-100 characters and a string (<= 100) or number value. */
function choices(data: unknown): Array<{ name: string; value: string | number }> {
  const errors = new ErrorCollector();
  const list = (data as { choices?: unknown } | null | undefined)?.choices;
  if (!Array.isArray(list)) errors.add(['data', 'choices'], 'BASE_TYPE_REQUIRED', 'This field is required');
  else if (list.length > 25) errors.add(['data', 'choices'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
  else {
    list.forEach((choice: unknown, index) => {
      const { name, value } = (choice ?? {}) as { name?: unknown; value?: unknown };
      if (typeof name !== 'string' || [...name].length < 1 || [...name].length > 100) {
        errors.add(['data', 'choices', index, 'name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      }
      const valid = (typeof value === 'string' && [...value].length <= 100) || (typeof value === 'number' && Number.isFinite(value));
      if (!valid) errors.add(['data', 'choices', index, 'value'], 'APPLICATION_COMMAND_OPTION_CHOICE_VALUE_INVALID', 'A choice value is a string of at most 100 characters or a number.');
    });
  }
  if (errors.failed) throw invalidFormBody(errors.tree);
  return list as Array<{ name: string; value: string | number }>;
}

/** A modal, checked by the shared modal rules (custom_id, title, 1-5 components of the modal types). */
function modal(data: unknown): ModalFields {
  const result = validateModal(data, ['data']);
  if (!result.ok) throw invalidFormBody(result.errors);
  return result.value;
}
