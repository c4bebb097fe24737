/**
 * Rows of the hot reads (the world, command permissions, a command by id, a session) kept
 * in memory until something may have changed them. libsql answers a one-row read in 10-20
 * µs, and an invocation makes a dozen of them; a kept row costs one map lookup.
 *
 * Never stale, by construction rather than by every writer remembering to say so:
 * - every write through `Sql.run` names its table, and a write to any table but the few
 *   that no cached read touches (and that cascade into none) forgets every kept row;
 * - another connection's commit (a second registry on the same data directory) changes
 *   SQLite's `PRAGMA data_version`, checked once per turn of the event loop (until the
 *   next `setImmediate`), before the first cached read of the turn: so one turn reads one
 *   consistent state, as a read transaction would. A turn, not a microtask: a request's
 *   handler awaits every read, and checking again after each await cost more than the
 *   reads it saved (a third of an invocation's time in the delivery benchmark's profile).
 *   On SQLite the check itself is a read of the WAL's header, and the PRAGMA only when
 *   that moved (sqlite-database.ts, wal-header.ts);
 * - inside a transaction nothing is kept or served: a write that is rolled back must not
 *   leave its rows behind.
 * Rows are kept, not the records made from them: each read decodes a fresh record, so a
 * caller that changes what it got changes nothing here. The few answers made from such
 * reads that every invocation needs (who a token is, where a channel is and what a person
 * may do there) are kept too (`answer`), frozen, under the same rules.
 */
import { deepFreeze } from '../domain/deep-freeze.js';

/**
 * Tables whose writes change no cached read of another table, not even through a cascade
 * (their rows are no one's parent here): a write to one forgets only the kept reads of that
 * very table (a channel's newest message, read by every invocation), not every kept row.
 */
const UNCACHED_TABLES = new Set([
  'messages', 'attachments', 'command_creates', 'oauth_tokens', 'oauth_codes', 'oauth_refresh_tokens', 'oauth_signing_keys',
  'interactions', 'ephemeral_messages', 'polls', 'poll_votes', 'activity_instances', 'feed', 'processes', 'gateway_sessions',
]);

/** The table an INSERT, REPLACE, UPDATE or DELETE writes; undefined for anything else (which then forgets everything). */
const WRITTEN_TABLE = /^\s*(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|UPDATE(?:\s+OR\s+\w+)?|DELETE\s+FROM)\s+["`]?(\w+)/i;

/** Whether `sql` is an INSERT, REPLACE, UPDATE or DELETE (whose changes SQLite counts). */
export function writesRows(sql: string): boolean {
  return WRITTEN_TABLE.test(sql);
}

/** The table a SELECT reads from (its first FROM). */
const READ_TABLE = /\bFROM\s+["`]?(\w+)/i;

/** Bounded: a registry with many people and places must not grow without end. */
const MAX_ROWS = 20_000;

export interface ReadCacheSource {
  /** SQLite's `PRAGMA data_version`: changes when another connection commits. */
  dataVersion(): number;
  inTransaction(): boolean;
}

export class ReadCache {
  /** Answers by statement, then by parameters: the statement texts are constants, so finding them hashes nothing new. */
  private readonly rows = new Map<string, Map<string, unknown>>();
  /** The kept statements that read one of UNCACHED_TABLES, by that table: what a write to it forgets. */
  private readonly readersOf = new Map<string, Set<string>>();
  private size = 0;
  /** Counts forgets, for `readAsync`. */
  private generation = 0;
  /** Counts forgets, and write statements by table, for `keepAfter`. */
  private forgets = 0;
  private readonly writes = new Map<string, number>();
  private dataVersion = -1;
  private checkedThisTurn = false;
  private readonly endTurn = () => {
    this.checkedThisTurn = false;
  };

  constructor(private readonly source: ReadCacheSource) {}

  /** The kept answer of `sql` with `params`, or `read()`'s, kept for next time. */
  read<T>(sql: string, params: readonly unknown[], read: () => T): T {
    if (this.source.inTransaction()) return read();
    this.checkOtherConnections();
    const answers = this.rows.get(sql);
    const key = keyOf(params);
    if (answers?.has(key)) return answers.get(key) as T;
    const value = read();
    this.keep(sql, key, value);
    return value;
  }

  /**
   * `read` for a backend that answers asynchronously (PostgreSQL): an answer is kept only if
   * nothing was forgotten while it was on its way, so a write that landed meanwhile cannot
   * leave the old row behind.
   */
  async readAsync<T>(sql: string, params: readonly unknown[], read: () => Promise<T>): Promise<T> {
    if (this.source.inTransaction()) return read();
    this.checkOtherConnections();
    const key = keyOf(params);
    const answers = this.rows.get(sql);
    if (answers?.has(key)) return answers.get(key) as T;
    const generation = this.generation;
    const value = await read();
    if (generation === this.generation) this.keep(sql, key, value);
    return value;
  }

  /**
   * An answer made from kept rows' tables only (database.ts, `cachedAnswer`), kept and
   * forgotten with the rows, as `readAsync` keeps a row. It is frozen, deeply: every caller
   * shares it, and one that changed it would change the next caller's answer.
   */
  answer<T>(key: string, make: () => Promise<T>): Promise<T> {
    return this.readAsync(ANSWERS, [key], async () => deepFreeze(await make()));
  }

  /** What `answer` keeps under `key` now, under the same rules, without a promise: undefined when nothing is kept (or inside a transaction). */
  kept<T>(key: string): T | undefined {
    if (this.source.inTransaction()) return undefined;
    this.checkOtherConnections();
    return this.rows.get(ANSWERS)?.get(key) as T | undefined;
  }

  private keep(sql: string, key: string, value: unknown): void {
    if (this.size >= MAX_ROWS) this.forget();
    let answers = this.rows.get(sql);
    if (answers === undefined) {
      this.rows.set(sql, (answers = new Map()));
      const table = READ_TABLE.exec(sql)?.[1]?.toLowerCase();
      if (table !== undefined && UNCACHED_TABLES.has(table)) {
        const readers = this.readersOf.get(table) ?? new Set<string>();
        this.readersOf.set(table, readers.add(sql));
      }
    }
    if (!answers.has(key)) this.size += 1;
    answers.set(key, value);
  }

  /** Where `keepAfter` starts from: the answer kept now for `sql` with `params` (in `kept`), and the counts of forgets and of writes to its table so far. */
  peek(sql: string, params: readonly unknown[]): KeptAnswer {
    const answers = this.rows.get(sql);
    const key = keyOf(params);
    return { forgets: this.forgets, writes: this.writesTo(sql), ...(answers?.has(key) ? { kept: { value: answers.get(key) } } : {}) };
  }

  /**
   * Keeps `value` for `sql` with `params`, as of a commit that wrote it: only if the one
   * write to the table `sql` reads since `from` is that write, nothing was forgotten, and
   * no transaction runs; false otherwise (the caller reads it again). The next cached read
   * looks for other connections' commits again, even in this turn: one may have landed
   * before the write, which `value` (made from the answer kept before it) would not show.
   */
  keepAfter(from: KeptAnswer, sql: string, params: readonly unknown[], value: unknown): boolean {
    if (this.forgets !== from.forgets || this.writesTo(sql) !== from.writes + 1 || this.source.inTransaction()) return false;
    this.keep(sql, keyOf(params), value);
    this.checkedThisTurn = false;
    return true;
  }

  /** Told of every write statement before it runs; forgets what it may change. */
  written(sql: string): void {
    const table = WRITTEN_TABLE.exec(sql)?.[1]?.toLowerCase();
    if (table !== undefined) this.writes.set(table, (this.writes.get(table) ?? 0) + 1);
    if (this.size === 0) {
      // Nothing kept, but a read on its way must not keep what this write changes.
      this.generation += 1;
      return;
    }
    if (table === undefined || !UNCACHED_TABLES.has(table)) {
      this.forget();
      return;
    }
    const readers = this.readersOf.get(table);
    if (readers === undefined) return;
    // A read of the table on its way must not keep what this write changes.
    this.generation += 1;
    for (const statement of readers) {
      this.size -= this.rows.get(statement)?.size ?? 0;
      this.rows.delete(statement);
    }
    this.readersOf.delete(table);
  }

  /**
   * `data_version` as this turn sees it (read at the turn's first call, with the rows'
   * check): what the answer caches compare, so a request asks SQLite once, not once per cache.
   */
  version(): number {
    this.checkOtherConnections();
    return this.dataVersion;
  }

  /** Forgets every kept row (also when another process's change is heard of). */
  forget(): void {
    this.generation += 1;
    this.forgets += 1;
    this.rows.clear();
    this.readersOf.clear();
    this.size = 0;
  }

  /** The writes so far to the table a SELECT reads. */
  private writesTo(sql: string): number {
    return this.writes.get(READ_TABLE.exec(sql)?.[1]?.toLowerCase() ?? '') ?? 0;
  }

  private checkOtherConnections(): void {
    if (this.checkedThisTurn) return;
    this.checkedThisTurn = true;
    setImmediate(this.endTurn);
    const version = this.source.dataVersion();
    if (version !== this.dataVersion) {
      this.forget();
      this.dataVersion = version;
    }
  }
}

/** An answer kept before a write (`peek`), if one was, and the counts of forgets and of writes to its table then. */
export interface KeptAnswer {
  forgets: number;
  /** Writes so far to the table the read reads. */
  writes: number;
  kept?: { value: unknown };
}

/** Where `answer` keeps its answers among the statements: no statement is this text. */
const ANSWERS = '-- answers';

/** One key per list of parameters; a non-string parameter is marked, so null and "" differ. */
function keyOf(params: readonly unknown[]): string {
  if (params.length === 1 && typeof params[0] === 'string') return params[0];
  let key = '';
  for (const param of params) key += typeof param === 'string' ? `\u0000${param}` : `\u0000\u0001${String(param)}`;
  return key;
}
