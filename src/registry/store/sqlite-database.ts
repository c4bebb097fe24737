/**
 * The embedded backend: SQLite through libsql (an N-API driver with prebuilt binaries, so
 * it loads in Node and Electron alike), in WAL mode, its schema brought up to date when it
 * opens (open-sqlite.ts). libsql answers synchronously; this class keeps that speed behind the asynchronous
 * interface and keeps transactions isolated on its one connection with a gate: while a
 * transaction runs (its `work` awaits between statements), every call from outside it waits
 * for the gate to open, so no other request sees its half-done writes or writes into it.
 * A transaction run with `transactionLater` has its writes run a little later and committed
 * with others' (later-writes.ts).
 */
import type Database from 'libsql';
import type { KeptRead, Sql } from './database.js';
import { LaterWrites } from './later-writes.js';
import { ReadCache, writesRows } from './read-cache.js';
import { TransactionScopes } from './transaction-scopes.js';
import { WalHeader } from './wal-header.js';

export type SqliteConnection = InstanceType<typeof Database>;
type Statement = {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
};

/** What the running transaction will do once it commits, or if it rolls back. */
interface TransactionScope {
  afterCommit: Array<() => void>;
  afterRollback: Array<() => void>;
}

export class SqliteDatabase implements Sql {
  readonly dialect = 'sqlite';
  private readonly statements = new Map<string, Statement>();
  private readonly reads: ReadCache;
  private readonly scope = new TransactionScopes<TransactionScope>();
  /** Settles when the running transaction ends; null when none runs. */
  private gate: Promise<void> | null = null;
  /** Whether a transaction's work runs (from its start to its end): its reads are not kept. */
  private working = false;
  private readonly later: LaterWrites;

  private readonly dataVersionStatement: Statement;
  /** Whether anyone committed since the last `dataVersion` (wal-header.ts); null for an in-memory database. */
  private readonly walHeader: WalHeader | null;
  /** `data_version` as of the header `walHeader` last saw. */
  private version = -1;
  /** This connection's commits that wrote rows since the WAL's header was last looked at (`dataVersion`). */
  private ownCommits = 0;
  /** Whether the running transaction wrote rows (its COMMIT is then one of `ownCommits`). */
  private transactionWrote = false;

  /** `file` is the database's path; null for an in-memory database (which no other process can share). */
  constructor(readonly db: SqliteConnection, readonly file: string | null = null) {
    this.dataVersionStatement = db.prepare('PRAGMA data_version') as unknown as Statement;
    this.walHeader = file === null ? null : new WalHeader(`${file}-shm`);
    this.reads = new ReadCache({ dataVersion: () => this.dataVersion(), inTransaction: () => this.working });
    // libsql panics on a statement of a closed connection: a late timer gets an error instead.
    const open = () => {
      if (!db.open) throw new Error('The store is closed.');
    };
    this.later = new LaterWrites({
      exec: (sql) => {
        open();
        db.exec(sql);
      },
      run: ([sql, params]) => {
        open();
        this.counted(sql, this.statement(sql).run(...params).changes);
      },
      inTransaction: () => db.inTransaction,
      busy: () => this.gate !== null,
      committed: (wrote) => {
        if (wrote) this.ownCommits += 1;
      },
      lost: (error) => {
        this.reads.forget();
        console.error(`slashbench: writes held for a later commit (apps' inline answers) could not be stored: ${error.message}`);
      },
    });
  }

  /**
   * SQLite's `data_version`: moves when another connection (another process) commits. Asked
   * of SQLite only when the WAL's header changed since the last time, and the header is
   * read first, so a commit after the question changes it again (wal-header.ts).
   */
  dataVersion(): number {
    const commits = this.ownCommits;
    this.ownCommits = 0;
    // Only this connection's commits moved the header: `data_version` stays as it was (it moves for other connections' commits alone).
    if (commits > 0 && this.version !== -1 && this.walHeader?.onlyOwnCommits(commits)) return this.version;
    if (this.walHeader?.unchanged() && this.version !== -1) return this.version;
    this.version = (this.dataVersionStatement.get() as { data_version: number }).data_version;
    return this.version;
  }

  /**
   * Told of this connection's writes. A turn that writes before it reads has its look for
   * other connections' commits first, while the header is still the one last seen; the
   * next turn's look finds the header moved by this connection's commits, which its change
   * counter tells apart from another's (`counted`, `dataVersion`): only when another
   * connection's may be among them is SQLite asked (`PRAGMA data_version`, two lock calls,
   * about 25 µs in the delivery benchmark's profile). A look of its own after each writing
   * turn, which this once had, was a sixth of the header's reads and told nothing more.
   */
  private written(sql: string): void {
    this.reads.version();
    this.reads.written(sql);
  }

  /** `data_version` as this turn of the event loop sees it: one look per turn, shared with the read cache. */
  changeVersion(): number {
    return this.reads.version();
  }

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql) as unknown as Statement;
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Whether a call must wait: a transaction runs, and the call is not part of it. */
  private blocked(): boolean {
    return this.gate !== null && this.scope.current() === undefined;
  }

  /** Runs `work` as soon as the gate is open, in the same turn as the check that saw it open. */
  private async afterGate<T>(work: () => T): Promise<T> {
    while (this.blocked()) await this.gate;
    return work();
  }

  /** Runs a synchronous read or write now (no await, no extra turn), or once the gate opens. */
  private call<T>(work: () => T): Promise<T> {
    // libsql panics on a statement of a closed connection; a late caller gets an error instead.
    if (!this.db.open) return Promise.reject(new Error('The store is closed.'));
    if (this.blocked()) return this.afterGate(work);
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /**
   * Counts a statement's commit, if it made one that wrote rows: `changes` is only the
   * statement's own for INSERT, UPDATE, DELETE and REPLACE (else the last such statement's),
   * so nothing else is counted; a commit left uncounted only costs a question to SQLite, but
   * one counted that the WAL never saw (a TEMP table's: the store has none) would hide
   * another connection's commit.
   */
  private counted(sql: string, changes: number): number {
    if (changes > 0 && writesRows(sql)) {
      if (!this.db.inTransaction) this.ownCommits += 1;
      else if (this.later.holding) this.later.wrote = true;
      else this.transactionWrote = true;
    }
    return changes;
  }

  /**
   * Runs a write statement now (inside `call`): told to the read cache first, its commit
   * counted; answers the rows it changed. Outside a transaction it is committed by itself,
   * so what is held is committed first; in a later transaction it may be queued instead
   * (`queueable`: its answer is not wanted), answering 0.
   */
  private write(sql: string, params: readonly unknown[], queueable = false): number {
    if (this.scope.current() === undefined) this.later.commit();
    this.written(sql);
    if (queueable && this.later.queue(sql, params)) return 0;
    this.later.beforeStatement();
    return this.counted(sql, this.statement(sql).run(...params).changes);
  }

  /** Runs a read now: what later transactions queued runs before it. */
  private read<T>(read: () => T): T {
    this.later.beforeStatement();
    return read();
  }

  run(sql: string, ...params: unknown[]): Promise<void> {
    return this.call(() => {
      this.write(sql, params, true);
    });
  }

  change(sql: string, ...params: unknown[]): Promise<number> {
    return this.call(() => this.write(sql, params));
  }

  runKeeping<T>(sql: string, params: readonly unknown[], read: KeptRead<T>): Promise<void> {
    return this.call(() => {
      // Looked at and written in one call: nothing can write between the two.
      const before = this.reads.peek(read.sql, read.params);
      this.write(sql, params, true);
      this.afterCommit(() => {
        const kept = before.kept !== undefined && this.reads.keepAfter(before, read.sql, read.params, read.next(before.kept.value as T | undefined));
        if (!kept) read.otherwise();
      });
    });
  }

  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.call(() => this.read(() => this.statement(sql).get(...params) as T | undefined));
  }

  all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return this.call(() => this.read(() => this.statement(sql).all(...params) as T[]));
  }

  cachedGet<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.call(() => this.reads.read(sql, params, () => this.read(() => this.statement(sql).get(...params) as T | undefined)));
  }

  cachedAll<T>(sql: string, ...params: unknown[]): Promise<readonly T[]> {
    return this.call(() => this.reads.read(sql, params, () => this.read(() => this.statement(sql).all(...params) as T[])));
  }

  cachedAnswer<T>(key: string, make: () => Promise<T>): Promise<T> {
    return this.reads.answer(key, make);
  }

  keptAnswer<T>(key: string): T | undefined {
    return this.reads.kept<T>(key);
  }

  /**
   * BEGIN IMMEDIATE (the write lock up front, so another process on the same data
   * directory makes this wait, busy_timeout, instead of failing with SQLITE_BUSY_SNAPSHOT),
   * `work`, COMMIT; on an error ROLLBACK and rethrow that error. What is held is committed
   * first, on its own. Every transaction takes its turn at the gate, so a key (database.ts)
   * adds nothing here.
   */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return this.transact(work, false);
  }

  /** `work` with its writes run a little later and committed with others' (database.ts, later-writes.ts). */
  transactionLater<T>(work: () => Promise<T>): Promise<T> {
    return this.transact(work, true);
  }

  private async transact<T>(work: () => Promise<T>, later: boolean): Promise<T> {
    if (this.scope.current() !== undefined) return work();
    // Checked and taken in one turn, so two transactions waiting on one gate cannot both take it.
    while (this.gate !== null) await this.gate;
    let open!: () => void;
    this.gate = new Promise<void>((resolve) => (open = resolve));
    const scope: TransactionScope = { afterCommit: [], afterRollback: [] };
    this.transactionWrote = false;
    try {
      let result: T;
      this.working = true;
      try {
        const scoped = () => this.scope.run(scope, work);
        if (later) result = await this.laterWork(scoped);
        else {
          this.later.commit();
          result = await inTransaction(this.db, 'IMMEDIATE', scoped);
        }
      } catch (error) {
        for (const action of scope.afterRollback) action();
        throw error;
      } finally {
        this.working = false;
      }
      if (this.transactionWrote) this.ownCommits += 1;
      for (const action of scope.afterCommit) action();
      return result;
    } finally {
      this.gate = null;
      open();
      this.later.commitIfDue();
    }
  }

  /** `work` as a later transaction: its writes queued, or run in its savepoint once it runs a statement (later-writes.ts). */
  private async laterWork<T>(work: () => Promise<T>): Promise<T> {
    this.later.begin();
    let result: T;
    try {
      result = await work();
    } catch (error) {
      this.later.end({ error });
      throw error;
    }
    this.later.end();
    return result;
  }

  afterCommit(action: () => void): void {
    const scope = this.scope.current();
    if (scope) scope.afterCommit.push(action);
    else action();
  }

  afterRollback(action: () => void): void {
    this.scope.current()?.afterRollback.push(action);
  }

  forgetCached(): void {
    this.reads.forget();
  }

  async close(): Promise<void> {
    await this.afterGate(() => {
      this.later.commit();
      this.db.close();
      this.walHeader?.close();
    });
  }
}

/**
 * BEGIN, `work`, COMMIT; on an error ROLLBACK and rethrow that error. libsql's own wrapper
 * rolls back unconditionally, but SQLite has already ended the transaction after some
 * errors (SQLITE_FULL among them), and "cannot rollback - no transaction is active" would
 * then replace the error that says the disk is full.
 */
async function inTransaction<T>(db: SqliteConnection, mode: 'IMMEDIATE' | 'DEFERRED', work: () => T | Promise<T>): Promise<T> {
  db.exec(`BEGIN ${mode}`);
  try {
    const result = await work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
