/**
 * What a poll shows, as the real client shows it: each answer's count and share of the
 * votes, the reader's own answers, the winners once it is over, the votes in all, and the
 * time left (`23h left`) or that it is closed. Pure, from the message's poll and a clock.
 */
import type { APIPoll } from 'discord-api-types/v10';

export interface PollAnswerView {
  id: number;
  text: string;
  emoji: string | null;
  count: number;
  /** Rounded share of all votes, 0-100. */
  percent: number;
  mine: boolean;
  /** The most voted answer (ties: all of them) once the poll is over with votes. */
  winner: boolean;
}

export interface PollView {
  question: string;
  multiselect: boolean;
  answers: PollAnswerView[];
  total: number;
  voted: boolean;
  /** No more votes: finalized, or past its expiry while the registry settles it. */
  closed: boolean;
  finalized: boolean;
  /** `23h left`, `Poll closed`, `Final results`. */
  status: string;
}

/** `3d left`, `23h left`, `59m left`, `<1m left`. */
export function timeLeft(expiry: number, now: number): string {
  const left = expiry - now;
  if (left >= 86_400_000) return `${Math.floor(left / 86_400_000)}d left`;
  if (left >= 3_600_000) return `${Math.floor(left / 3_600_000)}h left`;
  if (left >= 60_000) return `${Math.floor(left / 60_000)}m left`;
  return '<1m left';
}

export function pollView(poll: APIPoll, now: number): PollView {
  const counts = poll.results?.answer_counts ?? [];
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  const finalized = poll.results?.is_finalized ?? false;
  const expiry = poll.expiry ? Date.parse(poll.expiry) : Number.NaN;
  const closed = finalized || (Number.isFinite(expiry) && expiry <= now);
  const best = Math.max(0, ...counts.map((entry) => entry.count));
  const answers = poll.answers.map((answer) => {
    const entry = counts.find((count) => count.id === answer.answer_id);
    const count = entry?.count ?? 0;
    return {
      id: answer.answer_id,
      text: answer.poll_media.text ?? '',
      emoji: answer.poll_media.emoji?.name ?? null,
      count,
      percent: total === 0 ? 0 : Math.round((count / total) * 100),
      mine: entry?.me_voted ?? false,
      winner: closed && best > 0 && count === best,
    };
  });
  const status = finalized ? 'Final results' : closed ? 'Poll closed' : Number.isFinite(expiry) ? timeLeft(expiry, now) : '';
  return { question: poll.question.text ?? '', multiselect: poll.allow_multiselect, answers, total, voted: answers.some((answer) => answer.mine), closed, finalized, status };
}

/** `1 vote`, `3 votes`. */
export function votes(count: number): string {
  return `${count} ${count === 1 ? 'vote' : 'votes'}`;
}
