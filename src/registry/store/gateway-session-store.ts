/**
 * Which process holds which bot's gateway sessions, for a team registry: an interaction
 * invoked on one process for a bot connected to another is told over the change feed, and
 * this is how the invoking process knows there is a session to tell (live, or resumable
 * until a time) rather than failing at once with "no bot connected". Written only while
 * processes share the store.
 */
import type { Sql } from './database.js';

export interface RegisteredSession {
  id: string;
  application_id: string;
  shard_id: number;
  shard_count: number;
  process_id: string;
  /** Null while connected; else when it can no longer be resumed. */
  resumable_until: number | null;
}

export class GatewaySessionStore {
  constructor(private readonly sql: Sql) {}

  async put(session: RegisteredSession): Promise<void> {
    await this.sql.run(
      `INSERT INTO gateway_sessions (id, application_id, shard_id, shard_count, process_id, resumable_until) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET process_id = excluded.process_id, resumable_until = excluded.resumable_until`,
      session.id, session.application_id, session.shard_id, session.shard_count, session.process_id, session.resumable_until,
    );
  }

  async remove(id: string): Promise<void> {
    await this.sql.run('DELETE FROM gateway_sessions WHERE id = ?', id);
  }

  /**
   * The app's sessions held by other processes alive since `aliveSince` (heartbeats), live
   * or still resumable at `now`.
   */
  async elsewhere(applicationId: string, processId: string, aliveSince: number, now: number): Promise<RegisteredSession[]> {
    return this.sql.all<RegisteredSession>(
      `SELECT gateway_sessions.id AS id, application_id, shard_id, shard_count, process_id, resumable_until FROM gateway_sessions
       JOIN processes ON processes.id = gateway_sessions.process_id
       WHERE application_id = ? AND process_id <> ? AND processes.heartbeat_at > ? AND (resumable_until IS NULL OR resumable_until > ?)`,
      applicationId, processId, aliveSince, now,
    );
  }
}
