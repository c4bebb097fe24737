/**
 * The daily create limit: 200 new commands per day per scope (global, or each guild),
 * counted over a sliding 24 hours. Only commands that did not exist count.
 */
import { rateLimited } from '../http/rate-limits.js';
import type { Store } from '../store/store.js';

export const DAILY_CREATE_LIMIT = 200;
const DAY_MS = 86_400_000;

/** Throws the service's 429 (30034) when `count` more creates would pass the limit. */
export async function checkDailyCreates(store: Store, applicationId: string, guildId: string | null, count: number, now: number): Promise<void> {
  if (count === 0) return;
  const creates = await store.commands.createsSince(applicationId, guildId, now - DAY_MS);
  const over = creates.length + count - DAILY_CREATE_LIMIT;
  if (over <= 0) return;
  // Room for `count` opens when the `over`-th oldest create leaves the window.
  const freedAt = (creates[Math.min(over, creates.length) - 1] ?? now) + DAY_MS;
  const retryAfter = Math.max(0, freedAt - now) / 1000;
  const headers = {
    'x-ratelimit-limit': String(DAILY_CREATE_LIMIT),
    'x-ratelimit-remaining': String(Math.max(0, DAILY_CREATE_LIMIT - creates.length)),
    'x-ratelimit-reset': (freedAt / 1000).toFixed(3),
    'x-ratelimit-reset-after': retryAfter.toFixed(3),
    'x-ratelimit-bucket': `commands-daily-${guildId ?? 'global'}`,
  };
  throw rateLimited(retryAfter, headers, 'shared', 'maxDailyCreates', DAILY_CREATE_LIMIT);
}

/** Records `count` creates at `now`, forgetting those a day old. */
export async function recordDailyCreates(store: Store, applicationId: string, guildId: string | null, count: number, now: number): Promise<void> {
  if (count === 0) return;
  await store.commands.pruneCreates(now - DAY_MS);
  await store.commands.recordCreates(applicationId, guildId, now, count);
}
