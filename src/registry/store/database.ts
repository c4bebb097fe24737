/**
 * The one interface every store class talks to, whatever holds the data: the embedded
 * SQLite file (sqlite-database.ts, the default) or a PostgreSQL server shared by several
 * registry processes (postgres-database.ts). It is asynchronous because a network database
 * is; SQL is written once, in the subset both speak, with `?` placeholders.
 *
 * A transaction is a scope, not a handle: inside `transaction(work)`, every call of this
 * database made by `work` (however deep, through any store class) runs in that transaction,
 * found through the async context; calls from other requests wait or run beside it as the
 * backend's isolation allows. What must happen only if the transaction commits (telling
 * other parts of the registry, writing the keychain) goes through `afterCommit`.
 */

export interface Sql {
  /** Which SQL the backend speaks, where a statement must differ (rare: the schema, locks). */
  readonly dialect: 'sqlite' | 'postgres';
  run(sql: string, ...params: unknown[]): Promise<void>;
  /** Like `run`, answering how many rows the statement changed (a compare-and-set reads it). */
  change(sql: string, ...params: unknown[]): Promise<number>;
  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /**
   * `get`, answered from memory while nothing can have changed the row (read-cache.ts).
   * The answer is shared: decode it into a fresh record, never hand it out or change it.
   */
  cachedGet<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  /** `all`, answered from memory as `cachedGet` is; the same rules for the shared rows. */
  cachedAll<T>(sql: string, ...params: unknown[]): Promise<readonly T[]>;
  /**
   * What `make` answers, kept under `key` as long as the rows it was made from are: `make`
   * reads only tables whose every write forgets the kept rows (all but read-cache.ts's
   * UNCACHED_TABLES), and depends on nothing else (no clock). The answer is shared and
   * frozen: a caller copies what it changes.
   */
  cachedAnswer<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** The answer `cachedAnswer` keeps under `key` now, if one is: no wait for a caller that has one (undefined inside a transaction). */
  keptAnswer<T>(key: string): T | undefined;
  /**
   * `run`, for a write whose effect on one cached read (`cachedGet`) is known: `next` makes
   * that read's answer after the write from its answer before it (undefined when it found
   * no row). The answer is kept as of the commit instead of read again, when one was kept
   * before and nothing else wrote to the read's table meanwhile; else `otherwise` is called
   * after the commit. A backend that keeps no such answer just runs the write.
   */
  runKeeping<T>(sql: string, params: readonly unknown[], read: KeptRead<T>): Promise<void>;
  /**
   * Runs `work` in one transaction: all its writes are committed, or none. Nested calls
   * join the outer one. A backend may run `work` more than once (a serialization failure
   * under concurrent writers is retried), so `work` defers its effects to `afterCommit`.
   * Transactions given the same `key` run one at a time (across processes on a shared
   * backend): for writes that would otherwise all collide and retry.
   */
  transaction<T>(work: () => Promise<T>, key?: string): Promise<T>;
  /**
   * `transaction`, for writes no one is answered for (an app's inline answer): what it
   * writes is seen by every later call of this process at once, and may be committed within
   * LATER_WITHIN_MS, together with the other such transactions of that while; any other
   * write commits them first. A process killed meanwhile loses them. A backend that does
   * not hold commits back commits it at once.
   */
  transactionLater<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `action` once the current transaction has committed (at once outside one); never after a rollback. */
  afterCommit(action: () => void): void;
  /** Runs `action` if the current transaction rolls back (each attempt that does); outside one, never. */
  afterRollback(action: () => void): void;
  /** Forgets every cached row: another process changed the data (the change feed says so). */
  forgetCached(): void;
  /**
   * A number that moves whenever another process (or connection) has changed the data since:
   * answers kept above the store (the command lists' and indexes' bytes) are dropped when it moves.
   */
  changeVersion(): number;
  close(): Promise<void>;
}

/**
 * How long writes no one is answered for may wait to be committed together (an inline
 * answer's message with `Sql.transactionLater`, the interaction rows kept back): a commit
 * for each cost a tenth of an invocation's time on SQLite (docs/benchmarks.md).
 */
export const LATER_WITHIN_MS = 20;

/** A cached read a write keeps up to date (`Sql.runKeeping`). */
export interface KeptRead<T> {
  sql: string;
  params: readonly unknown[];
  next: (before: T | undefined) => T | undefined;
  otherwise: () => void;
}
