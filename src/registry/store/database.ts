/**
 * Opens the SQLite database (libsql: an N-API driver with prebuilt binaries, so it loads
 * in Node and Electron alike) in WAL mode and brings its schema up to date.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { MIGRATIONS } from './schema.js';

export type SqlDatabase = InstanceType<typeof Database>;
type Statement = { run(...params: unknown[]): unknown; get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };

/** A database with a statement cache: each SQL text is prepared once. */
export class Sql {
  private readonly statements = new Map<string, Statement>();

  constructor(readonly db: SqlDatabase) {}

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql) as unknown as Statement;
      this.statements.set(sql, statement);
    }
    return statement;
  }

  run(sql: string, ...params: unknown[]): void {
    this.statement(sql).run(...params);
  }

  get<T>(sql: string, ...params: unknown[]): T | undefined {
    return this.statement(sql).get(...params) as T | undefined;
  }

  all<T>(sql: string, ...params: unknown[]): T[] {
    return this.statement(sql).all(...params) as T[];
  }

  /**
   * Runs `work` in one transaction: all of it is committed, or none. Nested calls join the
   * outer one. IMMEDIATE takes the write lock up front, so another process on the same data
   * directory makes this wait (busy_timeout) instead of failing with SQLITE_BUSY_SNAPSHOT.
   */
  transaction<T>(work: () => T): T {
    if (this.db.inTransaction) return work();
    return (this.db.transaction(work) as unknown as { immediate: () => T }).immediate();
  }
}

/** Opens (creating if needed) `slashbench.db` in `directory`, or an in-memory database for ':memory:'. */
export function openDatabase(directory: string): Sql {
  let path = ':memory:';
  if (directory !== ':memory:') {
    mkdirSync(directory, { recursive: true });
    path = join(directory, 'slashbench.db');
  }
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a killed process (the WAL is in the OS's hands at commit).
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return new Sql(db);
}

function migrate(db: SqlDatabase): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let version = row.user_version; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version] as string);
      db.exec(`PRAGMA user_version = ${version + 1}`);
    })();
  }
}
