/**
 * A clock a test can move forward: the machine's time plus an offset that only grows, so
 * ids stay in order and rate-limit windows keep turning. The registry reads time through
 * `now` everywhere (interaction deadlines and tokens, polls, rate limits) and sets its
 * deadlines on it (`after`: an interaction's, its endpoint delivery's, a gateway session's
 * heartbeat), so moving it makes 3 seconds or 15 minutes pass at once: `advance` fires what
 * fell due, as the machine's time passing would have.
 *
 * Built on a base that stands still (`new AdjustableClock(() => start)`), it is held: time
 * passes only when a test moves it, so no deadline comes on its own, however slow the machine.
 */
import type { Timers } from '../timers.js';

interface Due {
  at: number;
  fire: () => void;
  timer?: NodeJS.Timeout;
}

export class AdjustableClock implements Timers {
  private offset = 0;
  private readonly pending = new Set<Due>();

  /** `base` is the time it starts from: the machine's, or a test's fixed clock (then the clock is held). */
  constructor(private readonly base: () => number = Date.now) {}

  /** The time, in ms since the epoch. A bound function: pass it as the registry's `now`. */
  readonly now = (): number => this.base() + this.offset;

  /** Moves time forward by `ms` (never back: ids made later must stay larger); fires what fell due, earliest first. */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`the clock moves forward only, by a finite number of ms (got ${ms})`);
    this.offset += ms;
    const now = this.now();
    for (const due of [...this.pending].filter((entry) => entry.at <= now).sort((a, b) => a.at - b.at)) this.fire(due);
  }

  /**
   * Calls `fire` once the clock reads `delayMs` from now. A machine timer watches for that
   * time and looks again while the clock has not reached it (a held clock never does alone).
   */
  after(delayMs: number, fire: () => void): () => void {
    const due: Due = { at: this.now() + Math.max(0, delayMs), fire };
    const arm = () => {
      due.timer = setTimeout(() => (this.now() >= due.at ? this.fire(due) : arm()), Math.max(1, due.at - this.now()));
      due.timer.unref();
    };
    this.pending.add(due);
    arm();
    return () => {
      clearTimeout(due.timer);
      this.pending.delete(due);
    };
  }

  private fire(due: Due): void {
    if (!this.pending.delete(due)) return;
    clearTimeout(due.timer);
    due.fire();
  }
}
