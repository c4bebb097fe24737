/**
 * The message part of an interaction response, a follow-up or an edit, checked against the
 * service's limits (content 2000, 10 embeds of at most 25 fields, 5 action rows or 40
 * components with the V2 flag, the flags a response may set) and refused with 50035 paths.
 */
import { ErrorCollector, type FieldPath, type RuleResult } from '../../shared/command-rules/error-tree.js';

export const MESSAGE_FLAGS = {
  SUPPRESS_EMBEDS: 1 << 2,
  EPHEMERAL: 1 << 6,
  LOADING: 1 << 7,
  SUPPRESS_NOTIFICATIONS: 1 << 12,
  IS_VOICE_MESSAGE: 1 << 13,
  IS_COMPONENTS_V2: 1 << 15,
} as const;

const ALLOWED_FLAGS = MESSAGE_FLAGS.SUPPRESS_EMBEDS | MESSAGE_FLAGS.EPHEMERAL | MESSAGE_FLAGS.SUPPRESS_NOTIFICATIONS |
  MESSAGE_FLAGS.IS_VOICE_MESSAGE | MESSAGE_FLAGS.IS_COMPONENTS_V2;

export interface MessageData {
  content?: string;
  embeds?: Array<Record<string, unknown>>;
  components?: Array<Record<string, unknown>>;
  flags?: number;
}

function countComponents(components: ReadonlyArray<unknown>): number {
  let count = 0;
  for (const component of components) {
    count += 1;
    const children = (component as { components?: unknown }).components;
    if (Array.isArray(children)) count += countComponents(children);
  }
  return count;
}

/** Checks message fields at `at` (e.g. ['data']); `partial` for edits, where nothing is required. */
export function validateMessageData(input: unknown, at: FieldPath, partial: boolean): RuleResult<MessageData> {
  const errors = new ErrorCollector();
  if (input === undefined || input === null) {
    if (!partial) errors.add(at, 'BASE_TYPE_REQUIRED', 'This field is required');
    return errors.failed ? { ok: false, errors: errors.tree } : { ok: true, value: {} };
  }
  if (typeof input !== 'object' || Array.isArray(input)) {
    errors.add(at, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    return { ok: false, errors: errors.tree };
  }
  const { content, embeds, components, flags } = input as Record<string, unknown>;
  const value: MessageData = {};
  if (content !== undefined && content !== null) {
    if (typeof content !== 'string') errors.add([...at, 'content'], 'STRING_TYPE_CONVERT', 'Could not interpret value as string.');
    else if ([...content].length > 2000) errors.add([...at, 'content'], 'BASE_TYPE_MAX_LENGTH', 'Must be 2000 or fewer in length.');
    else value.content = content;
  }
  if (embeds !== undefined && embeds !== null) {
    if (!Array.isArray(embeds)) errors.add([...at, 'embeds'], 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType.');
    else if (embeds.length > 10) errors.add([...at, 'embeds'], 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
    else {
      embeds.forEach((embed: unknown, index) => {
        if (typeof embed !== 'object' || embed === null || Array.isArray(embed)) {
          errors.add([...at, 'embeds', index], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
          return;
        }
        const fields = (embed as { fields?: unknown }).fields;
        if (Array.isArray(fields) && fields.length > 25) {
          errors.add([...at, 'embeds', index, 'fields'], 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
        }
      });
      value.embeds = embeds as Array<Record<string, unknown>>;
    }
  }
  if (flags !== undefined && flags !== null) {
    if (typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0) errors.add([...at, 'flags'], 'NUMBER_TYPE_COERCE', `Value "${String(flags)}" is not int.`);
    else if ((flags & ~ALLOWED_FLAGS) !== 0) errors.add([...at, 'flags'], 'MESSAGE_FLAGS_INVALID', 'Only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2 can be set.');
    else value.flags = flags;
  }
  if (components !== undefined && components !== null) {
    if (!Array.isArray(components)) errors.add([...at, 'components'], 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType.');
    else if (((value.flags ?? 0) & MESSAGE_FLAGS.IS_COMPONENTS_V2) !== 0) {
      if (countComponents(components) > 40) errors.add([...at, 'components'], 'BASE_TYPE_MAX_LENGTH', 'Must be 40 or fewer in total.');
      else value.components = components as Array<Record<string, unknown>>;
    } else if (components.length > 5) errors.add([...at, 'components'], 'BASE_TYPE_MAX_LENGTH', 'Must be 5 or fewer in length.');
    else value.components = components as Array<Record<string, unknown>>;
  }
  return errors.failed ? { ok: false, errors: errors.tree } : { ok: true, value };
}

/** Whether a message would show nothing (the service's 50006). */
export function isEmptyMessage(data: MessageData): boolean {
  return !data.content && !(data.embeds?.length) && !(data.components?.length);
}
