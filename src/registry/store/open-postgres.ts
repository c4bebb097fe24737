/**
 * Opening the team backend: the pool, then the schema brought up to date under an advisory
 * lock (processes starting together take turns; the first migrates, the others find it
 * done). A database whose schema is newer than this Slashbench is refused untouched, and an
 * unreachable server is one sentence naming where it was looked for, never the password.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { DatabaseError, describeDatabase } from './database-error.js';
import { Keychain } from './keychain.js';
import { Store } from './store.js';
import { PostgresDatabase, postgresPool } from './postgres-database.js';
import { POSTGRES_MIGRATIONS } from './postgres-schema.js';

/** The advisory lock the migration takes: one number for every Slashbench process. */
const MIGRATION_LOCK = 84_840_001;

/** Creates or migrates the schema; refuses one newer than this code without changing it. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS slashbench_schema (version INTEGER NOT NULL)');
    const found = (await client.query<{ version: number }>('SELECT version FROM slashbench_schema')).rows[0];
    if (found === undefined) await client.query('INSERT INTO slashbench_schema (version) VALUES (0)');
    const version = found?.version ?? 0;
    if (version > POSTGRES_MIGRATIONS.length) {
      throw new DatabaseError(
        `the database's schema is version ${version}, newer than this Slashbench knows (${POSTGRES_MIGRATIONS.length}): `
        + 'run the newer Slashbench that wrote it; nothing was changed',
      );
    }
    for (let next = version; next < POSTGRES_MIGRATIONS.length; next++) {
      await client.query('BEGIN');
      try {
        for (const statement of POSTGRES_MIGRATIONS[next] ?? []) await client.query(statement);
        await client.query('UPDATE slashbench_schema SET version = $1', [next + 1]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Connects to `url` and migrates it; an unreachable or refusing server is a DatabaseError naming host and port. */
export async function openPostgres(url: string): Promise<PostgresDatabase> {
  const processId = randomUUID();
  const pool = postgresPool(url, processId);
  try {
    await migratePostgres(pool);
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (error instanceof DatabaseError) throw error;
    const { code, message } = error as { code?: unknown; message?: unknown };
    const why = typeof code === 'string' ? `${code}${typeof message === 'string' ? ` (${message})` : ''}` : String(message ?? error);
    throw new DatabaseError(`cannot use the database at ${describeDatabase(url)}: ${why}`);
  }
  return new PostgresDatabase(pool, url, processId);
}

/** The store over a PostgreSQL database; the keychain (tokens shown again) stays this machine's, in `keychainDirectory`. */
export async function openPostgresStore(url: string, keychainDirectory: string | null): Promise<Store> {
  return new Store(await openPostgres(url), new Keychain(keychainDirectory));
}
