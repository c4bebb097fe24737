/**
 * Polls and their votes (migration 7). A poll is written once with its message and never
 * edited; votes are rows, one per (answer, user), so counts, "did I vote" and the voters
 * list are all reads of the same rows.
 */
import type { APIPollMedia } from 'discord-api-types/v10';
import type { Sql } from './database.js';

/** A poll as stored: answers numbered 1..n in the order they were sent. */
export interface PollRecord {
  message_id: string;
  question: APIPollMedia;
  answers: Array<{ answer_id: number; poll_media: APIPollMedia }>;
  /** ISO 8601. */
  expiry: string;
  allow_multiselect: boolean;
  layout_type: number;
  finalized: boolean;
}

interface PollRow {
  message_id: string;
  question: string;
  answers: string;
  expiry: string;
  allow_multiselect: number;
  layout_type: number;
  finalized: number;
}

const COLUMNS = 'message_id, question, answers, expiry, allow_multiselect, layout_type, finalized';

function decode(row: PollRow): PollRecord {
  return {
    message_id: row.message_id,
    question: JSON.parse(row.question) as APIPollMedia,
    answers: JSON.parse(row.answers) as PollRecord['answers'],
    expiry: row.expiry,
    allow_multiselect: row.allow_multiselect === 1,
    layout_type: row.layout_type,
    finalized: row.finalized === 1,
  };
}

export class PollStore {
  constructor(private readonly sql: Sql) {}

  /** Stores a new poll (its message must be stored first). */
  async putPoll(poll: PollRecord): Promise<void> {
    await this.sql.run(
      `INSERT INTO polls (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      poll.message_id, JSON.stringify(poll.question), JSON.stringify(poll.answers), poll.expiry,
      poll.allow_multiselect ? 1 : 0, poll.layout_type, poll.finalized ? 1 : 0,
    );
  }

  async poll(messageId: string): Promise<PollRecord | undefined> {
    const row = await this.sql.get<PollRow>(`SELECT ${COLUMNS} FROM polls WHERE message_id = ?`, messageId);
    return row && decode(row);
  }

  /** Polls not yet finalized whose expiry is at or before `isoTime` (ISO strings sort by time). */
  async expiredPolls(isoTime: string): Promise<PollRecord[]> {
    return (await this.sql.all<PollRow>(`SELECT ${COLUMNS} FROM polls WHERE finalized = 0 AND expiry <= ?`, isoTime)).map(decode);
  }

  /** Ends a poll: its expiry becomes `isoTime` when earlier, and it is finalized. */
  async finalize(messageId: string, isoTime: string): Promise<void> {
    await this.sql.run('UPDATE polls SET finalized = 1, expiry = CASE WHEN expiry < ? THEN expiry ELSE ? END WHERE message_id = ?', isoTime, isoTime, messageId);
  }

  /** The answers a user voted for, in order. */
  async votesOf(messageId: string, userId: string): Promise<number[]> {
    return (await this.sql.all<{ answer_id: number }>('SELECT answer_id FROM poll_votes WHERE message_id = ? AND user_id = ? ORDER BY answer_id', messageId, userId))
      .map((row) => row.answer_id);
  }

  /** Replaces a user's votes with `answerIds` (empty: removes the vote). */
  async setVotes(messageId: string, userId: string, answerIds: readonly number[]): Promise<void> {
    await this.sql.run('DELETE FROM poll_votes WHERE message_id = ? AND user_id = ?', messageId, userId);
    for (const answerId of answerIds) {
      await this.sql.run('INSERT INTO poll_votes (message_id, answer_id, user_id) VALUES (?, ?, ?)', messageId, answerId, userId);
    }
  }

  /** Votes per answer id (answers nobody chose are absent). */
  async counts(messageId: string): Promise<Map<number, number>> {
    const rows = await this.sql.all<{ answer_id: number; count: number }>(
      'SELECT answer_id, COUNT(*) AS count FROM poll_votes WHERE message_id = ? GROUP BY answer_id', messageId,
    );
    return new Map(rows.map((row) => [row.answer_id, Number(row.count)]));
  }

  /** Who voted for an answer, by user id ascending (snowflake order), after `after`. */
  async voters(messageId: string, answerId: number, after: string | undefined, limit: number): Promise<string[]> {
    const rows = await this.sql.all<{ user_id: string }>(
      `SELECT user_id FROM poll_votes WHERE message_id = ? AND answer_id = ? ORDER BY length(user_id), user_id`, messageId, answerId,
    );
    const ids = rows.map((row) => row.user_id).filter((id) => after === undefined || BigInt(id) > BigInt(after));
    return ids.slice(0, limit);
  }
}
