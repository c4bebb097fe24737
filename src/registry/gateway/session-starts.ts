/**
 * The session start limit: how many IDENTIFYs each bot has left today, as
 * `/gateway/bot`'s `session_start_limit` reports it and IDENTIFY spends it. The day
 * starts at an app's first IDENTIFY; RESUMEs are free, as in the service.
 */
import { SESSION_START_TOTAL } from './protocol.js';

const DAY_MS = 86_400_000;

/** The `session_start_limit` object of `/gateway/bot`. */
export interface SessionStartLimit {
  total: number;
  remaining: number;
  /** Milliseconds until `remaining` is back to `total`. */
  reset_after: number;
  max_concurrency: number;
}

export class SessionStarts {
  private readonly days = new Map<string, { start: number; used: number }>();

  constructor(private readonly now: () => number, private readonly total = SESSION_START_TOTAL) {}

  /** Spends one start; false when the app has none left today. */
  take(applicationId: string): boolean {
    const day = this.current(applicationId) ?? { start: this.now(), used: 0 };
    if (day.used >= this.total) return false;
    this.days.set(applicationId, { start: day.start, used: day.used + 1 });
    return true;
  }

  /** What `/gateway/bot` reports for the app. */
  limit(applicationId: string): SessionStartLimit {
    const day = this.current(applicationId);
    return {
      total: this.total,
      remaining: this.total - (day?.used ?? 0),
      reset_after: day ? Math.max(0, day.start + DAY_MS - this.now()) : DAY_MS,
      max_concurrency: 1,
    };
  }

  private current(applicationId: string): { start: number; used: number } | undefined {
    const day = this.days.get(applicationId);
    if (day && this.now() - day.start >= DAY_MS) {
      this.days.delete(applicationId);
      return undefined;
    }
    return day;
  }
}
