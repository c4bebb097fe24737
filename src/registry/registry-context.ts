/**
 * What every route module gets from the app (app.ts builds it): the state and the injected
 * dependencies. A module of its own, below the routes, the OAuth steps and the driver that
 * take it, so none of them imports the app that imports them (issue 34).
 */
import type { ActivityProxy } from './activity-proxy/activity-proxy.js';
import type { EndpointVerifications } from './delivery/endpoint-verifications.js';
import type { AdjustableClock } from './driver/adjustable-clock.js';
import type { EventBus } from './events.js';
import type { ChangeFeed } from './feed/change-feed.js';
import type { GatewayHub } from './gateway/hub.js';
import type { RedirectInbox } from './host/redirect-inbox.js';
import type { SettingsKeeper } from './host/settings-file.js';
import type { RateLimiter } from './http/rate-limits.js';
import type { ActivityLauncher } from './interactions/activities.js';
import type { DeadlineTimers } from './interactions/deadline-timers.js';
import type { InlineAnswers } from './interactions/inline-answers.js';
import type { InteractionLedger } from './interactions/ledger.js';
import type { Store } from './store/store.js';

/** What every route module gets: the state and the injected dependencies. */
export interface RegistryContext {
  store: Store;
  bus: EventBus;
  now: () => number;
  nextId: () => string;
  limiter: RateLimiter;
  /** Endpoint URLs' verdicts and the settings HTTP deliveries use (`deliveryOptions()`). */
  verifications: EndpointVerifications;
  /** Interactions in flight, their tokens and ephemeral messages. */
  ledger: InteractionLedger;
  activities: ActivityLauncher;
  /** Each proxied Activity's origin: a listener of its own (activity-proxy/). */
  activityProxy: ActivityProxy;
  /** How long an app has for its first response: the same deadline HTTP delivery waits. */
  deadlineMs: number;
  /** The timers of those deadlines, cancelled when the app closes. */
  deadlines: DeadlineTimers;
  /** The apps' inline answers being applied: every request but an invocation waits for them (app.ts). */
  inlineAnswers: InlineAnswers;
  /** Live sessions of bots and clients: where dispatches (INTERACTION_CREATE, client events) go. */
  gateway: GatewayHub;
  /** The client's settings (the host contract's readSettings/writeSettings). */
  settings: SettingsKeeper;
  /** Redirects caught for the client's Authorize flow (`GET /callback`, deep links), read through the host contract. */
  redirects: RedirectInbox;
  /** The clock a test moves, when the registry was built with one. */
  clock?: AdjustableClock;
  /** The change feed to the other processes on the store, once the app is ready; null when there are none to have. */
  feed?: ChangeFeed | null;
}
