/**
 * Interactions in flight, in the database: a callback, a follow-up or an edit may reach any
 * registry process of a team, so the state every route checks lives where all of them read
 * it. Each change of that state is one conditional UPDATE (a compare-and-set that reports
 * whether it happened): two answers arriving at once, on one process or two, cannot both
 * be the first. Tokens are kept as digests, like every credential.
 */
import { encodedOnce } from '../domain/encoded-once.js';
import type { StoredInteractionMetadata } from '../domain/interaction-metadata.js';
import type { Sql } from './database.js';
import type { MessageRecord } from './records.js';
import { hashSecret } from './secrets.js';

/** An interaction as the callback and webhook routes check it. */
export interface InteractionRecord {
  id: string;
  /** The token, when the record was found by it (or made here); '' when read by id elsewhere. */
  token: string;
  application_id: string;
  /** 2 command, 3 component, 4 autocomplete, 5 modal submit. */
  type: number;
  user_id: string;
  guild_id: string | null;
  channel_id: string;
  /** The client's nonce, echoed in its events. */
  nonce: string | null;
  /** The command's name, for messages' interaction metadata. */
  name: string | null;
  created_at: number;
  /** The first response's callback type, once given. */
  response_type: number | null;
  /** A first response is being applied (its message stored): a second one is refused meanwhile. */
  answering: boolean;
  /** Set when the first response did not come in time: the token is dead. */
  expired: boolean;
  original_message_id: string | null;
  /** The message a component was on (UPDATE_MESSAGE edits it). */
  source_message_id: string | null;
  followups: number;
  /** Only a user install reaches the app here (at most 5 follow-ups). */
  user_installed_only: boolean;
  authorizing_integration_owners: Record<string, string>;
  /** The payload as sent. */
  payload: Record<string, unknown>;
  /** The `interaction_metadata` of the messages it sends (follow-ups add their original's id). */
  metadata: StoredInteractionMetadata;
  /** The registry's address as the invoking client reached it: URLs of files the app answers inline with. */
  origin: string;
  /** The latest refusal of a first answer (refusal.ts), named by the failure if no valid one follows. */
  refusal: string | null;
}

interface InteractionRow {
  id: string;
  application_id: string;
  type: number;
  user_id: string;
  guild_id: string | null;
  channel_id: string;
  nonce: string | null;
  name: string | null;
  created_at: number;
  response_type: number | null;
  answering: number;
  expired: number;
  original_message_id: string | null;
  source_message_id: string | null;
  followups: number;
  user_installed_only: number;
  owners: string;
  payload: string;
  metadata: string;
  origin: string;
  refusal: string | null;
}

const COLUMNS = `id, application_id, type, user_id, guild_id, channel_id, nonce, name, created_at, response_type, answering,
  expired, original_message_id, source_message_id, followups, user_installed_only, owners, payload, metadata, origin, refusal`;

function decode(row: InteractionRow, token: string): InteractionRecord {
  return {
    id: row.id, token, application_id: row.application_id, type: row.type, user_id: row.user_id, guild_id: row.guild_id,
    channel_id: row.channel_id, nonce: row.nonce, name: row.name, created_at: row.created_at, response_type: row.response_type,
    answering: row.answering === 1, expired: row.expired === 1, original_message_id: row.original_message_id,
    source_message_id: row.source_message_id, followups: row.followups, user_installed_only: row.user_installed_only === 1,
    authorizing_integration_owners: JSON.parse(row.owners) as Record<string, string>,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    metadata: JSON.parse(row.metadata) as StoredInteractionMetadata,
    origin: row.origin, refusal: row.refusal,
  };
}

/** An interaction no answer was given to, none is under way for, and whose deadline has not passed: what each compare-and-set of the first answer (or of its death) requires. */
const AWAITING_ANSWER = 'response_type IS NULL AND answering = 0 AND expired = 0';

const INSERT = `INSERT INTO interactions (${COLUMNS}, token_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
/** The same, leaving a row that is there already as it is. */
const INSERT_UNLESS_THERE = `${INSERT} ON CONFLICT DO NOTHING`;

/** The row's values, in COLUMNS' order then the token's digest. */
function rowValues(record: InteractionRecord): unknown[] {
  return [
    record.id, record.application_id, record.type, record.user_id, record.guild_id, record.channel_id, record.nonce, record.name,
    record.created_at, record.response_type, record.answering ? 1 : 0, record.expired ? 1 : 0, record.original_message_id,
    record.source_message_id, record.followups, record.user_installed_only ? 1 : 0, JSON.stringify(record.authorizing_integration_owners),
    encodedOnce(record.payload), JSON.stringify(record.metadata), record.origin, record.refusal, hashSecret(record.token),
  ];
}

/** Where `rowValues` has the first answer's callback type and its message: their places in COLUMNS. */
const COLUMN_NAMES = COLUMNS.split(',').map((name) => name.trim());
const RESPONSE_TYPE = COLUMN_NAMES.indexOf('response_type');
const ORIGINAL_MESSAGE_ID = COLUMN_NAMES.indexOf('original_message_id');

export class InteractionStore {
  /** Rows kept back by `addLater` until their first answer or another use of the store, by interaction id. */
  private readonly kept = new Map<string, unknown[]>();
  /** The kept rows a running transaction has written (`writeKept`, `answerFirst`), which leave `kept` if it commits. */
  private readonly writing = new Set<string>();

  constructor(private readonly sql: Sql) {}

  async add(record: InteractionRecord): Promise<void> {
    await this.sql.run(INSERT, ...rowValues(record));
  }

  /**
   * Keeps the interaction's row back for its first answer: an inline answer with a message
   * (`answerFirst`) writes it answered, once, in the message's transaction, which is held
   * back a little with others (Sql.transactionLater) rather than written, then updated, on
   * the delivery's way (docs/benchmarks.md). Every other use of the store writes the rows
   * kept back first (`writeKept`), so every read and every other write finds the row as
   * `add` would have left it. For SQLite and a registry alone on it only: another process
   * would not find the row.
   */
  addLater(record: InteractionRecord): void {
    this.kept.set(record.id, rowValues(record));
  }

  /**
   * Writes the rows kept back (`addLater`): in one transaction, or in the running one. Each
   * leaves the kept rows once its transaction has committed, so a rollback leaves it kept.
   */
  async writeKept(): Promise<void> {
    if (this.kept.size === 0) return;
    const rows = [...this.kept];
    await this.sql.transaction(async () => {
      for (const [id] of rows) this.writing.add(id);
      this.sql.afterRollback(() => {
        for (const [id] of rows) this.writing.delete(id);
      });
      for (const [, values] of rows) await this.sql.run(INSERT_UNLESS_THERE, ...values);
      this.sql.afterCommit(() => {
        for (const [id, values] of rows) {
          this.writing.delete(id);
          if (this.kept.get(id) === values) this.kept.delete(id);
        }
      });
    });
  }

  /**
   * Writes the rows kept back now, off any request's path (the store's close, another
   * process joining: feed/start-feed.ts), saying on stderr when they cannot be. A row that
   * cannot be written stays kept: the next use of the store tries again.
   */
  async writeKeptOrReport(): Promise<void> {
    await this.writeKept().catch((error: unknown) => {
      console.error(`slashbench: interactions kept back could not be stored: ${(error as Error).message}`);
    });
  }

  /** Writes the rows kept back, before the store closes (which goes on if they cannot be). */
  async close(): Promise<void> {
    await this.writeKeptOrReport();
  }

  async byToken(token: string): Promise<InteractionRecord | undefined> {
    await this.writeKept();
    const row = await this.sql.get<InteractionRow>(`SELECT ${COLUMNS} FROM interactions WHERE token_hash = ?`, hashSecret(token));
    return row && decode(row, token);
  }

  async byId(id: string): Promise<InteractionRecord | undefined> {
    await this.writeKept();
    const row = await this.sql.get<InteractionRow>(`SELECT ${COLUMNS} FROM interactions WHERE id = ?`, id);
    return row && decode(row, '');
  }

  /** Claims the first answer: true only for the one caller that found none given, none under way, and the token alive. */
  async claimAnswer(id: string): Promise<boolean> {
    await this.writeKept();
    return (await this.sql.change(
      `UPDATE interactions SET answering = 1 WHERE id = ? AND ${AWAITING_ANSWER}`, id,
    )) === 1;
  }

  /** Gives a claim back: the answer was refused. */
  async releaseAnswer(id: string): Promise<void> {
    await this.writeKept();
    await this.sql.run('UPDATE interactions SET answering = 0 WHERE id = ?', id);
  }

  /** The first answer is given: its callback type, and the message it made, if any. */
  async answered(id: string, responseType: number, originalMessageId: string | null): Promise<void> {
    await this.writeKept();
    await this.sql.run(
      'UPDATE interactions SET response_type = ?, answering = 0, original_message_id = coalesce(?, original_message_id) WHERE id = ?',
      responseType, originalMessageId, id,
    );
  }

  /** Gives the first answer unclaimed: true only for the one caller that found none given, none under way, and the token alive. */
  async answerFirst(id: string, responseType: number, originalMessageId: string): Promise<boolean> {
    const kept = this.kept.get(id);
    // Kept back and not being written: alive, not ended and not answered (whatever would
    // end or answer it writes it first). Written answered in this transaction; kept if it
    // rolls back.
    if (kept && !this.writing.has(id)) {
      const answered = [...kept];
      answered[RESPONSE_TYPE] = responseType;
      answered[ORIGINAL_MESSAGE_ID] = originalMessageId;
      this.writing.add(id);
      this.sql.afterRollback(() => this.writing.delete(id));
      try {
        await this.sql.run(INSERT, ...answered);
      } catch (error) {
        this.writing.delete(id);
        throw error;
      }
      this.sql.afterCommit(() => {
        this.writing.delete(id);
        if (this.kept.get(id) === kept) this.kept.delete(id);
      });
      return true;
    }
    await this.writeKept();
    return (await this.sql.change(
      `UPDATE interactions SET response_type = ?, original_message_id = ? WHERE id = ? AND ${AWAITING_ANSWER}`,
      responseType, originalMessageId, id,
    )) === 1;
  }

  /** Marks it dead for want of a first answer: true only for the caller that did (none came, none under way). */
  async expire(id: string): Promise<boolean> {
    await this.writeKept();
    return (await this.sql.change(
      `UPDATE interactions SET expired = 1 WHERE id = ? AND ${AWAITING_ANSWER}`, id,
    )) === 1;
  }

  /** Counts a follow-up unless `limit` of them were sent; true when counted. */
  async countFollowUp(id: string, limit: number | null): Promise<boolean> {
    await this.writeKept();
    const changed = limit === null
      ? await this.sql.change('UPDATE interactions SET followups = followups + 1 WHERE id = ?', id)
      : await this.sql.change('UPDATE interactions SET followups = followups + 1 WHERE id = ? AND followups < ?', id, limit);
    return changed === 1;
  }

  async uncountFollowUp(id: string): Promise<void> {
    await this.writeKept();
    await this.sql.run('UPDATE interactions SET followups = followups - 1 WHERE id = ? AND followups > 0', id);
  }

  async rememberRefusal(id: string, sentence: string): Promise<void> {
    await this.writeKept();
    await this.sql.run('UPDATE interactions SET refusal = ? WHERE id = ?', sentence, id);
  }

  /** Interactions still waiting for their first answer, created after `since`. */
  async awaiting(since: number): Promise<InteractionRecord[]> {
    await this.writeKept();
    return (await this.sql.all<InteractionRow>(
      `SELECT ${COLUMNS} FROM interactions WHERE response_type IS NULL AND expired = 0 AND created_at > ? ORDER BY created_at`, since,
    )).map((row) => decode(row, ''));
  }

  /** The latest interaction since `since` of this user and app answered with `responseType` (a modal). */
  async latestAnswered(userId: string, applicationId: string, responseType: number, since: number): Promise<InteractionRecord | undefined> {
    await this.writeKept();
    const row = await this.sql.get<InteractionRow>(
      `SELECT ${COLUMNS} FROM interactions WHERE user_id = ? AND application_id = ? AND response_type = ? AND created_at > ?
       ORDER BY created_at DESC, id DESC LIMIT 1`,
      userId, applicationId, responseType, since,
    );
    return row && decode(row, '');
  }

  /** Keeps an ephemeral message (never stored in its channel: only its user sees it). */
  async putEphemeral(interactionId: string, message: MessageRecord): Promise<void> {
    await this.writeKept();
    await this.sql.run(
      `INSERT INTO ephemeral_messages (id, interaction_id, body) VALUES (?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET body = excluded.body`,
      message.id, interactionId, JSON.stringify(message),
    );
  }

  async ephemeralMessage(id: string): Promise<MessageRecord | undefined> {
    const row = await this.sql.get<{ body: string }>('SELECT body FROM ephemeral_messages WHERE id = ?', id);
    return row && (JSON.parse(row.body) as MessageRecord);
  }

  async deleteEphemeral(id: string): Promise<void> {
    await this.sql.run('DELETE FROM ephemeral_messages WHERE id = ?', id);
  }

  /** Forgets interactions created at or before `before` (their tokens are dead), with their ephemeral messages. */
  async forgetBefore(before: number): Promise<void> {
    await this.writeKept();
    await this.sql.run('DELETE FROM ephemeral_messages WHERE interaction_id IN (SELECT id FROM interactions WHERE created_at <= ?)', before);
    await this.sql.run('DELETE FROM interactions WHERE created_at <= ?', before);
  }
}
