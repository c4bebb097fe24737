/**
 * A poll's counts kept live in the client, as the real client keeps them: each
 * MESSAGE_POLL_VOTE_ADD / _REMOVE the channel hears moves one answer's count (and marks the
 * reader's own answers), and a MESSAGE_UPDATE, which the registry sends to every reader
 * alike, keeps the reader's own votes from what the client already knew.
 */
import type { APIPoll, APIPollAnswerCount } from 'discord-api-types/v10';

/** A vote event's data (message-facts.md, "Polls"). */
export interface PollVoteEvent {
  user_id: string;
  channel_id: string;
  message_id: string;
  answer_id: number;
}

/** The poll after one vote added or removed; `readerId` is who reads it (their own votes are `me_voted`). */
export function applyPollVote(poll: APIPoll, vote: Pick<PollVoteEvent, 'user_id' | 'answer_id'>, change: 'add' | 'remove', readerId: string | null): APIPoll {
  const counts = poll.results?.answer_counts ?? [];
  const mine = vote.user_id === readerId;
  const current = counts.find((entry) => entry.id === vote.answer_id) ?? { id: vote.answer_id, count: 0, me_voted: false };
  const next: APIPollAnswerCount = {
    id: vote.answer_id,
    count: Math.max(0, current.count + (change === 'add' ? 1 : -1)),
    me_voted: mine ? change === 'add' : current.me_voted,
  };
  // Answers nobody chose are left out, as the service leaves them out.
  const answerCounts = [...counts.filter((entry) => entry.id !== vote.answer_id), ...(next.count > 0 ? [next] : [])].sort((a, b) => a.id - b.id);
  return { ...poll, results: { is_finalized: poll.results?.is_finalized ?? false, answer_counts: answerCounts } };
}

/** `next` (an update for every reader) with the reader's own votes as `previous` knew them. */
export function keepOwnVotes(previous: APIPoll | undefined, next: APIPoll | undefined): APIPoll | undefined {
  if (!previous?.results || !next?.results) return next;
  const mine = new Set(previous.results.answer_counts.filter((entry) => entry.me_voted).map((entry) => entry.id));
  if (mine.size === 0) return next;
  return {
    ...next,
    results: { ...next.results, answer_counts: next.results.answer_counts.map((entry) => ({ ...entry, me_voted: entry.me_voted || mine.has(entry.id) })) },
  };
}
