/**
 * Route rate limits with the service's headers, so a bot's own rate-limit handling
 * (discord.js reads exactly these) is exercised locally. Fixed windows per bucket key.
 */
import { createHash } from 'node:crypto';
import { ServiceError } from './service-error.js';

export interface RouteLimit {
  /** Requests allowed per window and bucket. */
  limit: number;
  windowMs: number;
}

interface Window {
  start: number;
  count: number;
}

/** Seconds with the millisecond precision the service uses in its headers. */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** Counts requests per bucket and answers the headers, or a 429, for each. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly config: RouteLimit, private readonly now: () => number) {}

  /** Counts one request in `bucket` (a route and its major parameter); throws a 429 past the limit. */
  hit(route: string, major: string): Record<string, string> {
    const now = this.now();
    const key = `${route} ${major}`;
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.config.windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) this.sweep(now);
    }
    window.count += 1;
    const resetAt = window.start + this.config.windowMs;
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(this.config.limit),
      'x-ratelimit-remaining': String(Math.max(0, this.config.limit - window.count)),
      'x-ratelimit-reset': seconds(resetAt),
      'x-ratelimit-reset-after': seconds(resetAt - now),
      'x-ratelimit-bucket': createHash('sha1').update(route).digest('hex').slice(0, 16),
    };
    if (window.count > this.config.limit) {
      throw rateLimited((resetAt - now) / 1000, headers, 'user');
    }
    return headers;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (now - window.start >= this.config.windowMs) this.windows.delete(key);
    }
  }
}

/** A 429 with `retry_after` (seconds) and the headers discord.js reads, for `name`'s body. */
export function rateLimited(
  retryAfter: number,
  headers: Record<string, string>,
  scope: 'user' | 'shared',
  name: 'rateLimited' | 'maxDailyCreates' = 'rateLimited',
  limit?: number,
): ServiceError {
  return new ServiceError(name, {
    ...(limit === undefined ? {} : { limit }),
    extra: { retry_after: Number(retryAfter.toFixed(3)), global: false },
    headers: { ...headers, 'retry-after': String(Math.ceil(retryAfter)), 'x-ratelimit-scope': scope },
  });
}
