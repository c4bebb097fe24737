/**
 * The change feed: what makes several registry processes on one store one registry. Each
 * process's bus events (a message posted, an interaction's progress, a command list
 * changed, a dispatch for a bot whose session another process holds) reach every other
 * process's bus, in the order they were published; and every change another process
 * commits makes this one's caches forget what they kept.
 *
 * One process alone (the embedded default) has no peers, and its feed costs nothing.
 */
import type { EventBus, RegistryEvents } from '../events.js';
import type { Store } from '../store/store.js';

/** An event as it travels between processes: the bus event's name and arguments, as JSON. */
export interface FeedEvent {
  name: keyof RegistryEvents;
  args: unknown[];
}

export interface ChangeFeed {
  /** Tells the other processes of a local event; published in the order of the calls. */
  publish(event: FeedEvent): void;
  /**
   * Resolves once every change another process committed before the call is known here
   * (its events delivered, caches forgotten): a request served after it reads what a
   * request answered elsewhere just before wrote.
   */
  caughtUp(): Promise<void>;
  /** This process's id in the feed (and in the gateway session registry). */
  readonly processId: string;
  /** Whether other processes share the store now: only then are gateway sessions registered and dispatches told. */
  shared(): boolean;
  close(): Promise<void>;
}

/**
 * Whether a request waits for the feed to have caught up before it is served: with
 * PostgreSQL, which tells other processes' commits only through the feed. SQLite's read
 * cache sees them itself (read-cache.ts), so there no request waits.
 */
export function waitsForFeed(store: Store): boolean {
  return store.sql.dialect === 'postgres';
}

/** Every bus event that crosses: all of them. */
const EVENTS: ReadonlyArray<keyof RegistryEvents> = [
  'commandsChanged', 'permissionsChanged', 'clientEvent', 'worldChanged', 'guildEdited', 'botTokenReset', 'personLeft',
  'channelMessage', 'pollVote', 'botConnected', 'botDispatch',
];

/**
 * Connects the bus to the feed: local events are published, other processes' events are
 * emitted on the bus as if they were local (and not published again). Answers the
 * disconnect.
 */
export function relayBus(bus: EventBus, feed: ChangeFeed, store: Pick<Store, 'afterCommit'>): { deliver(event: FeedEvent): void; stop(): void } {
  let delivering = false;
  const listeners = EVENTS.map((name) => {
    const listener = (...args: unknown[]) => {
      // Once what the event tells of has committed: another process acting on it reads it.
      if (!delivering) store.afterCommit(() => feed.publish({ name, args }));
    };
    bus.on(name, listener as never);
    return { name, listener };
  });
  return {
    deliver(event) {
      if (!EVENTS.includes(event.name)) return;
      delivering = true;
      try {
        (bus.emit as (name: string, ...args: unknown[]) => boolean)(event.name, ...event.args);
      } finally {
        delivering = false;
      }
    },
    stop() {
      for (const { name, listener } of listeners) bus.off(name, listener as never);
    },
  };
}
