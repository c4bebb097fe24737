/**
 * The timers that end interactions at their deadline, owned by the registry so its close
 * cancels them: one that fired after the store had closed could only fail ("The store is
 * closed"), and said so on stderr for every interaction left in flight. A close also waits
 * for a deadline being applied, so the store is not closed under it.
 */
export class DeadlineTimers {
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #applying = new Set<Promise<void>>();
  #closed = false;

  /** Runs `apply` in `delayMs`, unless cancelled or the registry closes first; answers the cancel. */
  after(delayMs: number, apply: () => Promise<void>): () => void {
    if (this.#closed) return () => undefined;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      const applying = apply().finally(() => this.#applying.delete(applying));
      this.#applying.add(applying);
    }, delayMs);
    // A deadline alone does not keep the process running.
    timer.unref();
    this.#timers.add(timer);
    return () => {
      clearTimeout(timer);
      this.#timers.delete(timer);
    };
  }

  /** Cancels every deadline still to come; resolves once those being applied are done. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    await Promise.allSettled(this.#applying);
  }
}
