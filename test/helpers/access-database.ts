/**
 * Where the reliability suites' worlds keep their data: SQLite files by default, or, when
 * `SLASHBENCH_TEST_POSTGRES_URL` names a server (`npm run test:stress:postgres`), PostgreSQL
 * databases, each world a copy of the template database (`CREATE DATABASE ... TEMPLATE`).
 * Either way the suites can mark the store and prove a refusal changed nothing in it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Sql } from '../../src/registry/store/database.js';
import { openPostgres } from '../../src/registry/store/open-postgres.js';
import { DATABASE_FILE, openSqlite } from '../../src/registry/store/open-sqlite.js';
import type { SqliteDatabase } from '../../src/registry/store/sqlite-database.js';
import { testPostgresServer } from './test-store.js';

/**
 * Tables of the registry's running state, not of what requests store: interactions in flight
 * (a deadline marks one expired whenever it falls due, a refused answer is remembered for
 * the failure that names it) and their ephemeral messages; the processes alive (a heartbeat
 * a second), the change feed and the gateway sessions they hold.
 */
const RUNNING_STATE = new Set(['interactions', 'ephemeral_messages', 'processes', 'feed', 'gateway_sessions', 'slashbench_schema']);

/** The store at one moment: a count of writes (when the backend has one) and the digest of every table. */
export interface StoreMark {
  changes: number;
  digest: string;
}

export interface StoreMarks {
  /** The store's state now, to compare with after a request. */
  mark(): Promise<StoreMark>;
  /** Whether every row of every table is as it was at `mark`. */
  unchangedSince(mark: StoreMark): Promise<boolean>;
}

function digestRows(hash: ReturnType<typeof createHash>, name: string, rows: Array<Record<string, unknown>>): void {
  const lines = rows.map((row) => JSON.stringify(row, (_key, value: unknown) =>
    (Buffer.isBuffer(value) || value instanceof Uint8Array ? Buffer.from(value).toString('hex') : typeof value === 'bigint' ? String(value) : value)));
  hash.update(`${name}\n${lines.sort().join('\n')}\n`);
}

export interface WorldDatabase {
  /** A name for a new database: a directory (SQLite) or a database URL (PostgreSQL). */
  fresh(directory: string): Promise<string>;
  /** A new database holding what `template` holds. */
  copy(template: string, directory: string): Promise<string>;
  open(handle: string): Promise<Sql>;
  /** Makes the template self-contained once it is built (SQLite: what the WAL holds into one file). */
  seal(handle: string): Promise<string>;
  marks(sql: Sql): StoreMarks;
  /** Makes every write fail, or work again (a store that fails under the app). */
  refuseWrites(sql: Sql, refuse: boolean): Promise<void>;
}

const sqlite: WorldDatabase = {
  fresh: async (directory) => directory,
  async copy(template, directory) {
    await mkdir(directory, { recursive: true });
    await copyFile(template, join(directory, DATABASE_FILE));
    return directory;
  },
  open: async (handle) => openSqlite(handle),
  async seal(handle) {
    const file = join(handle, 'template.db');
    const packer = openSqlite(handle);
    packer.db.exec(`VACUUM INTO '${file}'`);
    await packer.close();
    return file;
  },
  marks(sql) {
    const db = (sql as SqliteDatabase).db;
    let known: StoreMark = { changes: -1, digest: '' };
    // Read on the connection itself, synchronously: SQLite counts every row an INSERT, UPDATE or DELETE touched.
    const changes = () => (db.prepare('SELECT total_changes() AS changes').get() as { changes: number } | undefined)?.changes ?? -1;
    const digest = () => {
      const hash = createHash('sha256');
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>;
      for (const { name } of tables.filter((table) => !RUNNING_STATE.has(table.name))) {
        digestRows(hash, name, db.prepare(`SELECT * FROM "${name}"`).all() as Array<Record<string, unknown>>);
      }
      return hash.digest('hex');
    };
    const mark = async () => {
      const now = changes();
      if (now !== known.changes) known = { changes: now, digest: digest() };
      return known;
    };
    return { mark, unchangedSince: async (before) => changes() === before.changes || (await mark()).digest === before.digest };
  },
  async refuseWrites(sql, refuse) {
    (sql as SqliteDatabase).db.pragma(`query_only = ${refuse ? 'ON' : 'OFF'}`);
  },
};

async function onServer<T>(server: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

function postgres(server: string): WorldDatabase {
  const create = async (template?: string) => {
    const name = `w_${randomBytes(8).toString('hex')}`;
    await onServer(server, (client) => client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${new URL(template).pathname.slice(1)}` : `CREATE DATABASE ${name}`));
    return databaseUrl(server, name);
  };
  return {
    fresh: () => create(),
    copy: (template) => create(template),
    open: (handle) => openPostgres(handle),
    seal: async (handle) => handle,
    marks(sql) {
      const pool = (sql as unknown as { pool: pg.Pool }).pool;
      const mark = async (): Promise<StoreMark> => {
        const hash = createHash('sha256');
        const tables = (await pool.query<{ name: string }>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
        )).rows;
        for (const { name } of tables.filter((table) => !RUNNING_STATE.has(table.name))) {
          digestRows(hash, name, (await pool.query(`SELECT * FROM "${name}"`)).rows as Array<Record<string, unknown>>);
        }
        return { changes: -1, digest: hash.digest('hex') };
      };
      return { mark, unchangedSince: async (before) => (await mark()).digest === before.digest };
    },
    async refuseWrites() {
      throw new Error('refuseWrites is a SQLite hook (query_only); the PostgreSQL suites do not use it');
    },
  };
}

/** The backend this run's worlds use. */
export function worldDatabase(): WorldDatabase {
  const server = testPostgresServer();
  return server === undefined ? sqlite : postgres(server);
}
