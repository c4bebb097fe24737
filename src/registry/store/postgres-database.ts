/**
 * The team backend: a PostgreSQL server (13 or later) shared by several registry processes,
 * through `pg`'s pool. SQL is the store's own (`?` placeholders, the subset SQLite and
 * PostgreSQL share), numbered for PostgreSQL once per statement text.
 *
 * Transactions are SERIALIZABLE: every read-check-write of the registry (a name's upsert,
 * the 100-command cap, the day's 200 creates, a code redeemed once) stays atomic across
 * processes, and a transaction that lost a race (40001, or a deadlock, 40P01) is run again,
 * from the start, with what the winner wrote. So `work` defers its effects to `afterCommit`.
 * Transactions that would all collide (every write to one application's commands reads its
 * whole list) name a key: those take turns, in this process and then on a session advisory
 * lock across processes, so a hundred concurrent writers queue instead of retrying in a storm.
 */
import type pg from 'pg';
import { pgDriver } from './pg-driver.js';
import type { Sql } from './database.js';
import { KeyedTurns } from './keyed-turns.js';
import { ReadCache } from './read-cache.js';
import { TransactionScopes } from './transaction-scopes.js';

/** Serialization failure and deadlock: the transaction is retried. */
const RETRYABLE = new Set(['40001', '40P01']);
/** How often a transaction that keeps losing races is tried before the conflict is reported. */
const ATTEMPTS = 20;

interface TransactionScope {
  client: pg.PoolClient;
  afterCommit: Array<() => void>;
  afterRollback: Array<() => void>;
  /** The write statements it ran, told to the read cache again once they are committed. */
  written: string[];
}

/** A statement that only reads. */
const READ = /^\s*SELECT\b/i;

/** `?` placeholders numbered `$1, $2, ...`, outside quoted text. */
export function numberPlaceholders(sql: string): string {
  let index = 0;
  let quote: string | null = null;
  let out = '';
  for (const character of sql) {
    if (quote !== null) {
      if (character === quote) quote = null;
    } else if (character === "'" || character === '"') {
      quote = character;
    } else if (character === '?') {
      index += 1;
      out += `$${index}`;
      continue;
    }
    out += character;
  }
  return out;
}

/** BIGINT and NUMERIC come back as numbers: every such column here holds milliseconds or counts, well within 2^53. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20 || oid === 1700) return (value: string) => Number(value);
    return pgDriver().types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export class PostgresDatabase implements Sql {
  readonly dialect = 'postgres';
  private readonly texts = new Map<string, string>();
  private readonly scope = new TransactionScopes<TransactionScope>();
  private readonly reads: ReadCache;
  /** Keyed transactions of this process, one at a time a key, before any waits on the server's lock with a pooled connection. */
  private readonly turns = new KeyedTurns();
  /** Moves when the change feed says another process wrote: the read cache forgets its rows. */
  private remoteVersion = 0;

  /** `processId` names this process's connections (application_name), so the change feed can tell its own writes apart. */
  constructor(readonly pool: pg.Pool, readonly url: string, readonly processId: string) {
    this.reads = new ReadCache({ dataVersion: () => this.remoteVersion, inTransaction: () => this.scope.current() !== undefined });
  }

  private text(sql: string): string {
    let text = this.texts.get(sql);
    if (text === undefined) {
      text = numberPlaceholders(sql);
      this.texts.set(sql, text);
    }
    return text;
  }

  private async query<T>(sql: string, params: readonly unknown[]): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
    // PostgreSQL's text cannot hold U+0000 and refuses a parameter with one (22021), where
    // SQLite compares it as any other character. No stored text has one, so a read that looks
    // such a value up (an id or token from a request's path) finds nothing, as on SQLite.
    if (READ.test(sql) && params.some((param) => typeof param === 'string' && param.includes('\u0000'))) {
      return { rows: [], rowCount: 0, command: 'SELECT', oid: 0, fields: [] };
    }
    const runner = this.scope.current()?.client ?? this.pool;
    return runner.query<T & pg.QueryResultRow>(this.text(sql), params as unknown[]);
  }

  async run(sql: string, ...params: unknown[]): Promise<void> {
    await this.write(sql, params);
  }

  async change(sql: string, ...params: unknown[]): Promise<number> {
    return (await this.write(sql, params)).rowCount ?? 0;
  }

  /**
   * A write tells the read cache twice: before it runs, and once others can see it (after
   * the statement, or after COMMIT inside a transaction). A read on another connection
   * between the two sees the old row and may keep it; and this process hears no
   * notification of its own writes (postgres-feed.ts), so without the second telling that
   * old row would be served until someone else wrote.
   */
  private async write(sql: string, params: readonly unknown[]): Promise<pg.QueryResult> {
    this.reads.written(sql);
    const scope = this.scope.current();
    const result = await this.query(sql, params);
    if (scope) scope.written.push(sql);
    else this.reads.written(sql);
    return result;
  }

  /** No answer is kept across a write here: the write alone (database.ts). */
  runKeeping(sql: string, params: readonly unknown[]): Promise<void> {
    return this.run(sql, ...params);
  }

  async get<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return (await this.query<T>(sql, params)).rows[0];
  }

  async all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
    return (await this.query<T>(sql, params)).rows;
  }

  cachedGet<T>(sql: string, ...params: unknown[]): Promise<T | undefined> {
    return this.reads.readAsync(sql, params, () => this.get<T>(sql, ...params));
  }

  cachedAll<T>(sql: string, ...params: unknown[]): Promise<readonly T[]> {
    return this.reads.readAsync(sql, params, () => this.all<T>(sql, ...params));
  }

  cachedAnswer<T>(key: string, make: () => Promise<T>): Promise<T> {
    return this.reads.answer(key, make);
  }

  keptAnswer<T>(key: string): T | undefined {
    return this.reads.kept<T>(key);
  }

  async transaction<T>(work: () => Promise<T>, key?: string): Promise<T> {
    if (this.scope.current() !== undefined) return work();
    if (key === undefined) return this.attempts(work);
    return this.turns.take(key, async () => {
      // Outside the transaction, so its snapshot is taken after the previous holder's commit.
      const client = await this.pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
        try {
          return await this.attempts(work, client);
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => undefined);
        }
      } finally {
        client.release();
      }
    });
  }

  /** Committed at once: a team's other processes must find what it wrote. */
  transactionLater<T>(work: () => Promise<T>): Promise<T> {
    return this.transaction(work);
  }

  /** `work` in SERIALIZABLE transactions until one commits; on `held`, a client the caller releases. */
  private async attempts<T>(work: () => Promise<T>, held?: pg.PoolClient): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = held ?? (await this.pool.connect());
      const scope: TransactionScope = { client, afterCommit: [], afterRollback: [], written: [] };
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        const result = await this.scope.run(scope, work);
        await client.query('COMMIT');
        for (const sql of scope.written) this.reads.written(sql);
        for (const action of scope.afterCommit) action();
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        for (const action of scope.afterRollback) action();
        // What a failed attempt wrote is gone; rows it read into the cache may be too.
        this.reads.forget();
        const code = (error as { code?: unknown }).code;
        if (typeof code !== 'string' || !RETRYABLE.has(code) || attempt >= ATTEMPTS) throw error;
        // A little apart, so the processes that collided do not collide again in step.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * attempt * 5));
      } finally {
        if (held === undefined) client.release();
      }
    }
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
    this.remoteVersion += 1;
    this.reads.forget();
  }

  changeVersion(): number {
    return this.remoteVersion;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** A pool for `url`, its clients answering numbers as numbers and named for this process, failing fast when the server is away. */
export function postgresPool(url: string, processId: string): pg.Pool {
  const pool = new (pgDriver().Pool)({
    connectionString: url, types, max: 10,
    // A request must hear within a second that the database is away, not hang (503).
    connectionTimeoutMillis: 1000,
    idleTimeoutMillis: 30_000,
    application_name: `slashbench:${processId}`,
  });
  // An idle client's connection dropping (the server restarted) is not the process's death: the pool makes a new one.
  pool.on('error', () => undefined);
  return pool;
}
