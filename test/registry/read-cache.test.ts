/**
 * The cache of hot reads' rows (store/read-cache.ts): it answers from memory only while
 * nothing can have changed the rows. Once alone, with a counted source; then through a real
 * store, with a second connection to the same data (a second registry: the same data
 * directory, or in `npm run test:postgres` the same database, each store with its change
 * feed) writing between turns, a transaction rolled back, and a caller changing what it read.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeFeed } from '../../src/registry/feed/change-feed.js';
import { startFeed } from '../../src/registry/feed/start-feed.js';
import { ReadCache } from '../../src/registry/store/read-cache.js';
import type { Store } from '../../src/registry/store/store.js';
import { testPostgresServer, testStore } from '../helpers/test-store.js';

/** The end of the current synchronous turn: the cache checks other connections once per turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Counts the statement behind a SQLite store's `dataVersion`: the WAL header's look
 * (wal-header.ts) decides when it runs.
 */
function countDataVersionAsks(store: Store): { count: number } {
  const statement = (store.sql as unknown as { dataVersionStatement: { get: () => unknown } }).dataVersionStatement;
  const get = statement.get.bind(statement);
  const asked = { count: 0 };
  statement.get = () => {
    asked.count += 1;
    return get();
  };
  return asked;
}

const onPostgres = testPostgresServer() !== undefined;

describe('the read cache', () => {
  function counted() {
    const source = { version: 1, transaction: false, versionReads: 0 };
    const cache = new ReadCache({
      dataVersion: () => {
        source.versionReads += 1;
        return source.version;
      },
      inTransaction: () => source.transaction,
    });
    let reads = 0;
    const read = (sql: string, ...params: unknown[]) => cache.read(sql, params, () => ({ reads: ++reads }));
    return { source, cache, read, reads: () => reads };
  }

  it('reads a statement with its parameters once, and checks other connections once a turn', async () => {
    const { source, read, reads } = counted();
    expect(read('SELECT a WHERE id = ?', '1')).toEqual({ reads: 1 });
    expect(read('SELECT a WHERE id = ?', '1')).toEqual({ reads: 1 });
    expect(read('SELECT a WHERE id = ?', '2')).toEqual({ reads: 2 });
    expect(read('SELECT a WHERE id = ?', null)).toEqual({ reads: 3 });
    expect(read('SELECT a WHERE id = ?', '')).toEqual({ reads: 4 });
    expect(source.versionReads).toBe(1);
    await nextTurn();
    read('SELECT a WHERE id = ?', '1');
    expect(source.versionReads).toBe(2);
    expect(reads()).toBe(4);
  });

  it('forgets everything after another connection commits, seen at the next turn', async () => {
    const { source, read, reads } = counted();
    read('SELECT a');
    source.version = 2;
    read('SELECT a');
    expect(reads()).toBe(1);
    await nextTurn();
    read('SELECT a');
    expect(reads()).toBe(2);
  });

  it('forgets everything at a write, except to the tables no cached read depends on', () => {
    const { cache, read, reads } = counted();
    read('SELECT a');
    cache.written('INSERT INTO messages (id) VALUES (?)');
    cache.written('DELETE FROM attachments WHERE id = ?');
    read('SELECT a');
    expect(reads()).toBe(1);
    for (const write of ['UPDATE guilds SET name = ?', 'INSERT OR IGNORE INTO guild_installs VALUES (?, ?)', 'DELETE FROM members', 'PRAGMA something']) {
      cache.written(write);
      read('SELECT a');
    }
    expect(reads()).toBe(5);
  });

  it('forgets only the kept reads of such a table at a write to it', () => {
    const { cache, read, reads } = counted();
    const newest = 'SELECT id FROM messages WHERE channel_id = ? ORDER BY sort_key DESC LIMIT 1';
    read('SELECT a');
    read(newest, 'c');
    cache.written('DELETE FROM attachments WHERE id = ?');
    read(newest, 'c');
    expect(reads()).toBe(2);
    cache.written('INSERT INTO messages (id) VALUES (?)');
    expect(read(newest, 'c')).toEqual({ reads: 3 });
    expect(read('SELECT a')).toEqual({ reads: 1 });
    cache.written('UPDATE guilds SET name = ?');
    read(newest, 'c');
    expect(reads()).toBe(4);
  });

  it('keeps an answer through a write that says what it makes of it, only when that was the one write to its table', () => {
    const { cache, read, reads } = counted();
    const newest = 'SELECT id FROM messages WHERE channel_id = ? ORDER BY sort_key DESC LIMIT 1';
    const write = 'INSERT INTO messages (id) VALUES (?)';
    read(newest, 'c');
    // The write alone, then another table's: kept.
    let before = cache.peek(newest, ['c']);
    expect(before.kept).toEqual({ value: { reads: 1 } });
    cache.written(write);
    cache.written('INSERT INTO interactions (id) VALUES (?)');
    expect(cache.keepAfter(before, newest, ['c'], { id: 'after' })).toBe(true);
    expect(read(newest, 'c')).toEqual({ id: 'after' });
    // A second write to the table: not kept.
    before = cache.peek(newest, ['c']);
    cache.written(write);
    cache.written('DELETE FROM messages WHERE id = ?');
    expect(cache.keepAfter(before, newest, ['c'], { id: 'stale' })).toBe(false);
    expect(read(newest, 'c')).toEqual({ reads: 2 });
    // Everything forgotten meanwhile (another connection's commit): not kept.
    before = cache.peek(newest, ['c']);
    cache.written(write);
    cache.forget();
    expect(cache.keepAfter(before, newest, ['c'], { id: 'stale' })).toBe(false);
    expect(read(newest, 'c')).toEqual({ reads: 3 });
    expect(reads()).toBe(3);
  });

  it('neither keeps nor serves rows inside a transaction', () => {
    const { source, read, reads } = counted();
    read('SELECT a');
    source.transaction = true;
    read('SELECT a');
    read('SELECT a');
    expect(reads()).toBe(3);
    source.transaction = false;
    expect(read('SELECT a')).toEqual({ reads: 1 });
  });
});

describe('the read cache behind a store', () => {
  let directory: string;
  const stores: Store[] = [];
  const feeds: ChangeFeed[] = [];
  afterEach(async () => {
    for (const feed of feeds.splice(0)) await feed.close();
    for (const store of stores.splice(0)) await store.close();
    await rm(directory, { recursive: true, force: true });
  });

  /**
   * Two registries' stores on the same data. On SQLite each learns of the other's commits
   * on its next turn; on PostgreSQL through its change feed, as a team registry's processes do.
   */
  async function twoConnections(): Promise<[Store, Store]> {
    directory = await mkdtemp(join(tmpdir(), 'slashbench-read-cache-'));
    const first = await testStore(directory);
    const second = await testStore(directory);
    stores.push(first, second);
    if (onPostgres) {
      for (const store of [first, second]) {
        const feed = await startFeed(store, () => undefined, (problem) => expect.fail(problem));
        if (feed) feeds.push(feed);
      }
      expect(feeds).toHaveLength(2);
    }
    await first.world.putGuild({ id: '1', name: 'Before', owner_id: '2', locale: 'en-US' });
    return [first, second];
  }

  /** A message of channel 5 with `id` as its id and content. */
  const message = (id: string) => ({
    id, channel_id: '5', author_id: '2', content: id, timestamp: '2024-01-01T00:00:00.000Z', edited_timestamp: null,
    type: 0, flags: 0, embeds: [], components: [], attachments: [], application_id: null, webhook_id: null, interaction_metadata: null,
  });

  /** Until each store knows what the other committed: its next turn (SQLite), or its feed caught up (PostgreSQL). */
  async function settled(): Promise<void> {
    await nextTurn();
    await Promise.all(feeds.map((feed) => feed.caughtUp()));
  }

  it('sees its own writes at once and another registry\'s from the next turn', async () => {
    const [first, second] = await twoConnections();
    expect((await first.world.guild('1'))?.name).toBe('Before');
    await first.world.putGuild({ id: '1', name: 'Mine', owner_id: '2', locale: 'en-US' });
    expect((await first.world.guild('1'))?.name).toBe('Mine');
    await settled();
    expect((await second.world.guild('1'))?.name).toBe('Mine');
    await second.world.putGuild({ id: '1', name: 'Theirs', owner_id: '2', locale: 'en-US' });
    await settled();
    expect((await first.world.guild('1'))?.name).toBe('Theirs');
  });

  it('knows a channel\'s newest message through its own writes and deletes, and another registry\'s from the next turn', async () => {
    const [first, second] = await twoConnections();
    await first.world.putChannel({ id: '5', guild_id: '1', type: 0, name: 'general', parent_id: null, position: 0, nsfw: false });
    expect(await first.messages.lastMessageId('5')).toBeNull();
    await first.messages.putMessage(message('10'));
    expect(await first.messages.lastMessageId('5')).toBe('10');
    await settled();
    await first.messages.putMessage(message('100'));
    expect(await first.messages.lastMessageId('5')).toBe('100');
    await first.messages.deleteMessage('5', '100');
    expect(await first.messages.lastMessageId('5')).toBe('10');
    await expect(first.transaction(async () => {
      await first.messages.putMessage(message('200'));
      throw new Error('refused');
    })).rejects.toThrow('refused');
    await settled();
    expect(await first.messages.lastMessageId('5')).toBe('10');
    await second.messages.putMessage(message('300'));
    await settled();
    expect(await first.messages.lastMessageId('5')).toBe('300');
  });

  it('keeps a channel\'s newest message through the messages put in it, and reads it again when that cannot be known', async () => {
    const [first, second] = await twoConnections();
    await first.world.putChannel({ id: '5', guild_id: '1', type: 0, name: 'general', parent_id: null, position: 0, nsfw: false });
    await first.messages.putMessage(message('20'));
    await settled();
    expect(await first.messages.lastMessageId('5')).toBe('20');
    // An older message (its id sorts first) leaves the newest as it was; a newer one is the newest.
    await first.messages.putMessage(message('9'));
    expect(await first.messages.lastMessageId('5')).toBe('20');
    await first.messages.putMessage(message('100'));
    expect(await first.messages.lastMessageId('5')).toBe('100');
    // Two writes to the messages in one transaction: the newest is read again.
    await first.transaction(async () => {
      await first.messages.putMessage(message('200'));
      await first.messages.deleteMessage('5', '200');
    });
    await settled();
    expect(await first.messages.lastMessageId('5')).toBe('100');
    await settled();
    // Another registry's newer message committed in the same turn, before this one's: the next read looks again.
    expect(await first.messages.lastMessageId('5')).toBe('100');
    await second.messages.putMessage(message('500'));
    await first.messages.putMessage(message('400'));
    if (onPostgres) await settled();
    expect(await first.messages.lastMessageId('5')).toBe('500');
  });

  it.skipIf(onPostgres)('asks SQLite nothing for a channel\'s newest message after a message put in it', async () => {
    const [first] = await twoConnections();
    await first.world.putChannel({ id: '5', guild_id: '1', type: 0, name: 'general', parent_id: null, position: 0, nsfw: false });
    expect(await first.messages.lastMessageId('5')).toBeNull();
    const statements = (first.sql as unknown as { statements: Map<string, { get: (...params: unknown[]) => unknown }> }).statements;
    const [, newest] = [...statements].find(([sql]) => sql.startsWith('SELECT id FROM messages WHERE channel_id')) ?? [];
    if (!newest) throw new Error('the newest message was not read through a prepared statement');
    const get = newest.get.bind(newest);
    let asked = 0;
    newest.get = (...params: unknown[]) => {
      asked += 1;
      return get(...params);
    };
    await first.messages.putMessage(message('10'));
    await nextTurn();
    await first.messages.putMessage(message('30'));
    await nextTurn();
    expect(await first.messages.lastMessageId('5')).toBe('30');
    expect(asked).toBe(0);
  });

  // SQLite's own look at the WAL; PostgreSQL hears of other processes' commits from its feed (above and below).
  it.skipIf(onPostgres)('asks SQLite whether another registry committed only on a turn after a commit', async () => {
    const [first, second] = await twoConnections();
    const asked = countDataVersionAsks(first);
    await nextTurn();
    await first.world.guild('1');
    await nextTurn();
    const before = asked.count;
    for (let turn = 0; turn < 3; turn++) {
      await first.world.guild('1');
      await nextTurn();
    }
    expect(asked.count).toBe(before);
    // Its own write is looked at once the turn is over: the header's change counter says the
    // commit was its own, so SQLite is not asked, then or on the next turn.
    await first.world.putGuild({ id: '1', name: 'Mine', owner_id: '2', locale: 'en-US' });
    await nextTurn();
    expect(asked.count).toBe(before);
    expect((await first.world.guild('1'))?.name).toBe('Mine');
    expect(asked.count).toBe(before);
    await nextTurn();
    await second.world.putGuild({ id: '1', name: 'Theirs', owner_id: '2', locale: 'en-US' });
    expect((await first.world.guild('1'))?.name).toBe('Theirs');
    expect(asked.count).toBe(before + 1);
  });

  it.skipIf(onPostgres)('asks SQLite when another registry committed between its own commits, and sees that commit', async () => {
    const [first, second] = await twoConnections();
    const asked = countDataVersionAsks(first);
    expect((await first.world.guild('1'))?.name).toBe('Before');
    await nextTurn();
    const before = asked.count;
    // One commit of its own in a transaction, one outside, one that changed nothing, and theirs among them.
    await first.transaction(async () => {
      await first.sql.run('INSERT INTO processes (id, heartbeat_at) VALUES (?, ?)', 'a', 1);
      await first.sql.run('INSERT INTO processes (id, heartbeat_at) VALUES (?, ?)', 'b', 1);
    });
    await second.world.putGuild({ id: '1', name: 'Theirs', owner_id: '2', locale: 'en-US' });
    await first.sql.run('UPDATE processes SET heartbeat_at = 2 WHERE id = ?', 'none');
    await first.sql.run('INSERT INTO processes (id, heartbeat_at) VALUES (?, ?)', 'c', 1);
    await nextTurn();
    expect((await first.world.guild('1'))?.name).toBe('Theirs');
    expect(asked.count).toBe(before + 1);
    // Its own commits alone, a transaction's and a statement's: nothing asked.
    await first.transaction(async () => {
      await first.sql.run('INSERT INTO processes (id, heartbeat_at) VALUES (?, ?)', 'd', 1);
    });
    await first.sql.run('UPDATE processes SET heartbeat_at = 3 WHERE id = ?', 'd');
    await nextTurn();
    expect((await first.world.guild('1'))?.name).toBe('Theirs');
    expect(asked.count).toBe(before + 1);
  });

  it.skipIf(onPostgres)('asks SQLite nothing more on a turn that writes before it reads', async () => {
    const [first] = await twoConnections();
    const asked = countDataVersionAsks(first);
    await first.world.guild('1');
    await nextTurn();
    const before = asked.count;
    // The turn's look comes with its first write, while the header is the one last seen.
    await first.sql.run('INSERT INTO processes (id, heartbeat_at) VALUES (?, ?)', 'another', 1);
    expect((await first.world.guild('1'))?.name).toBe('Before');
    expect(asked.count).toBe(before);
    // The write itself is looked at once the turn is over: its own, so nothing is asked.
    await nextTurn();
    expect(asked.count).toBe(before);
  });

  it('sees another registry\'s commit made in the very turn of its own write, before that write is looked at', async () => {
    const [first, second] = await twoConnections();
    expect((await first.world.guild('1'))?.name).toBe('Before');
    // A write that keeps the guild's row (no cached read depends on its table).
    await first.sql.run('INSERT INTO processes (id, heartbeat_at) VALUES (?, ?)', 'another', 1);
    await second.world.putGuild({ id: '1', name: 'Theirs', owner_id: '2', locale: 'en-US' });
    await settled();
    expect((await first.world.guild('1'))?.name).toBe('Theirs');
  });

  // libsql's own hazard: pg's pool refuses a closed store's queries by itself.
  it.skipIf(onPostgres)('refuses a read once the store is closed (libsql itself would panic)', async () => {
    const [store] = await twoConnections();
    stores.splice(stores.indexOf(store), 1);
    await store.close();
    await expect(store.messages.lastMessageId('5')).rejects.toThrow('The store is closed.');
    await expect(store.world.guild('1')).rejects.toThrow('The store is closed.');
  });

  it('keeps nothing of a transaction that was rolled back', async () => {
    const [store] = await twoConnections();
    await expect(store.transaction(async () => {
      await store.world.putGuild({ id: '1', name: 'Rolled back', owner_id: '2', locale: 'en-US' });
      expect((await store.world.guild('1'))?.name).toBe('Rolled back');
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect((await store.world.guild('1'))?.name).toBe('Before');
  });

  it('hands out fresh records: changing one changes no later read', async () => {
    const [store] = await twoConnections();
    await store.world.putMember({ guild_id: '1', user_id: '3', roles: ['4'], nick: null, joined_at: '2024-01-01T00:00:00.000Z' });
    const member = await store.world.member('1', '3');
    member?.roles.push('5');
    expect((await store.world.member('1', '3'))?.roles).toEqual(['4']);
    const roles = await store.world.roles('1');
    roles.push({ id: '9', guild_id: '1', name: 'x', permissions: '0', position: 0 });
    expect(await store.world.roles('1')).toEqual([]);
  });

  it('keeps an answer made from cached tables, frozen, until they change here or in another registry', async () => {
    const [first, second] = await twoConnections();
    let made = 0;
    const guildName = () => first.sql.cachedAnswer('guild name', async () => {
      made += 1;
      return { name: (await first.world.guild('1'))?.name };
    });
    expect(first.sql.keptAnswer('guild name')).toBeUndefined();
    expect(await guildName()).toEqual({ name: 'Before' });
    const kept = await guildName();
    expect(made).toBe(1);
    // The same answer without a wait, under the same rules.
    expect(first.sql.keptAnswer('guild name')).toBe(kept);
    expect(() => Object.assign(kept, { name: 'changed by a caller' })).toThrow(TypeError);
    // A write to a table no cached read depends on keeps the answer.
    await first.sql.run('INSERT INTO processes (id, heartbeat_at) VALUES (?, ?)', 'another', 1);
    expect(await guildName()).toEqual({ name: 'Before' });
    expect(made).toBe(1);
    await first.world.putGuild({ id: '1', name: 'Mine', owner_id: '2', locale: 'en-US' });
    expect(first.sql.keptAnswer('guild name')).toBeUndefined();
    expect(await guildName()).toEqual({ name: 'Mine' });
    await settled();
    await second.world.putGuild({ id: '1', name: 'Theirs', owner_id: '2', locale: 'en-US' });
    await settled();
    expect(first.sql.keptAnswer('guild name')).toBeUndefined();
    expect(await guildName()).toEqual({ name: 'Theirs' });
    await first.transaction(async () => {
      expect(first.sql.keptAnswer('guild name')).toBeUndefined();
    });
    expect(made).toBe(3);
  });
});

describe('the read cache with writes on their way', () => {
  it('keeps no row read while a write was on its way, even with nothing kept when it began', async () => {
    const cache = new ReadCache({ dataVersion: () => 1, inTransaction: () => false });
    let answer = 'old';
    let release!: () => void;
    const slow = cache.readAsync('SELECT name FROM users WHERE id = ?', ['1'], () => new Promise<string>((resolve) => (release = () => resolve(answer))));
    cache.written('UPDATE users SET username = ? WHERE id = ?');
    release();
    expect(await slow).toBe('old');
    answer = 'new';
    expect(await cache.readAsync('SELECT name FROM users WHERE id = ?', ['1'], () => Promise.resolve(answer))).toBe('new');
  });

  // On PostgreSQL (npm run test:postgres) a read on another connection runs while the
  // transaction is open and sees the row as it was; on SQLite it waits at the gate.
  it('answers a committed write at once, though a read kept the old row while the transaction was open', async () => {
    const store = await testStore();
    try {
      const read = () => store.sql.cachedGet<{ username: string }>('SELECT username FROM users WHERE id = ?', '7');
      await store.sql.run('INSERT INTO users (id, username) VALUES (?, ?)', '7', 'before');
      expect((await read())?.username).toBe('before');
      // Set up outside the transaction, so the read runs outside its scope, as another request's would.
      let start!: () => void;
      const outside = new Promise<void>((resolve) => (start = resolve)).then(read);
      await store.sql.transaction(async () => {
        await store.sql.run('UPDATE users SET username = ? WHERE id = ?', 'after', '7');
        start();
        if (store.sql.dialect === 'postgres') expect((await outside)?.username).toBe('before');
      });
      await outside;
      expect((await read())?.username).toBe('after');
    } finally {
      await store.close();
    }
  });
});

describe('a read of a value with a NUL byte', () => {
  // PostgreSQL refuses such a parameter (22021) where SQLite compares it: both find nothing.
  it('finds nothing, on either store, with or without the cache', async () => {
    const store = await testStore();
    try {
      await store.sql.run('INSERT INTO users (id, username) VALUES (?, ?)', '8', 'someone');
      expect(await store.sql.get('SELECT username FROM users WHERE id = ?', '8\u0000')).toBeUndefined();
      expect(await store.sql.all('SELECT username FROM users WHERE id = ?', '\u0000')).toEqual([]);
      expect(await store.sql.cachedGet('SELECT username FROM users WHERE id = ?', '8\u0000')).toBeUndefined();
      expect((await store.sql.get<{ username: string }>('SELECT username FROM users WHERE id = ?', '8'))?.username).toBe('someone');
    } finally {
      await store.close();
    }
  });
});
