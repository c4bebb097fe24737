/**
 * The registry's SQLite file checkpoints its WAL only once the WAL is CHECKPOINT_PAGES long,
 * four times SQLite's default (sqlite-database.ts): the commit that checkpoints pays for it,
 * so fewer commits do.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CHECKPOINT_PAGES, DATABASE_FILE, openSqlite } from '../../src/registry/store/open-sqlite.js';

it('leaves the WAL to grow past SQLite\'s default before a commit checkpoints it', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-checkpoints-'));
  const sql = openSqlite(directory);
  const file = join(directory, DATABASE_FILE);
  const size = async () => (await stat(file)).size;
  const before = await size();
  // A page a row, each its own commit, which writes some four (the row's, the table's above it,
  // AUTOINCREMENT's counter): past SQLite's default of 1000 pages, short of CHECKPOINT_PAGES.
  const body = 'x'.repeat(4000);
  let rows = 0;
  const write = async (count: number) => {
    for (const end = rows + count; rows < end; rows++) await sql.run('INSERT INTO feed (origin, body, created_at) VALUES (?, ?, ?)', 'test', body, rows);
  };
  await write(CHECKPOINT_PAGES / 8);
  expect(await size()).toBe(before);
  await write(CHECKPOINT_PAGES);
  expect(await size()).toBeGreaterThan(before + (CHECKPOINT_PAGES / 8) * body.length);
  await sql.close();
  await rm(directory, { recursive: true, force: true });
});
