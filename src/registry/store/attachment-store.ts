/**
 * Files users upload to a channel before invoking a command with an ATTACHMENT option, and
 * files bots send with their messages (multipart `files[n]`). The bytes live in the
 * database next to the world, so a data directory carries them and a deleted channel or
 * user takes its uploads along (ON DELETE CASCADE); a message's files go with the message.
 */
import type { Sql } from './database.js';

/** One upload, without its bytes (those are read only when the file is served). */
export interface AttachmentRecord {
  id: string;
  channel_id: string;
  uploader_id: string;
  filename: string;
  content_type: string | null;
  size: number;
  /** The random part of the file's URL; the id alone is a guessable snowflake. */
  url_key: string;
  created_at: number;
  /** The interaction that sent the file, or null while it waits to be sent. */
  used_by_interaction: string | null;
  /** The message the file belongs to (a bot's upload), or null for a command option's. */
  message_id: string | null;
}

const COLUMNS = 'id, channel_id, uploader_id, filename, content_type, size, url_key, created_at, used_by_interaction, message_id';

/** Reads and writes of uploads. */
export class AttachmentStore {
  constructor(private readonly sql: Sql) {}

  /** Stores a new upload with its bytes. */
  async put(record: AttachmentRecord, bytes: Uint8Array): Promise<void> {
    await this.sql.run(
      `INSERT INTO attachments (${COLUMNS}, bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      record.id, record.channel_id, record.uploader_id, record.filename, record.content_type, record.size,
      record.url_key, record.created_at, record.used_by_interaction, record.message_id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    );
  }

  /** An upload by id, or undefined when there is none. */
  async attachment(id: string): Promise<AttachmentRecord | undefined> {
    return await this.sql.get<AttachmentRecord>(`SELECT ${COLUMNS} FROM attachments WHERE id = ?`, id);
  }

  /** An upload's bytes, or undefined when there is none. */
  async bytes(id: string): Promise<Buffer | undefined> {
    return (await this.sql.get<{ bytes: Buffer }>('SELECT bytes FROM attachments WHERE id = ?', id))?.bytes;
  }

  /**
   * Whether `userId` may send the upload with a command in `channelId`: theirs, uploaded
   * there, and not sent with an interaction yet (an upload goes with one command only).
   */
  async usable(id: string, userId: string, channelId: string): Promise<boolean> {
    const row = await this.sql.get<{ id: string }>(
      'SELECT id FROM attachments WHERE id = ? AND uploader_id = ? AND channel_id = ? AND used_by_interaction IS NULL AND message_id IS NULL',
      id, userId, channelId,
    );
    return row !== undefined;
  }

  /** Records that an interaction sent these uploads, so no other can. */
  async markUsed(ids: readonly string[], interactionId: string): Promise<void> {
    for (const id of ids) {
      await this.sql.run('UPDATE attachments SET used_by_interaction = ? WHERE id = ? AND used_by_interaction IS NULL', interactionId, id);
    }
  }

  /** The ids of a message's files. */
  async messageFileIds(messageId: string): Promise<string[]> {
    return (await this.sql.all<{ id: string }>('SELECT id FROM attachments WHERE message_id = ?', messageId)).map((row) => row.id);
  }

  /** Removes files of a message (dropped by an edit), or all of them (an ephemeral message's, deleted). */
  async deleteMessageFiles(messageId: string, ids?: readonly string[]): Promise<void> {
    if (ids === undefined) {
      await this.sql.run('DELETE FROM attachments WHERE message_id = ?', messageId);
      return;
    }
    for (const id of ids) await this.sql.run('DELETE FROM attachments WHERE message_id = ? AND id = ?', messageId, id);
  }
}
