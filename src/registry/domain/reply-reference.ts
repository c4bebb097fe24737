/**
 * A reply's `message_reference` as a bot sends it (`{message_id, channel_id?, guild_id?,
 * fail_if_not_exists?}`), checked as the service checks it: the message must be in the
 * same channel; an unknown one is a 50035 `REPLIES_UNKNOWN_MESSAGE` at `message_reference`
 * unless `fail_if_not_exists` is false, when the message is sent as a plain one.
 */
import { MessageReferenceType, type APIMessageReference } from 'discord-api-types/v10';
import { checkSnowflake, MESSAGES } from '../../shared/command-rules/index.js';
import type { ErrorCollector } from '../../shared/command-rules/error-tree.js';

/** The service's words for a reply it cannot make (the cross-channel code is *inferred*). */
export const REPLY_ERRORS = {
  unknownMessage: { code: 'REPLIES_UNKNOWN_MESSAGE', message: 'Unknown message' },
  otherChannel: { code: 'REPLIES_CANNOT_REFERENCE_OTHER_CHANNEL', message: 'Cannot reply to a message in a different channel' },
} as const;

/** Where the reply is posted, and whether a message exists there. */
export interface ReplyPlace {
  channelId: string;
  guildId: string | null;
  exists(messageId: string): boolean;
}

/** The stored reference (`{type: 0, message_id, channel_id, guild_id?}`), undefined for none, errors at `message_reference`. */
export function checkReplyReference(errors: ErrorCollector, input: unknown, place: ReplyPlace): APIMessageReference | undefined {
  const at = ['message_reference'];
  if (input === undefined || input === null) return undefined;
  if (typeof input !== 'object' || Array.isArray(input)) return void errors.add(at, MESSAGES.notObject.code, MESSAGES.notObject.text());
  const { message_id: messageId, channel_id: channelId, type, fail_if_not_exists: failIfMissing } = input as Record<string, unknown>;
  if (type !== undefined && type !== null && type !== 0) return void errors.add([...at, 'type'], MESSAGES.choices.code, MESSAGES.choices.text([0]));
  if (messageId === undefined || messageId === null) return void errors.add([...at, 'message_id'], MESSAGES.required.code, MESSAGES.required.text());
  const id = checkSnowflake(errors, [...at, 'message_id'], messageId);
  if (id === undefined) return undefined;
  if (channelId !== undefined && channelId !== null) {
    const channel = checkSnowflake(errors, [...at, 'channel_id'], channelId);
    if (channel === undefined) return undefined;
    if (channel !== place.channelId) return void errors.add(at, REPLY_ERRORS.otherChannel.code, REPLY_ERRORS.otherChannel.message);
  }
  if (!place.exists(id)) {
    if (failIfMissing === false) return undefined;
    return void errors.add(at, REPLY_ERRORS.unknownMessage.code, REPLY_ERRORS.unknownMessage.message);
  }
  return { type: MessageReferenceType.Default, message_id: id, channel_id: place.channelId, ...(place.guildId === null ? {} : { guild_id: place.guildId }) };
}
