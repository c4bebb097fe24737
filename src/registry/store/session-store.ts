/**
 * Session tokens minted for the simulated client (`POST /_host/session`): a second way,
 * beside the world file's token, to be a person. Stored as digests; only the newest few per
 * person are kept, so a client that opens a session on every page load leaves no pile behind.
 */
import type { Sql } from './database.js';
import type { UserRecord } from './records.js';
import { hashSecret } from './secrets.js';
import { user, type UserRow } from './world-rows.js';

/** How many minted sessions a person keeps; older ones stop working. */
export const SESSIONS_PER_USER = 20;

export class SessionStore {
  constructor(private readonly sql: Sql) {}

  /** Records a new session token for a person and forgets their oldest beyond the limit. */
  async put(token: string, userId: string, createdAt: number): Promise<void> {
    await this.sql.run(
      'INSERT INTO sessions (token_hash, user_id, created_at, seq) VALUES (?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM sessions WHERE user_id = ?))',
      hashSecret(token), userId, createdAt, userId,
    );
    await this.sql.run(
      `DELETE FROM sessions WHERE user_id = ? AND token_hash NOT IN
         (SELECT token_hash FROM sessions WHERE user_id = ? ORDER BY created_at DESC, seq DESC LIMIT ?)`,
      userId, userId, SESSIONS_PER_USER,
    );
  }

  /** The person a session token belongs to, if it is one. */
  async user(token: string): Promise<UserRecord | undefined> {
    return user(await this.sql.cachedGet<UserRow>(
      `SELECT users.id AS id, username, global_name, locale, bot FROM sessions
       JOIN users ON users.id = sessions.user_id WHERE sessions.token_hash = ?`,
      hashSecret(token),
    ));
  }
}
