/**
 * A message's poll as the service answers it (`APIPoll`): the answers numbered 1..n, the
 * expiry, and results counted from the votes, with `me_voted` for the reader. Answers
 * nobody chose are left out of `answer_counts`, as the service leaves them out.
 */
import type { APIPoll, APIPollAnswerCount } from 'discord-api-types/v10';
import type { PollRecord } from '../store/poll-store.js';

/** The poll for one reader: `mine` holds the answer ids that reader chose. */
export function pollView(poll: PollRecord, counts: ReadonlyMap<number, number>, mine: readonly number[]): APIPoll {
  const answerCounts: APIPollAnswerCount[] = poll.answers.flatMap(({ answer_id: id }) => {
    const count = counts.get(id) ?? 0;
    return count === 0 ? [] : [{ id, count, me_voted: mine.includes(id) }];
  });
  return {
    question: poll.question,
    answers: poll.answers,
    expiry: poll.expiry,
    allow_multiselect: poll.allow_multiselect,
    layout_type: poll.layout_type,
    results: { is_finalized: poll.finalized, answer_counts: answerCounts },
  } satisfies APIPoll;
}
