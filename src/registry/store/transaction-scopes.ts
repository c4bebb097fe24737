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

export class TransactionScopes<Scope> {
  /** Transactions running now (their `work` not yet settled). */
  #running = 0;

  /** `storage` is injected by tests, which look at whether it is on. */
  constructor(private readonly storage = new AsyncLocalStorage<Scope>()) {}

  /** The transaction this context runs in, if any. */
  current(): Scope | undefined {
    return this.storage.getStore();
  }

  /** Runs `work` in `scope`: it, and everything it awaits, sees `scope` as `current()`. */
  async run<T>(scope: Scope, work: () => Promise<T>): Promise<T> {
    this.#running += 1;
    try {
      return await this.storage.run(scope, work);
    } finally {
      this.#running -= 1;
      if (this.#running === 0) this.storage.disable();
    }
  }
}
