/**
 * The change feed a registry's store calls for: over PostgreSQL, always (a team registry is
 * several processes); over a SQLite file, the one that wakes when a second process opens
 * the same data directory; none for an in-memory store, which nothing else can share. The
 * PostgreSQL driver is loaded only for a PostgreSQL store.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store.js';
import { SqliteDatabase } from '../store/sqlite-database.js';
import type { ChangeFeed, FeedEvent } from './change-feed.js';
import { startHeartbeat, type Heartbeat } from './process-heartbeat.js';
import { SqliteFeed } from './sqlite-feed.js';

/**
 * The heartbeat of a process on a SQLite file, begun as soon as its store is open rather
 * than with its app (built at the first request, start.ts): the other processes on the file
 * know of this one from its start, and one alone keeps an interaction's row back for its
 * answer only while nobody else could be asked for it (interactions/deliver.ts). Undefined
 * for any other store.
 */
export async function startStoreHeartbeat(store: Store, now: () => number, report: (problem: string) => void): Promise<Heartbeat | undefined> {
  const sql = sqliteFile(store);
  if (sql === null) return undefined;
  return await startHeartbeat(sql, randomUUID(), now, (error) => report(`the process heartbeat: ${(error as Error).message ?? String(error)}`));
}

/** The feed of `store`; for a SQLite file, on `heartbeat` when the registry began it with the store. */
export async function startFeed(
  store: Store, deliver: (event: FeedEvent) => void, report: (problem: string) => void, heartbeat?: Heartbeat,
): Promise<ChangeFeed | null> {
  const { sql } = store;
  if (sql.dialect === 'postgres') {
    const [{ PostgresDatabase }, { PostgresFeed }] = await Promise.all([import('../store/postgres-database.js'), import('./postgres-feed.js')]);
    if (!(sql instanceof PostgresDatabase)) return null;
    const feed = new PostgresFeed({ url: sql.url, pool: sql.pool, sql, processId: sql.processId, deliver, changed: () => sql.forgetCached(), report });
    await feed.start();
    return feed;
  }
  const file = sqliteFile(store);
  if (file === null) return null;
  // Rows kept back while this process was alone (interaction-store.ts) are written once
  // another joins: it may be asked for them (a bot calling back through it).
  const joined = () => void store.interactions.writeKeptOrReport();
  const feed = new SqliteFeed({ sql: file, deliver, report, joined, ...(heartbeat ? { heartbeat } : {}) });
  await feed.start();
  return feed;
}

/** The store's database when it is a SQLite file, which another process can open too; else null. */
function sqliteFile(store: Store): SqliteDatabase | null {
  const { sql } = store;
  return sql instanceof SqliteDatabase && sql.file !== null ? sql : null;
}
