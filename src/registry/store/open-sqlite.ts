/**
 * Opening the embedded backend: the data directory's `slashbench.db` (or an in-memory
 * database), checked writable, configured (WAL, its checkpoints, foreign keys, a busy
 * timeout) and its schema brought up to date, as a SqliteDatabase (sqlite-database.ts).
 */
import { accessSync, constants, existsSync, mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'libsql';
import { MIGRATIONS } from './schema.js';
import { SqliteDatabase, type SqliteConnection } from './sqlite-database.js';
import { openingDataDirectory } from './storage-error.js';

/** The file a data directory keeps its database in. */
export const DATABASE_FILE = 'slashbench.db';

/** Opens (creating if needed) `slashbench.db` in `directory`, or an in-memory database for ':memory:'. */
export function openSqlite(directory: string): SqliteDatabase {
  if (directory === ':memory:') return new SqliteDatabase(configure(new Database(':memory:')));
  // A full or read-only directory becomes one StorageError naming it, not a driver's stack.
  return openingDataDirectory(directory, () => {
    mkdirSync(directory, { recursive: true });
    const path = join(directory, DATABASE_FILE);
    checkWritable(directory, path);
    return new SqliteDatabase(configure(new Database(path)), path);
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

/**
 * The WAL's length in pages at which a commit checkpoints it (copies it into the database
 * file and syncs that), four times SQLite's default: a checkpoint takes milliseconds of one
 * invocation's time, and at 1000 pages every sixtieth or so invocation sent back to back
 * paid it (the delivery benchmark's p99). At 4000 fewer than one in a hundred does, and a
 * page written again meanwhile is copied once. The WAL file may grow to some 16 MB.
 */
export const CHECKPOINT_PAGES = 4000;

function configure(db: SqliteConnection): SqliteConnection {
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode survives a killed process (the WAL is in the OS's hands at commit).
  db.pragma('synchronous = NORMAL');
  db.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Each migration in its own transaction, numbered by `PRAGMA user_version`. */
function migrate(db: SqliteConnection): void {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  for (let version = row.user_version; version < MIGRATIONS.length; version++) {
    db.exec('BEGIN');
    try {
      db.exec(MIGRATIONS[version] as string);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }
}
