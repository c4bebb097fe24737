/**
 * The message part of an interaction response, a follow-up, an edit or a channel message,
 * checked by the shared message rules (src/shared/message-rules: content, embeds,
 * allowed_mentions, flags, every component type) and refused with 50035 paths.
 */
import type { FieldPath, RuleResult } from '../../shared/command-rules/error-tree.js';
import { MESSAGE_FLAGS, validateMessage, type MessageFields } from '../../shared/message-rules/index.js';

export { MESSAGE_FLAGS };

export type MessageData = MessageFields;

/**
 * Checks message fields at `at` (e.g. ['data']); `partial` for edits, where nothing is
 * required; `existingFlags`, on an edit, the flags of the message before it (a V2 message
 * stays V2 and its components are checked as such).
 */
export function validateMessageData(
  input: unknown, at: FieldPath, partial: boolean, existingFlags?: number,
): RuleResult<MessageData> {
  return validateMessage(input, at, { partial, ...(existingFlags === undefined ? {} : { existingFlags }) });
}

/** Whether a message would show nothing (the service's 50006). */
export function isEmptyMessage(data: MessageData): boolean {
  return !data.content && !(data.embeds?.length) && !(data.components?.length);
}
