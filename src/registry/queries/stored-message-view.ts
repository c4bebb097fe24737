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

/**
 * The message for `readerId` (null: nobody's votes show as theirs). `nested` stops at one
 * level of replies. `withoutPoll`: the caller has just made the message with no poll, so
 * there is none to read.
 */
export async function storedMessageView(store: Store, message: MessageRecord, readerId: string | null, nested = false, withoutPoll = false): Promise<APIMessage> {
  const view = messageView(message, await store.world.user(message.author_id));
  const reference = message.message_reference;
  const poll = withoutPoll ? undefined : await store.polls.poll(message.id);
  const referenced = reference && !nested && reference.message_id !== undefined
    ? await store.messages.message(reference.channel_id, reference.message_id)
    : undefined;
  return {
    ...view,
    ...(reference ? { message_reference: reference } : {}),
    ...(reference && !nested && message.type === 19
      ? { referenced_message: referenced ? await storedMessageView(store, referenced, readerId, true) : null }
      : {}),
    ...(poll ? { poll: pollView(poll, await store.polls.counts(message.id), readerId === null ? [] : await store.polls.votesOf(message.id, readerId)) } : {}),
  } satisfies APIMessage;
}
