/**
 * Transactions whose writes run a little later (SqliteDatabase.transactionLater, later-writes.ts):
 * queued, run before any other statement of their connection (so it reads them at once), and
 * committed together within LATER_WITHIN_MS, before any other write, or when the store closes;
 * another connection (another process) sees them once committed. A failing one leaves the
 * others; one that reads runs its writes in a savepoint of its own; an error that ends the
 * whole transaction (SQLITE_FULL) loses what it held, said on stderr, the read cache with it.
 * None of this applies to PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LATER_WITHIN_MS } from '../../src/registry/store/database.js';
import { DATABASE_FILE, openSqlite } from '../../src/registry/store/open-sqlite.js';
import type { SqliteDatabase } from '../../src/registry/store/sqlite-database.js';
import { testPostgresServer } from '../helpers/test-store.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A SQLite store on a fresh data directory with a table `notes`, and another connection to the same file. */
async function twoConnections(): Promise<{ sql: SqliteDatabase; other: InstanceType<typeof Database>; commits: () => number }> {
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-held-'));
  const sql = openSqlite(directory);
  await sql.run('CREATE TABLE notes (text TEXT NOT NULL)');
  const other = new Database(join(directory, DATABASE_FILE));
  let commits = 0;
  const exec = sql.db.exec.bind(sql.db);
  sql.db.exec = (text: string) => {
    if (text === 'COMMIT') commits += 1;
    return exec(text);
  };
  cleanups.push(async () => {
    other.close();
    if (sql.db.open) await sql.close();
    await rm(directory, { recursive: true, force: true });
  });
  return { sql, other, commits: () => commits };
}

/** The notes as a connection sees them. */
function notes(connection: InstanceType<typeof Database>): string[] {
  return (connection.prepare('SELECT text FROM notes ORDER BY rowid').all() as Array<{ text: string }>).map((row) => row.text);
}

async function note(sql: SqliteDatabase, text: string): Promise<void> {
  await sql.run('INSERT INTO notes (text) VALUES (?)', text);
}

/** Waits, without using the store, until the other connection sees `expected` committed. */
async function committedAs(other: InstanceType<typeof Database>, expected: string[]): Promise<void> {
  while (notes(other).join() !== expected.join()) await new Promise((resolve) => setTimeout(resolve, LATER_WITHIN_MS / 4));
}

describe.skipIf(testPostgresServer() !== undefined)('transactions whose writes run later (SQLite)', () => {
  it('are seen by their own connection at once, by another once committed, all in one commit within the while', async () => {
    const { sql, other, commits } = await twoConnections();
    const before = commits();
    await sql.transactionLater(() => note(sql, 'one'));
    await sql.transactionLater(() => note(sql, 'two'));
    expect(await sql.all('SELECT text FROM notes')).toEqual([{ text: 'one' }, { text: 'two' }]);
    expect(notes(other)).toEqual([]);
    await committedAs(other, ['one', 'two']);
    expect(commits() - before).toBe(1);
  });

  it('are committed before a write outside a transaction, which is committed by itself', async () => {
    const { sql, other, commits } = await twoConnections();
    const before = commits();
    await sql.transactionLater(() => note(sql, 'held'));
    await note(sql, 'plain');
    expect(notes(other)).toEqual(['held', 'plain']);
    expect(sql.db.inTransaction).toBe(false);
    expect(commits() - before).toBe(1);
  });

  it('are committed before another transaction, so its rollback leaves them', async () => {
    const { sql, other } = await twoConnections();
    await sql.transactionLater(() => note(sql, 'held'));
    await expect(sql.transaction(async () => {
      await note(sql, 'refused');
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(notes(other)).toEqual(['held']);
  });

  it('roll back alone when their work fails, the others held and committed', async () => {
    const { sql, other } = await twoConnections();
    const rolledBack = vi.fn();
    await sql.transactionLater(() => note(sql, 'kept'));
    await expect(sql.transactionLater(async () => {
      sql.afterRollback(rolledBack);
      await note(sql, 'dropped');
      throw new Error('the message was refused');
    })).rejects.toThrow('the message was refused');
    expect(rolledBack).toHaveBeenCalledTimes(1);
    await sql.transactionLater(() => note(sql, 'after'));
    expect(await sql.all('SELECT text FROM notes')).toEqual([{ text: 'kept' }, { text: 'after' }]);
    await committedAs(other, ['kept', 'after']);
  });

  it('run their afterCommit actions when they end, and commit after a later one under way when the while passes during it', async () => {
    const { sql, other } = await twoConnections();
    const told: string[] = [];
    await sql.transactionLater(() => note(sql, 'first'));
    let finish!: () => void;
    const slow = sql.transactionLater(async () => {
      await note(sql, 'slow');
      sql.afterCommit(() => told.push('slow'));
      await new Promise<void>((resolve) => (finish = resolve));
    });
    // Past the while: the commit waits for the transaction under way.
    await new Promise((resolve) => setTimeout(resolve, LATER_WITHIN_MS * 2));
    expect(notes(other)).toEqual([]);
    expect(told).toEqual([]);
    finish();
    await slow;
    expect(told).toEqual(['slow']);
    expect(notes(other)).toEqual(['first', 'slow']);
  });

  it('run their writes in a savepoint of their own once they read, and roll back alone', async () => {
    const { sql, other } = await twoConnections();
    await sql.transactionLater(() => note(sql, 'before'));
    await expect(sql.transactionLater(async () => {
      await note(sql, 'read back');
      // A statement whose answer it reads: what was queued runs first, this one's own included.
      expect(await sql.all('SELECT text FROM notes ORDER BY rowid')).toEqual([{ text: 'before' }, { text: 'read back' }]);
      await note(sql, 'after the read');
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(await sql.all('SELECT text FROM notes')).toEqual([{ text: 'before' }]);
    await committedAs(other, ['before']);
  });

  it('are committed when the store closes', async () => {
    const { sql, other } = await twoConnections();
    await sql.transactionLater(() => note(sql, 'closing'));
    await sql.close();
    expect(notes(other)).toEqual(['closing']);
  });

  it('lose what they held when an error ends the whole transaction (SQLITE_FULL), said on stderr, the read cache with it', async () => {
    const { sql, other } = await twoConnections();
    const COUNT = 'SELECT count(*) AS n FROM notes';
    const count = async () => (await sql.cachedGet<{ n: number }>(COUNT))?.n;
    expect(await count()).toBe(0);
    // The count is kept as of the queued write (runKeeping), not read again.
    await sql.transactionLater(() => sql.runKeeping<{ n: number }>('INSERT INTO notes (text) VALUES (?)', ['held'], {
      sql: COUNT, params: [], next: (before) => ({ n: (before?.n ?? 0) + 1 }), otherwise: () => undefined,
    }));
    expect(await count()).toBe(1);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { page_count: pages } = sql.db.prepare('PRAGMA page_count').get() as { page_count: number };
    sql.db.prepare(`PRAGMA max_page_count = ${pages}`).get();
    // A write to a table no kept read of `notes` depends on: it forgets nothing of its own.
    await sql.transactionLater(() => sql.run('INSERT INTO ephemeral_messages (id, interaction_id, body) VALUES (?, ?, ?)', '1', '1', 'x'.repeat(100_000)));
    expect(await count()).toBe(1);
    // Run, as before any statement: the full database ends the transaction holding both.
    expect(await sql.get('SELECT 1 AS one')).toMatchObject({ one: 1 });
    expect(errors.mock.calls.map(([line]) => String(line))).toEqual([expect.stringContaining('could not be stored: database or disk is full')]);
    errors.mockRestore();
    expect(sql.db.inTransaction).toBe(false);
    expect(await count()).toBe(0);
    sql.db.prepare('PRAGMA max_page_count = 1073741823').get();
    await sql.transactionLater(() => note(sql, 'again'));
    await committedAs(other, ['again']);
  });
});
