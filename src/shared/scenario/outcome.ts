/**
 * What became of one interaction, read from the events the person's client hears about it
 * (INTERACTION_CREATE, _SUCCESS, _FAILURE, the callback and the bot's answer, autocomplete
 * choices, a modal, and the messages it made or edited). One reducer for the test driver,
 * which waits on these outcomes, and for the client's inspector, which exports them as a
 * scenario's expectations: a recording and its replay are read the same way.
 */
import type { APIMessage } from 'discord-api-types/v10';

/** A client event: its dispatch name and data, as the client's gateway session receives it. */
export interface HeardEvent {
  type: string;
  data: Record<string, unknown>;
}

export type RunKind = 'command' | 'autocomplete' | 'component' | 'modal';

/** What the sender knows of an interaction before any event: its kind, and a component's message. */
export interface RunFacts {
  kind: RunKind;
  /** The message whose component was used (or whose modal was submitted), which UPDATE_MESSAGE edits. */
  messageId?: string;
}

/** A modal the app answered with (INTERACTION_MODAL_CREATE), as the client shows it. */
export interface ShownModal {
  custom_id: string;
  title: string;
  components: Array<Record<string, unknown>>;
}

export interface Choice {
  name: string;
  value: string | number;
  [field: string]: unknown;
}

export interface Outcome {
  status: 'pending' | 'succeeded' | 'failed';
  interaction_id: string | null;
  /** The callback type of the first accepted answer (4 message, 5 deferred, 6, 7, 8, 9, 12). */
  response_type: number | null;
  /** Why there was no answer: `reason` (deadline, refused, no-bot, endpoint-error, http-403, ...) and the detail. */
  failure: { reason: string; detail: string } | null;
  /** The answer's message: the original response (its latest version), or the component's message as the answer left it. */
  reply: APIMessage | null;
  follow_ups: APIMessage[];
  modal: ShownModal | null;
  choices: Choice[] | null;
}

/** Callback types that answer by editing the component's own message. */
const EDITS_SOURCE = new Set([6, 7]);
const DEFAULT_MESSAGE_TYPE = 0;

export function metadataId(message: Record<string, unknown>): string | undefined {
  const metadata = message.interaction_metadata as { id?: unknown } | null | undefined;
  return typeof metadata?.id === 'string' ? metadata.id : undefined;
}

/** A callback type in an answer's body (an object, or the raw JSON text of an HTTP answer). */
function callbackType(body: unknown): number | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  const type = (value as { type?: unknown } | null)?.type;
  return typeof type === 'number' ? type : null;
}

/**
 * Which of `runs` (oldest first) a message event belongs to: the newer of the run whose
 * interaction made it (`interaction_metadata.id`) and the newest component or modal run on
 * that message, since an UPDATE_MESSAGE keeps the metadata of the command that first sent
 * the message. -1 for none.
 */
export function messageOwner(runs: ReadonlyArray<{ interactionId: string | null; messageId?: string | undefined }>, message: Record<string, unknown>): number {
  const made = metadataId(message);
  let owner = -1;
  for (let index = runs.length - 1; index >= 0; index--) {
    const run = runs[index];
    if (run?.messageId === message.id) return Math.max(index, owner);
    if (owner === -1 && made !== undefined && run?.interactionId === made) owner = index;
  }
  return owner;
}

/** The outcome of an interaction from the events heard about it, in the order heard. */
export function outcomeOf(facts: RunFacts, events: readonly HeardEvent[]): Outcome {
  const outcome: Outcome = {
    status: 'pending', interaction_id: null, response_type: null, failure: null, reply: null, follow_ups: [], modal: null, choices: null,
  };
  let answered: number | null = null;
  let original: APIMessage | null = null;
  let source: APIMessage | null = null;
  for (const { type, data } of events) {
    switch (type) {
      case 'INTERACTION_CREATE':
        if (typeof data.id === 'string') outcome.interaction_id = data.id;
        break;
      case 'INTERACTION_SUCCESS':
        if (outcome.status === 'pending') outcome.status = 'succeeded';
        break;
      case 'INTERACTION_FAILURE':
        if (outcome.status === 'pending') {
          outcome.status = 'failed';
          outcome.failure = { reason: String(data.reason ?? 'unknown'), detail: String(data.refusal ?? data.detail ?? '') };
        }
        break;
      case 'INTERACTION_CALLBACK':
        if (answered === null && (data.status === 200 || data.status === 204)) answered = callbackType(data.body);
        break;
      case 'INTERACTION_BOT_RESPONSE':
        if (answered === null && data.outcome === 'response') answered = callbackType(data.body);
        break;
      case 'APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE':
        outcome.choices = Array.isArray(data.choices) ? (data.choices as Choice[]) : [];
        answered ??= 8;
        break;
      case 'INTERACTION_MODAL_CREATE':
        outcome.modal = {
          custom_id: String(data.custom_id ?? ''), title: String(data.title ?? ''),
          components: Array.isArray(data.components) ? (data.components as Array<Record<string, unknown>>) : [],
        };
        answered ??= 9;
        break;
      case 'MESSAGE_CREATE':
      case 'MESSAGE_UPDATE': {
        const message = data as unknown as APIMessage;
        if (outcome.interaction_id !== null && metadataId(data) === outcome.interaction_id) {
          if (message.type === DEFAULT_MESSAGE_TYPE) {
            const at = outcome.follow_ups.findIndex((entry) => entry.id === message.id);
            if (at === -1) outcome.follow_ups.push(message);
            else outcome.follow_ups[at] = message;
          } else original = message;
        } else if (facts.messageId !== undefined && message.id === facts.messageId && type === 'MESSAGE_UPDATE') {
          source = message;
        }
        break;
      }
      default:
    }
  }
  if (outcome.status === 'succeeded') outcome.response_type = answered;
  outcome.reply = outcome.response_type !== null && EDITS_SOURCE.has(outcome.response_type) ? source : original;
  return outcome;
}

/** Message flags the outcome reads (api-facts). */
export const LOADING_FLAG = 1 << 7;

/** Whether a message is still the "is thinking..." placeholder of a deferred answer. */
export function isLoading(message: Pick<APIMessage, 'flags'> | null): boolean {
  return message !== null && ((message.flags ?? 0) & LOADING_FLAG) !== 0;
}

/**
 * The failure of an invocation the person route refused outright (its HTTP answer was not
 * 204), as an event: `http-403`, the service's message and code. The inspector reads a
 * refused send the same way.
 */
export function refusedInvocation(status: number, body: unknown): HeardEvent {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  const detail = typeof message === 'string' ? `${message}${typeof code === 'number' ? ` (${code})` : ''}` : `HTTP ${status}`;
  return { type: 'INTERACTION_FAILURE', data: { reason: status === 0 ? 'network' : `http-${status}`, detail } };
}
