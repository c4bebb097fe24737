/**
 * A poll's life after its message: votes (a person's choice replaces their previous one),
 * ending it early (its author), and expiry at its time. Expiry is settled on read against
 * the injected clock (`now`), so a test that moves the clock sees it at once: the poll is
 * finalized (MESSAGE_UPDATE) and a POLL_RESULT message (type 46) answers it.
 */
import { EmbedType, MessageReferenceType, type APIEmbed, type APIMessageReference } from 'discord-api-types/v10';
import { ServiceError } from '../http/service-error.js';
import type { PollRecord } from '../store/poll-store.js';
import type { MessageRecord } from '../store/records.js';
import { announceMessage, CHANNEL_MESSAGE_TYPE, type MessageServices } from './channel-messages.js';

/** The POLL_RESULT message's embed, as the service writes it: its facts as named fields. */
function resultEmbed(poll: PollRecord, counts: ReadonlyMap<number, number>): APIEmbed {
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  let victor: PollRecord['answers'][number] | undefined;
  let best = 0;
  for (const answer of poll.answers) {
    const count = counts.get(answer.answer_id) ?? 0;
    if (count > best) [victor, best] = [answer, count];
    else if (count === best && count > 0) victor = undefined; // a tie has no victor
  }
  const field = (name: string, value: string) => ({ name, value, inline: false });
  return {
    type: EmbedType.PollResult,
    fields: [
      field('poll_question_text', poll.question.text ?? ''),
      field('victor_answer_votes', String(victor ? best : 0)),
      field('total_votes', String(total)),
      ...(victor ? [field('victor_answer_id', String(victor.answer_id)), field('victor_answer_text', victor.poll_media.text ?? '')] : []),
    ],
  };
}

/** Finalizes a poll now: the poll's message is updated and its result posted. */
async function finalize(services: MessageServices, poll: PollRecord, message: MessageRecord): Promise<void> {
  const { store } = services;
  const now = services.now();
  const channel = await store.world.channel(message.channel_id);
  const reference: APIMessageReference = {
    type: MessageReferenceType.Default, message_id: message.id, channel_id: message.channel_id,
    ...(channel?.guild_id ? { guild_id: channel.guild_id } : {}),
  };
  const result: MessageRecord = {
    id: services.nextId(), channel_id: message.channel_id, author_id: message.author_id, content: '',
    timestamp: new Date(now).toISOString(), edited_timestamp: null, type: CHANNEL_MESSAGE_TYPE.POLL_RESULT, flags: 0,
    embeds: [{ ...resultEmbed(poll, await store.polls.counts(message.id)) }], components: [], attachments: [],
    application_id: message.application_id, webhook_id: null, interaction_metadata: null,
    message_reference: reference,
  };
  await store.transaction(async () => {
    await store.polls.finalize(message.id, new Date(now).toISOString());
    await store.messages.putMessage(result);
  });
  await announceMessage(services, 'update', message);
  await announceMessage(services, 'create', result);
}

/** Finalizes every poll whose time has come (called before reads and writes that show polls). */
export async function settleExpiredPolls(services: MessageServices): Promise<void> {
  for (const poll of await services.store.polls.expiredPolls(new Date(services.now()).toISOString())) {
    const message = await services.store.messages.messageById(poll.message_id);
    if (message) await finalize(services, poll, message);
  }
}

/** The poll of a message, or 520006 for a message without one. */
export async function pollOf(services: MessageServices, message: MessageRecord): Promise<PollRecord> {
  const poll = await services.store.polls.poll(message.id);
  if (!poll) throw new ServiceError('notAPoll');
  return poll;
}

/** Ends a poll now (`POST .../expire`); only its author may. */
export async function expirePoll(services: MessageServices, message: MessageRecord, callerId: string): Promise<void> {
  const poll = await pollOf(services, message);
  if (message.author_id !== callerId) throw new ServiceError('missingPermissions');
  if (!poll.finalized) await finalize(services, poll, message);
}

/** Replaces a person's votes; answers each vote added and removed to bots and viewers. */
export async function castVotes(services: MessageServices, message: MessageRecord, userId: string, answerIds: readonly number[]): Promise<void> {
  const poll = await pollOf(services, message);
  if (poll.finalized) throw new ServiceError('pollExpired');
  const before = await services.store.polls.votesOf(message.id, userId);
  await services.store.transaction(async () => await services.store.polls.setVotes(message.id, userId, answerIds));
  const changes = [
    ...before.filter((id) => !answerIds.includes(id)).map((id) => ({ change: 'remove' as const, answer_id: id })),
    ...answerIds.filter((id) => !before.includes(id)).map((id) => ({ change: 'add' as const, answer_id: id })),
  ];
  const guildId = (await services.store.world.channel(message.channel_id))?.guild_id ?? null;
  for (const { change, answer_id: answerId } of changes) {
    const vote = { change, user_id: userId, channel_id: message.channel_id, message_id: message.id, answer_id: answerId };
    services.bus.emit('pollVote', vote);
    const { change: _change, ...data } = vote;
    services.bus.emit('clientEvent', {
      to: { channelId: message.channel_id },
      type: change === 'add' ? 'MESSAGE_POLL_VOTE_ADD' : 'MESSAGE_POLL_VOTE_REMOVE',
      data: { ...data, ...(guildId === null ? {} : { guild_id: guildId }) },
    });
  }
}
