/**
 * What the interaction code needs from the registry: the state, the bus, the gateway, the
 * ledger, and the injected clock, ids and deadline. The registry's context satisfies it.
 */
import type { ChangeFeed } from '../feed/change-feed.js';
import type { EndpointVerifications } from '../delivery/endpoint-verifications.js';
import type { EventBus } from '../events.js';
import type { GatewayHub } from '../gateway/hub.js';
import type { Store } from '../store/store.js';
import type { ActivityProxy } from '../activity-proxy/activity-proxy.js';
import type { ActivityLauncher } from './activities.js';
import type { DeadlineTimers } from './deadline-timers.js';
import type { InlineAnswers } from './inline-answers.js';
import type { InteractionLedger } from './ledger.js';

export interface InteractionServices {
  store: Store;
  bus: EventBus;
  gateway: GatewayHub;
  ledger: InteractionLedger;
  activities: ActivityLauncher;
  /** Where a proxied Activity's origin listens (launches name its port). */
  activityProxy: ActivityProxy;
  /** Endpoint URL checks and the HTTP delivery settings (fetch, deadline, clock). */
  verifications: EndpointVerifications;
  now: () => number;
  nextId: () => string;
  /** How long an app has for its first response (3 s; tests shorten it). */
  deadlineMs: number;
  /** The deadlines' timers, cancelled when the registry closes. */
  deadlines: DeadlineTimers;
  /** The apps' inline answers being applied, which every request but an invocation waits for. */
  inlineAnswers: InlineAnswers;
  /** The change feed to the other processes on the store, once started; null when there are none to have. */
  feed?: ChangeFeed | null;
}

/** Sends a client event to one user's sessions. */
export function toUser(services: InteractionServices, userId: string, type: string, data: unknown): void {
  services.bus.emit('clientEvent', { to: { userId }, type, data });
}

/** Sends a client event to everyone who can view the channel. */
export function toChannel(services: InteractionServices, channelId: string, type: string, data: unknown): void {
  services.bus.emit('clientEvent', { to: { channelId }, type, data });
}
