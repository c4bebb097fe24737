/**
 * A clock a test can move forward: the machine's time plus an offset that only grows, so
 * ids stay in order and rate-limit windows keep turning. The registry reads time through
 * `now` everywhere (interaction deadlines and tokens, polls, rate limits), so moving it
 * makes 3 seconds or 15 minutes pass at once; `advance` then settles what fell due
 * (an interaction past its deadline fails, as its timer would have failed it).
 */
export class AdjustableClock {
  private offset = 0;

  /** `base` is the time it starts from: the machine's, or a test's fixed clock. */
  constructor(private readonly base: () => number = Date.now) {}

  /** The time, in ms since the epoch. A bound function: pass it as the registry's `now`. */
  readonly now = (): number => this.base() + this.offset;

  /** Moves time forward by `ms` (never back: ids made later must stay larger). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`the clock moves forward only, by a finite number of ms (got ${ms})`);
    this.offset += ms;
  }
}
