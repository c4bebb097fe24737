/**
 * Messages per channel. Kept general on purpose: the world file, the management API and
 * interaction responses all write through `putMessage`, and every reader pages with the
 * service's `before` / `after` / `around` / `limit`.
 */
import type { APIMessageReference } from 'discord-api-types/v10';
import type { Sql } from './database.js';
import type { MessageRecord } from './records.js';

/** One page request; at most one of before, after, around is used (around, then before, then after). */
export interface MessagePage {
  before?: string;
  after?: string;
  around?: string;
  limit: number;
}

/** A message as stored: its lists and metadata as JSON text. */
type MessageRow = Omit<MessageRecord, 'embeds' | 'components' | 'attachments' | 'interaction_metadata' | 'message_reference'> & {
  embeds: string;
  components: string;
  attachments: string;
  interaction_metadata: string | null;
  message_reference: string | null;
};

const LAST_MESSAGE = 'SELECT id FROM messages WHERE channel_id = ? ORDER BY sort_key DESC LIMIT 1';

const COLUMNS =
  'id, channel_id, author_id, content, timestamp, edited_timestamp, type, flags, embeds, components, attachments, application_id, webhook_id, interaction_metadata, message_reference';

/** Text that sorts in snowflake order. */
export function sortKey(id: string): string {
  return id.padStart(20, '0');
}

function decode(row: MessageRow): MessageRecord {
  return {
    id: row.id, channel_id: row.channel_id, author_id: row.author_id, content: row.content,
    timestamp: row.timestamp, edited_timestamp: row.edited_timestamp, type: row.type, flags: row.flags,
    embeds: JSON.parse(row.embeds) as MessageRecord['embeds'],
    components: JSON.parse(row.components) as MessageRecord['components'],
    attachments: JSON.parse(row.attachments) as MessageRecord['attachments'],
    application_id: row.application_id, webhook_id: row.webhook_id,
    interaction_metadata: row.interaction_metadata === null ? null : (JSON.parse(row.interaction_metadata) as MessageRecord['interaction_metadata']),
    ...(row.message_reference === null ? {} : { message_reference: JSON.parse(row.message_reference) as APIMessageReference }),
  };
}

/** Reads and writes of messages. */
export class MessageStore {
  constructor(private readonly sql: Sql) {}

  /** Inserts or replaces a message by id. */
  async putMessage(record: MessageRecord): Promise<void> {
    const channelId = record.channel_id;
    await this.sql.runKeeping<{ id: string }>(
      `INSERT INTO messages (${COLUMNS}, sort_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET channel_id = excluded.channel_id, author_id = excluded.author_id,
         content = excluded.content, timestamp = excluded.timestamp, edited_timestamp = excluded.edited_timestamp,
         type = excluded.type, flags = excluded.flags, embeds = excluded.embeds, components = excluded.components,
         attachments = excluded.attachments, application_id = excluded.application_id,
         webhook_id = excluded.webhook_id, interaction_metadata = excluded.interaction_metadata,
         message_reference = excluded.message_reference`,
      [
        record.id, channelId, record.author_id, record.content, record.timestamp, record.edited_timestamp,
        record.type, record.flags, JSON.stringify(record.embeds), JSON.stringify(record.components),
        JSON.stringify(record.attachments), record.application_id, record.webhook_id,
        record.interaction_metadata === null ? null : JSON.stringify(record.interaction_metadata),
        record.message_reference ? JSON.stringify(record.message_reference) : null, sortKey(record.id),
      ],
      // The channel's newest message after this one is put: the newer of the two (the channel's other messages are unchanged).
      { sql: LAST_MESSAGE, params: [channelId], next: (newest) => (newest && sortKey(newest.id) > sortKey(record.id) ? newest : { id: record.id }), otherwise: () => this.readNewestAgain(channelId) },
    );
  }

  /** A message of a channel, or undefined when the channel holds no message with that id. */
  async message(channelId: string, id: string): Promise<MessageRecord | undefined> {
    const row = await this.sql.get<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE channel_id = ? AND id = ?`, channelId, id);
    return row && decode(row);
  }

  /** The message with an id, whatever its channel (to refuse one id in two channels). */
  async messageById(id: string): Promise<MessageRecord | undefined> {
    const row = await this.sql.get<MessageRow>(`SELECT ${COLUMNS} FROM messages WHERE id = ?`, id);
    return row && decode(row);
  }

  /** One page of a channel's messages, newest first, as the service answers them. */
  async messages(channelId: string, page: MessagePage): Promise<MessageRecord[]> {
    const select = async (where: string, order: 'ASC' | 'DESC', key: string | null, limit: number) =>
      (await this.sql.all<MessageRow>(
          `SELECT ${COLUMNS} FROM messages WHERE channel_id = ? ${where} ORDER BY sort_key ${order} LIMIT ?`,
          ...(key === null ? [channelId, limit] : [channelId, key, limit]),
        ))
        .map(decode);
    if (page.around !== undefined) {
      const key = sortKey(page.around);
      const newer = (await select('AND sort_key > ?', 'ASC', key, Math.floor(page.limit / 2))).reverse();
      return [...newer, ...(await select('AND sort_key <= ?', 'DESC', key, page.limit - newer.length))];
    }
    if (page.before !== undefined) return await select('AND sort_key < ?', 'DESC', sortKey(page.before), page.limit);
    if (page.after !== undefined) return (await select('AND sort_key > ?', 'ASC', sortKey(page.after), page.limit)).reverse();
    return await select('', 'DESC', null, page.limit);
  }

  /**
   * The id of a channel's newest message (`last_message_id`), or null. Every invocation's
   * payload carries it, and most invocations follow a message: on SQLite it is kept (a write
   * to messages forgets it, another process's commit too, read-cache.ts), kept through each
   * message put (the newer of the two, `putMessage`) or else read again right after it, off
   * the path of the next invocation. A team's
   * processes hear of each other's messages only through the feed, so there it is read each time.
   */
  async lastMessageId(channelId: string): Promise<string | null> {
    const row = this.sql.dialect === 'sqlite' ? await this.sql.cachedGet<{ id: string }>(LAST_MESSAGE, channelId) : await this.sql.get<{ id: string }>(LAST_MESSAGE, channelId);
    return row?.id ?? null;
  }

  /** Reads a channel's newest message again, once a write to it has committed and its newest was not kept through it: on the next turn (its caller's answer comes first). */
  private readNewestAgain(channelId: string): void {
    setImmediate(() => {
      // A read that fails here (the store closing) is read again by whoever needs it.
      this.lastMessageId(channelId).catch(() => undefined);
    });
  }

  /** Every message, by channel then age: what a world export carries. */
  async allMessages(): Promise<MessageRecord[]> {
    return (await this.sql.all<MessageRow>(`SELECT ${COLUMNS} FROM messages ORDER BY channel_id, sort_key`)).map(decode);
  }

  /** Removes one message (an interaction response deleted by its app, say). */
  async deleteMessage(channelId: string, id: string): Promise<void> {
    await this.sql.run('DELETE FROM messages WHERE channel_id = ? AND id = ?', channelId, id);
  }
}
