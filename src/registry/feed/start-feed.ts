/**
 * The change feed a registry's store calls for: over PostgreSQL, always (a team registry is
 * several processes); over a SQLite file, the one that wakes when a second process opens
 * the same data directory; none for an in-memory store, which nothing else can share. The
 * PostgreSQL driver is loaded only for a PostgreSQL store.
 */
import type { Store } from '../store/store.js';
import { SqliteDatabase } from '../store/sqlite-database.js';
import type { ChangeFeed, FeedEvent } from './change-feed.js';
import { SqliteFeed } from './sqlite-feed.js';

export async function startFeed(
  store: Store, deliver: (event: FeedEvent) => void, report: (problem: string) => void,
): Promise<ChangeFeed | null> {
  const { sql } = store;
  if (sql.dialect === 'postgres') {
    const [{ PostgresDatabase }, { PostgresFeed }] = await Promise.all([import('../store/postgres-database.js'), import('./postgres-feed.js')]);
    if (!(sql instanceof PostgresDatabase)) return null;
    const feed = new PostgresFeed({ url: sql.url, pool: sql.pool, sql, processId: sql.processId, deliver, changed: () => sql.forgetCached(), report });
    await feed.start();
    return feed;
  }
  if (!(sql instanceof SqliteDatabase) || sql.file === null) return null;
  const feed = new SqliteFeed({ sql, deliver, report });
  await feed.start();
  return feed;
}
