/**
 * The processes of one registry, alive: each says so in `processes` every second. A
 * process is gone after five seconds without a word; its gateway sessions then count for
 * nothing (a bot whose process died cannot be reached through it), and a SQLite process
 * alone knows it has nobody to tell its events.
 */
import type { Sql } from '../store/database.js';

const HEARTBEAT_MS = 1000;
/** After how long without a heartbeat a process counts as gone. */
export const GONE_AFTER_MS = 5000;

export interface Heartbeat {
  /** The process's id in `processes`. */
  readonly processId: string;
  /** How many other processes were alive at the last beat (or count). */
  peers(): number;
  /** Counts the other processes again now (the database moved: one may have just started). */
  recount(): Promise<void>;
  stop(): Promise<void>;
}

export async function startHeartbeat(sql: Sql, processId: string, now: () => number, report: (error: unknown) => void): Promise<Heartbeat> {
  let peers = 0;
  const recount = async () => {
    peers = (await sql.get<{ count: number }>('SELECT count(*) AS count FROM processes WHERE id <> ? AND heartbeat_at > ?', processId, now() - GONE_AFTER_MS))?.count ?? 0;
  };
  const beat = async () => {
    const at = now();
    await sql.run('INSERT INTO processes (id, heartbeat_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at', processId, at);
    await recount();
    // Processes long gone, and the sessions they held.
    await sql.run('DELETE FROM gateway_sessions WHERE process_id IN (SELECT id FROM processes WHERE heartbeat_at <= ?)', at - 10 * GONE_AFTER_MS);
    await sql.run('DELETE FROM processes WHERE heartbeat_at <= ?', at - 10 * GONE_AFTER_MS);
  };
  await beat();
  const timer = setInterval(() => void beat().catch(report), HEARTBEAT_MS);
  timer.unref();
  return {
    processId,
    peers: () => peers,
    recount,
    async stop() {
      clearInterval(timer);
      await sql.run('DELETE FROM gateway_sessions WHERE process_id = ?', processId).catch(() => undefined);
      await sql.run('DELETE FROM processes WHERE id = ?', processId).catch(() => undefined);
    },
  };
}
