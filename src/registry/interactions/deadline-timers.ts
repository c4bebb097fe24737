/**
 * The timers that end interactions at their deadline, owned by the registry so its close
 * cancels them: one that fired after the store had closed could only fail ("The store is
 * closed"), and said so on stderr for every interaction left in flight. A close also waits
 * for a deadline being applied, so the store is not closed under it. They are set on the
 * registry's timers: the machine's, or a test clock's (timers.ts).
 */
import { machineTimers, type Timers } from '../timers.js';

export class DeadlineTimers {
  readonly #cancels = new Set<() => void>();
  readonly #applying = new Set<Promise<void>>();
  #closed = false;

  constructor(private readonly timers: Timers = machineTimers) {}

  /** Runs `apply` in `delayMs`, unless cancelled or the registry closes first; answers the cancel. */
  after(delayMs: number, apply: () => Promise<void>): () => void {
    if (this.#closed) return () => undefined;
    // A deadline alone does not keep the process running (no source's timer does).
    const cancelTimer = this.timers.after(delayMs, () => {
      this.#cancels.delete(cancel);
      const applying = apply().finally(() => this.#applying.delete(applying));
      this.#applying.add(applying);
    });
    const cancel = () => {
      cancelTimer();
      this.#cancels.delete(cancel);
    };
    this.#cancels.add(cancel);
    return cancel;
  }

  /** Cancels every deadline still to come; resolves once those being applied are done. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const cancel of [...this.#cancels]) cancel();
    await Promise.allSettled(this.#applying);
  }
}
