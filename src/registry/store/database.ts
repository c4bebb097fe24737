/**
 * Opens the SQLite database (libsql: an N-API driver with prebuilt binaries, so it loads
 * in Node and Electron alike) in WAL mode and brings its schema up to date.
 */
import { accessSync, constants, existsSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { ReadCache } from './read-cache.js';
import { MIGRATIONS } from './schema.js';
import { openingDataDirectory } from './storage-error.js';

export type SqlDatabase = InstanceType<typeof Database>;
type Statement = { run(...params: unknown[]): unknown; get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };

/** A database with a statement cache (each SQL text is prepared once) and a cache of hot reads' rows. */
export class Sql {
  private readonly statements = new Map<string, Statement>();
  private readonly reads: ReadCache;

  constructor(readonly db: SqlDatabase) {
    const dataVersion = db.prepare('PRAGMA data_version') as unknown as Statement;
    this.reads = new ReadCache({
      dataVersion: () => (dataVersion.get() as { data_version: number }).data_version,
      inTransaction: () => db.inTransaction,
    });
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql) as unknown as Statement;
      this.statements.set(sql, statement);
    }
    return statement;
  }

  run(sql: string, ...params: unknown[]): void {
    this.reads.written(sql);
    this.statement(sql).run(...params);
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  /**
   * `get`, answered from memory while nothing can have changed the row (read-cache.ts).
   * The answer is shared: decode it into a fresh record, never hand it out or change it.
   */
  cachedGet<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.reads.read(sql, params, () => this.get<T>(sql, ...params));
  }

  /** `all`, answered from memory as `cachedGet` is; the same rules for the shared rows. */
  cachedAll<T>(sql: string, ...params: unknown[]): readonly T[] {
    return this.reads.read(sql, params, () => this.all<T>(sql, ...params));
  }

  /**
   * Runs `work` in one transaction: all of it is committed, or none. Nested calls join the
   * outer one. IMMEDIATE takes the write lock up front, so another process on the same data
   * directory makes this wait (busy_timeout) instead of failing with SQLITE_BUSY_SNAPSHOT.
   */
  transaction<T>(work: () => T): T {
    if (this.db.inTransaction) return work();
    return inTransaction(this.db, 'IMMEDIATE', work);
  }
}

/**
 * BEGIN, `work`, COMMIT; on an error ROLLBACK and rethrow that error. libsql's own wrapper
 * rolls back unconditionally, but SQLite has already ended the transaction after some
 * errors (SQLITE_FULL among them), and "cannot rollback - no transaction is active" would
 * then replace the error that says the disk is full.
 */
function inTransaction<T>(db: SqlDatabase, mode: 'IMMEDIATE' | 'DEFERRED', work: () => T): T {
  db.exec(`BEGIN ${mode}`);
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** Opens (creating if needed) `slashbench.db` in `directory`, or an in-memory database for ':memory:'. */
export function openDatabase(directory: string): Sql {
  if (directory === ':memory:') return new Sql(configure(new Database(':memory:')));
  // A full or read-only directory becomes one StorageError naming it, not a driver's stack.
  return openingDataDirectory(directory, () => {
    mkdirSync(directory, { recursive: true });
    const path = join(directory, 'slashbench.db');
    checkWritable(directory, path);
    return new Sql(configure(new Database(path)));
  });
}

/**
 * SQLite opens an existing database in a read-only directory without complaint and fails
 * only at the first write; root ignores file modes but not a read-only mount. So write and
 * remove a file, and ask for write access to the database itself.
 */
function checkWritable(directory: string, path: string): void {
  const probe = join(directory, `.slashbench-write-check-${process.pid}`);
  writeFileSync(probe, '');
  unlinkSync(probe);
  if (existsSync(path)) accessSync(path, constants.W_OK);
}

function configure(db: SqlDatabase): SqlDatabase {
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a killed process (the WAL is in the OS's hands at commit).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

function migrate(db: SqlDatabase): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let version = row.user_version; version < MIGRATIONS.length; version++) {
    inTransaction(db, 'DEFERRED', () => {
      db.exec(MIGRATIONS[version] as string);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    });
  }
}
