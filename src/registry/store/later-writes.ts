/**
 * The writes of `Sql.transactionLater` on SQLite: run a little later, and committed together.
 *
 * A later transaction's writes (`run`, `runKeeping`) are queued, not run: the read cache is
 * told of each as it is queued (sqlite-database.ts), and the queue runs, in order, before the
 * connection runs any other statement, so nothing this process reads can miss them. What is
 * left runs LATER_WITHIN_MS after the first was queued, in one write transaction held open
 * (`held`), each transaction's writes in a savepoint of it, and that commits: an inline
 * answer's message and its interaction's row cost the app's next invocation nothing but
 * their queueing, where their statements and a commit of their own were a tenth of its time
 * (docs/benchmarks.md). A later transaction that must run a statement to go on (one whose
 * answer it reads) runs its queued writes there and then, in its own savepoint, and the rest
 * of its statements as they come. Any write committed on its own, any other transaction and
 * the store's close commit what is held first.
 */
import { LATER_WITHIN_MS } from './database.js';

/** A write statement and its parameters. */
export type Write = readonly [sql: string, params: readonly unknown[]];

/** What the later writes need of their database. */
export interface LaterHost {
  /** Runs a statement now, SQLite's own (BEGIN, SAVEPOINT, COMMIT, ...). */
  exec(sql: string): void;
  /** Runs a write now, counted as the database counts its writes. */
  run(write: Write): void;
  inTransaction(): boolean;
  /** Whether a transaction of the database runs (its gate is shut): the held one then commits at its end. */
  busy(): boolean;
  /** The held transaction committed; `wrote`: one of its statements changed rows. */
  committed(wrote: boolean): void;
  /** Writes run later were lost (`error` says why): what the read cache kept of them is no longer true. */
  lost(error: Error): void;
}

export class LaterWrites {
  /** Whether a statement in the held transaction changed rows (the database sets it as it counts). */
  wrote = false;
  /** Whether the write transaction that holds them is open. */
  #held = false;
  /** The writes of later transactions that ended, not yet run: each transaction's, in order. */
  #queued: Write[][] = [];
  /** The running later transaction's writes while it only queues them; null when none runs, or it runs its own. */
  #queueing: Write[] | null = null;
  /** Whether the running later transaction has its savepoint open (it runs its statements). */
  #direct = false;
  #timer: NodeJS.Timeout | undefined;
  /** The while passed during a transaction: commit at its end. */
  #due = false;

  constructor(private readonly host: LaterHost) {}

  /** Whether the held transaction is open: statements run now are part of it. */
  get holding(): boolean {
    return this.#held;
  }

  /** A later transaction starts: its writes are queued. */
  begin(): void {
    this.#queueing = [];
    this.#direct = false;
  }

  /** A write of the running later transaction: true when queued, false when it runs now (the caller runs it). */
  queue(sql: string, params: readonly unknown[]): boolean {
    if (this.#queueing === null) return false;
    this.#queueing.push([sql, params]);
    return true;
  }

  /**
   * Before the connection runs any statement: the queued writes run first, in the held
   * transaction, and the running later transaction (if it was queueing) opens its savepoint
   * with its own queued writes, to run the rest of its statements there.
   */
  beforeStatement(): void {
    if (this.#queued.length > 0) this.#runQueued();
    if (this.#queueing === null) return;
    this.#hold();
    this.host.exec('SAVEPOINT later');
    const own = this.#queueing;
    this.#queueing = null;
    this.#direct = true;
    for (const write of own) this.host.run(write);
  }

  /**
   * The running later transaction ended: released into the held transaction, or rolled
   * back when it failed (`failure`, what it threw); its queue kept or dropped.
   */
  end(failure?: { error: unknown }): void {
    const ok = failure === undefined;
    const own = this.#queueing;
    this.#queueing = null;
    if (this.#direct) {
      this.#direct = false;
      // What it threw (SQLITE_FULL among them) may have ended the whole held transaction.
      if (!this.host.inTransaction()) this.#lose(failure?.error instanceof Error ? failure.error : new Error('the transaction holding them ended'));
      else if (ok) this.host.exec('RELEASE later');
      else {
        this.host.exec('ROLLBACK TO later');
        this.host.exec('RELEASE later');
      }
    } else if (ok && own !== null && own.length > 0) this.#queued.push(own);
    if (this.#queued.length > 0 || this.#held) this.#commitSoon();
  }

  /** Runs what is queued and commits what is held, now; what cannot be is said lost. */
  commit(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#due = false;
    if (this.#queued.length > 0) this.#runQueued();
    if (!this.#held) return;
    const wrote = this.wrote;
    this.#held = false;
    this.wrote = false;
    try {
      this.host.exec('COMMIT');
      this.host.committed(wrote);
    } catch (error) {
      if (this.host.inTransaction()) this.host.exec('ROLLBACK');
      this.host.lost(error as Error);
    }
  }

  /** A transaction ended: commits now if the while passed during it. */
  commitIfDue(): void {
    if (this.#due) this.commit();
  }

  /** What is queued and held is gone (the transaction holding it ended): said so. */
  #lose(error: Error): void {
    this.#queued = [];
    this.#held = false;
    this.wrote = false;
    this.host.lost(error);
  }

  #hold(): void {
    if (this.#held) return;
    this.host.exec('BEGIN IMMEDIATE');
    this.#held = true;
  }

  /** Each queued transaction's writes in a savepoint of the held transaction; one that fails is rolled back alone and said lost. */
  #runQueued(): void {
    const queued = this.#queued;
    this.#queued = [];
    try {
      this.#hold();
    } catch (error) {
      this.host.lost(error as Error);
      return;
    }
    for (const writes of queued) {
      let begun = false;
      try {
        this.host.exec('SAVEPOINT later');
        begun = true;
        for (const write of writes) this.host.run(write);
        this.host.exec('RELEASE later');
      } catch (error) {
        // An error SQLite ends the whole transaction for (SQLITE_FULL among them), or a
        // connection closed under it, takes what it held with it.
        if (!begun || !this.host.inTransaction()) {
          this.#lose(error as Error);
          return;
        }
        this.host.exec('ROLLBACK TO later');
        this.host.exec('RELEASE later');
        this.host.lost(error as Error);
      }
    }
  }

  #commitSoon(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.host.busy()) this.#due = true;
      else {
        try {
          this.commit();
        } catch (error) {
          // Only a connection closed under it (its store's close commits first): said, never thrown at the process.
          this.host.lost(error as Error);
        }
      }
    }, LATER_WITHIN_MS);
    // Later writes never keep the process alive: closing the store commits them.
    this.#timer.unref();
  }
}
