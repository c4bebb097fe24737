/**
 * A stored message as one reader gets it: the message object (domain/channel-view.ts)
 * with what lives beside it in the store, the replied-to message (`referenced_message`,
 * null once deleted) and the poll with the reader's own votes (`me_voted`).
 */
import type { APIMessage } from 'discord-api-types/v10';
import { messageView } from '../domain/message-view.js';
import { pollView } from '../domain/poll-view.js';
import type { MessageRecord } from '../store/records.js';
import type { Store } from '../store/store.js';

/** The message for `readerId` (null: nobody's votes show as theirs). `nested` stops at one level of replies. */
export function storedMessageView(store: Store, message: MessageRecord, readerId: string | null, nested = false): APIMessage {
  const view = messageView(message, store.world.user(message.author_id));
  const reference = message.message_reference;
  const poll = store.polls.poll(message.id);
  const referenced = reference && !nested && reference.message_id !== undefined
    ? store.messages.message(reference.channel_id, reference.message_id)
    : undefined;
  return {
    ...view,
    ...(reference ? { message_reference: reference } : {}),
    ...(reference && !nested && message.type === 19
      ? { referenced_message: referenced ? storedMessageView(store, referenced, readerId, true) : null }
      : {}),
    ...(poll ? { poll: pollView(poll, store.polls.counts(message.id), readerId === null ? [] : store.polls.votesOf(message.id, readerId)) } : {}),
  } satisfies APIMessage;
}
