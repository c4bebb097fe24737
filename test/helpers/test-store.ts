/**
 * The store a test's registry runs on: the embedded SQLite by default, or PostgreSQL when
 * `SLASHBENCH_TEST_POSTGRES_URL` names a server (`npm run test:postgres` starts a throwaway
 * one), each store in a fresh database of its own. So the registry's whole suite runs
 * against both backends of the one store interface.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgresStore } from '../../src/registry/store/open-postgres.js';
import { openStore, type Store } from '../../src/registry/store/store.js';

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

/** A store for one test: in `dataDirectory` (always SQLite there), else in memory or in a fresh PostgreSQL database. */
export async function testStore(dataDirectory?: string): Promise<Store> {
  const server = testPostgresServer();
  if (dataDirectory !== undefined || server === undefined) return openStore(dataDirectory ?? ':memory:');
  return openPostgresStore(await freshDatabase(server), null);
}
