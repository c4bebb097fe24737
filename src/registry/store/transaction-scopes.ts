/**
 * Which transaction an asynchronous context runs in, for a database whose transactions
 * await between statements: an AsyncLocalStorage, enabled only while a transaction runs.
 * While one is enabled Node tracks it through every promise the process makes (async hooks),
 * a tax on every request, in a transaction or not: the delivery benchmark's profile showed it
 * on SQLite, the team reads' profile on PostgreSQL, where it stayed on from the first
 * transaction and a team process read a fifth slower for it (docs/benchmarks.md).
 * PostgreSQL's transactions overlap, so the last one to end turns it off.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** A transaction's scope as the storage carries it: open until the transaction's work has settled. */
interface Entry<Scope> {
  readonly scope: Scope;
  open: boolean;
}

export class TransactionScopes<Scope> {
  /** Transactions running now (their `work` not yet settled). */
  #running = 0;

  /** `storage` is injected by tests, which look at whether it is on. */
  constructor(private readonly storage = new AsyncLocalStorage<Entry<Scope>>()) {}

  /**
   * The transaction this context runs in, if any. Work a transaction started and did not
   * await (a job queued by a bus listener, a promise left running) goes on in its context
   * after the transaction ended, and Node hands that context its old store again once
   * another transaction turns the storage back on: that work is in no transaction, and
   * must neither skip the other's turn nor add its statements to it.
   */
  current(): Scope | undefined {
    const entry = this.storage.getStore();
    return entry?.open ? entry.scope : undefined;
  }

  /** Runs `work` in `scope`: it, and everything it awaits, sees `scope` as `current()`. */
  async run<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    const entry: Entry<Scope> = { scope, open: true };
    this.#running += 1;
    try {
      return await this.storage.run(entry, work);
    } finally {
      entry.open = false;
      this.#running -= 1;
      if (this.#running === 0) this.storage.disable();
    }
  }
}
