/**
 * The store a test's registry runs on: the embedded SQLite by default, or PostgreSQL when
 * `SLASHBENCH_TEST_POSTGRES_URL` names a server (`npm run test:postgres` starts a throwaway
 * one), each store in a fresh database of its own, and a store opened in a data directory
 * in the database that directory stands for (the same one each time, as a restart on the
 * same `--data` finds its data). So the registry's whole suite runs against both backends
 * of the one store interface.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, openPostgresStore } from '../../src/registry/store/open-postgres.js';
import { openSqlite } from '../../src/registry/store/open-sqlite.js';
import { openStore, Store } from '../../src/registry/store/store.js';

/** The PostgreSQL server the suite runs against, if any. */
export function testPostgresServer(): string | undefined {
  return process.env.SLASHBENCH_TEST_POSTGRES_URL || undefined;
}

/** A new empty database on `server` (a `postgres://.../postgres` URL); answers its URL. */
export async function freshDatabase(server: string): Promise<string> {
  const name = `t_${randomBytes(8).toString('hex')}`;
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The file in a test's data directory that names the PostgreSQL database standing for it. */
const DATABASE_NAMED = 'test-postgres-database';

/** The database `dataDirectory` stands for on `server`: made the first time, found in the directory after. */
async function databaseOf(server: string, dataDirectory: string): Promise<string> {
  const named = join(dataDirectory, DATABASE_NAMED);
  const known = await readFile(named, 'utf8').catch(() => undefined);
  if (known !== undefined) return known;
  const url = await freshDatabase(server);
  await writeFile(named, url);
  return url;
}

/**
 * A store for one test: in `dataDirectory` (each open finds what the last one there left),
 * else a fresh one (in memory, or a fresh PostgreSQL database). On PostgreSQL the data
 * directory keeps the keychain, as a team registry's `--data` does.
 */
export async function testStore(dataDirectory?: string): Promise<Store> {
  const server = testPostgresServer();
  if (server === undefined) return openStore(dataDirectory ?? ':memory:');
  if (dataDirectory === undefined || dataDirectory === ':memory:') return openPostgresStore(await freshDatabase(server), null);
  return openPostgresStore(await databaseOf(server, dataDirectory), dataDirectory);
}

/** Another store on `dataDirectory`'s data that keeps no keychain, as an older registry (or one run elsewhere) would. */
export async function keychainlessStore(dataDirectory: string): Promise<Store> {
  const server = testPostgresServer();
  return new Store(server === undefined ? openSqlite(dataDirectory) : await openPostgres(await databaseOf(server, dataDirectory)));
}
