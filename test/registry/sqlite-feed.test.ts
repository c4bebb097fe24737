/**
 * The change feed over one SQLite data directory (feed/sqlite-feed.ts), two processes on it
 * played by two connections: a process alone writes no event, and one that has company tells
 * it every event from the company's first commit on, whether or not it has counted the
 * others since (its count is a poll or a heartbeat away). CI once lost an interaction that
 * way: the process had counted nobody at its start, the other started, and the interaction
 * was invoked before the next count (test/registry/shared-data.test.ts). And the rows a
 * process kept back while alone (an HTTP delivery's, interaction-store.ts) are written once
 * another process joins, which may be asked for them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import type { FeedEvent } from '../../src/registry/feed/change-feed.js';
import { startHeartbeat } from '../../src/registry/feed/process-heartbeat.js';
import { SqliteFeed } from '../../src/registry/feed/sqlite-feed.js';
import { startFeed, startStoreHeartbeat } from '../../src/registry/feed/start-feed.js';
import { openSqlite } from '../../src/registry/store/open-sqlite.js';
import type { SqliteDatabase } from '../../src/registry/store/sqlite-database.js';
import { Store } from '../../src/registry/store/store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import { fixtureWorld, unansweredInteraction } from '../helpers/test-registry.js';

/** Long enough that no look for the others' events happens during a test: nothing here waits for one. */
const NEVER_MS = 3_600_000;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const fail = (problem: unknown) => expect.fail(String(problem));

/** A registry process on `directory`, as far as the feed goes: its connection and its heartbeat, begun with its store. */
async function processOn(directory: string, id: string) {
  const sql = openSqlite(directory);
  const heartbeat = await startHeartbeat(sql, id, Date.now, fail);
  const heard: FeedEvent[] = [];
  let feed: SqliteFeed | undefined;
  cleanups.push(async () => {
    await (feed ? feed.close() : heartbeat.stop());
    await sql.close();
  });
  return {
    sql,
    heard,
    /** Starts the feed, as the app does when it is built; `pollMs` as given. */
    async feed(pollMs?: number): Promise<SqliteFeed> {
      feed = new SqliteFeed({ sql, heartbeat, deliver: (event) => heard.push(event), report: fail, ...(pollMs ? { pollMs } : {}) });
      await feed.start();
      return feed;
    },
  };
}

async function dataDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-feed-'));
  cleanups.push(() => rm(directory, { recursive: true, force: true }));
  return directory;
}

const rows = async (sql: SqliteDatabase) => (await sql.get<{ count: number }>('SELECT count(*) AS count FROM feed'))?.count;
const event = (id: string): FeedEvent => ({ name: 'worldChanged', args: [{ kind: 'guild', id }] });

/** Resolves once `heard` holds `count` events (the other process's poll, every 20 ms). */
async function heardAll(heard: FeedEvent[], count: number): Promise<void> {
  while (heard.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Publishes `told` from `feed`, which must count company, and waits for the other process to hear it, and nothing before it. */
async function expectTold(feed: SqliteFeed, heard: FeedEvent[], told: FeedEvent): Promise<void> {
  feed.publish(told);
  expect(feed.shared()).toBe(true);
  await heardAll(heard, 1);
  expect(heard).toEqual([told]);
}

it('writes nothing while alone', async () => {
  const directory = await dataDirectory();
  const alone = await processOn(directory, 'alone');
  const feed = await alone.feed(NEVER_MS);
  await nextTurn();
  feed.publish(event('1'));
  expect(feed.shared()).toBe(false);
  expect(await rows(alone.sql)).toBe(0);
});

it('tells a process that started before its feed, without a count since the heartbeat\'s first', async () => {
  const directory = await dataDirectory();
  // The first process's heartbeat counted nobody; its next beat is a second away.
  const first = await processOn(directory, 'first');
  const second = await processOn(directory, 'second');
  await second.feed();
  const feed = await first.feed(NEVER_MS);
  await expectTold(feed, second.heard, event('1'));
});

it('tells a process that started after its feed, from that process\'s first commit, before any count', async () => {
  const directory = await dataDirectory();
  const first = await processOn(directory, 'first');
  const feed = await first.feed(NEVER_MS);
  await nextTurn();
  feed.publish(event('before'));
  expect(await rows(first.sql)).toBe(0);
  const second = await processOn(directory, 'second');
  await second.feed();
  // The next turn looks for other connections' commits again: the second's heartbeat is one.
  await nextTurn();
  await expectTold(feed, second.heard, event('after'));
});

it('writes the rows it kept back while alone once another process joins', async () => {
  const directory = await dataDirectory();
  // The first process as the registry starts it: its store, its world, its heartbeat, its feed.
  const store = new Store(openSqlite(directory));
  await loadWorld(store, fixtureWorld(), { now: Date.now, nextId: createSnowflakeGenerator(Date.now) });
  const heard: FeedEvent[] = [];
  const feed = await startFeed(store, (heardEvent) => heard.push(heardEvent), fail, await startStoreHeartbeat(store, Date.now, fail));
  cleanups.push(async () => {
    await feed?.close();
    await store.close();
  });
  store.interactions.addLater(unansweredInteraction('1'));
  const second = await processOn(directory, 'second');
  (await second.feed()).publish(event('joined'));
  // The first has read the second's event: its poll counted the second first.
  await heardAll(heard, 1);
  expect((await second.sql.get<{ id: string }>('SELECT id FROM interactions WHERE id = ?', '1'))?.id).toBe('1');
});
