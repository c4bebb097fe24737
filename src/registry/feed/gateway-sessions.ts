/**
 * A team's bot sessions across processes: each process records the bot sessions it holds
 * (live, or resumable until a time) while it has a change feed, and before an interaction
 * for a bot it holds no session of fails with "no bot connected", it asks whether another
 * process (alive) holds one for the guild's shard: then the interaction goes there over
 * the feed (the `botDispatch` bus event), and the deadline decides as usual.
 */
import { inOrder } from '../in-order.js';
import { shardOf } from '../gateway/protocol.js';
import type { SessionObserver } from '../gateway/session-table.js';
import type { GatewaySession } from '../gateway/session.js';
import type { Store } from '../store/store.js';
import type { ChangeFeed } from './change-feed.js';
import { GONE_AFTER_MS } from './process-heartbeat.js';

/** Records the bot sessions of this process, in the order they changed, while `feed()` gives a feed. */
export function sessionRegistry(store: Store, feed: () => ChangeFeed | null, report: (error: unknown) => void): SessionObserver {
  const queue = inOrder(report);
  const record = (session: GatewaySession, resumableUntil: number | null) => {
    const current = feed();
    if (current === null || session.owner.kind !== 'bot') return;
    const row = {
      id: session.id, application_id: session.owner.application.id, shard_id: session.shard[0], shard_count: session.shard[1],
      process_id: current.processId, resumable_until: resumableUntil,
    };
    queue(() => store.gatewaySessions.put(row));
  };
  return {
    live: (session) => record(session, null),
    resumable: (session, until) => record(session, until),
    gone: (session) => {
      if (feed() === null || session.owner.kind !== 'bot') return;
      queue(() => store.gatewaySessions.remove(session.id));
    },
  };
}

/** Whether another process holds a session of the app's bot for the guild's shard, live or still resumable. */
export async function botElsewhere(store: Store, feed: ChangeFeed, applicationId: string, guildId: string | null, now: number): Promise<boolean> {
  const sessions = await store.gatewaySessions.elsewhere(applicationId, feed.processId, now - GONE_AFTER_MS, now);
  return sessions.some((session) => shardOf(guildId, session.shard_count) === session.shard_id);
}
