/**
 * The look at a WAL database's header (store/wal-header.ts) that spares the read cache a
 * `PRAGMA data_version` on a turn after which nothing was committed: it says "unchanged"
 * only while no connection has committed, whoever commits and however (one statement, a
 * transaction, a checkpoint that restarts the WAL), and "changed" when it cannot look.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterEach, expect, it } from 'vitest';
import { WalHeader } from '../../src/registry/store/wal-header.js';

let directory: string;
const closers: Array<() => void> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) close();
  await rm(directory, { recursive: true, force: true });
});

async function twoConnections() {
  directory = await mkdtemp(join(tmpdir(), 'slashbench-wal-header-'));
  const file = join(directory, 'data.db');
  const mine = new Database(file);
  mine.pragma('journal_mode = WAL');
  mine.exec('CREATE TABLE things (name TEXT)');
  const theirs = new Database(file);
  const header = new WalHeader(`${file}-shm`);
  closers.push(() => header.close(), () => theirs.close(), () => mine.close());
  return { mine, theirs, header };
}

it('is unchanged until a connection commits, whichever it is and however it commits', async () => {
  const { mine, theirs, header } = await twoConnections();
  expect(header.unchanged()).toBe(false);
  expect(header.unchanged()).toBe(true);
  mine.prepare('SELECT * FROM things').all();
  expect(header.unchanged()).toBe(true);

  theirs.exec("INSERT INTO things VALUES ('theirs')");
  expect(header.unchanged()).toBe(false);
  expect(header.unchanged()).toBe(true);
  mine.exec("INSERT INTO things VALUES ('mine')");
  expect(header.unchanged()).toBe(false);
  theirs.exec("BEGIN; INSERT INTO things VALUES ('a'); INSERT INTO things VALUES ('b'); COMMIT");
  expect(header.unchanged()).toBe(false);
  expect(header.unchanged()).toBe(true);

  // A checkpoint that empties the WAL, then a commit that starts it again from its first frame.
  theirs.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  header.unchanged();
  theirs.exec("INSERT INTO things VALUES ('after the checkpoint')");
  expect(header.unchanged()).toBe(false);
});

it('tells its own commits from another connection\'s by the header\'s change counter', async () => {
  const { mine, theirs, header } = await twoConnections();
  header.unchanged();
  mine.exec("INSERT INTO things VALUES ('one')");
  mine.exec("BEGIN; INSERT INTO things VALUES ('two'); INSERT INTO things VALUES ('three'); COMMIT");
  expect(header.onlyOwnCommits(1)).toBe(false);
  expect(header.onlyOwnCommits(2)).toBe(true);
  expect(header.unchanged()).toBe(true);
  // A statement that changed nothing commits nothing; a checkpoint moves no counter.
  mine.exec("UPDATE things SET name = 'none' WHERE name = 'missing'");
  mine.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  mine.exec("INSERT INTO things VALUES ('four')");
  expect(header.onlyOwnCommits(1)).toBe(true);
  mine.exec("INSERT INTO things VALUES ('five')");
  theirs.exec("INSERT INTO things VALUES ('theirs')");
  expect(header.onlyOwnCommits(1)).toBe(false);
  expect(header.onlyOwnCommits(2)).toBe(true);
});

it('says changed, every time, when there is no header to read', async () => {
  directory = await mkdtemp(join(tmpdir(), 'slashbench-wal-header-'));
  const header = new WalHeader(join(directory, 'missing.db-shm'));
  closers.push(() => header.close());
  expect(header.unchanged()).toBe(false);
  expect(header.unchanged()).toBe(false);
});
