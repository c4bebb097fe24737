/**
 * Which endpoint URLs have passed verification. A URL saved through
 * `PATCH /applications/@me` is verified before it is stored, but one that came from a
 * world file never was: the first delivery verifies it, and the result is remembered
 * per application and URL so later deliveries do not repeat the checks.
 */
import { apiUser } from '../domain/user-view.js';
import type { ApplicationRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import type { Timers } from '../timers.js';
import type { DeliveryOptions } from './deliver-over-http.js';
import { verifyInteractionsEndpoint, type EndpointVerification, type VerificationOptions } from './verify-endpoint.js';

/** What the registry delivers with, injected once at build time (tests shorten the deadline). */
export interface DeliverySettings {
  /** An HTTP client tests inject; node:http with keep-alive when absent. */
  fetch?: typeof fetch;
  timeoutMs: number;
  /** Where the deadline's timers are set: the machine's by default, a test clock's in a test (timers.ts). */
  timers?: Timers;
  now: () => number;
  nextId: () => string;
  /**
   * How long a failed verification is answered from memory before the next delivery
   * tries again (ms of `now`). 0 by default: a developer who fixes or starts their bot
   * is never held back by an old failure, while concurrent deliveries still share one check.
   */
  retryFailuresAfterMs?: number;
}

interface Remembered {
  url: string;
  /** In flight or settled: concurrent first deliveries share one verification. */
  verdict: Promise<EndpointVerification>;
  settled?: { verdict: EndpointVerification; at: number };
}

/** The remembered verdicts of one registry, and the settings deliveries use. */
export class EndpointVerifications {
  private readonly verdicts = new Map<string, Remembered>();

  constructor(readonly settings: DeliverySettings) {}

  /** The options `deliverOverHttp` takes, from the injected settings. */
  deliveryOptions(signal?: AbortSignal): DeliveryOptions {
    const { fetch, timeoutMs, timers, now } = this.settings;
    return { timeoutMs, now, ...(timers ? { timers } : {}), ...(fetch ? { fetch } : {}), ...(signal ? { signal } : {}) };
  }

  /** Records a verdict reached elsewhere (the PATCH route verifies before storing). */
  remember(applicationId: string, url: string, verdict: EndpointVerification): void {
    this.verdicts.set(applicationId, { url, verdict: Promise.resolve(verdict), settled: { verdict, at: this.settings.now() } });
  }

  /** Drops what is known about an application (its URL was cleared). */
  forget(applicationId: string): void {
    this.verdicts.delete(applicationId);
  }

  /** The verdict still good for this URL (a success, a recent failure, or one in flight), if any. */
  recall(applicationId: string, url: string): Promise<EndpointVerification> | undefined {
    const known = this.verdicts.get(applicationId);
    if (!known || known.url !== url) return undefined;
    if (known.settled === undefined || known.settled.verdict.ok) return known.verdict;
    const retryAfter = this.settings.retryFailuresAfterMs ?? 0;
    return this.settings.now() - known.settled.at < retryAfter ? known.verdict : undefined;
  }

  /** Whether this URL passed its verification (settled, not in flight): a delivery to it need not wait for a verdict. */
  verified(applicationId: string, url: string): boolean {
    const known = this.verdicts.get(applicationId);
    return known !== undefined && known.url === url && known.settled?.verdict.ok === true;
  }

  /** Runs a verification and remembers it, in flight and then settled. */
  start(applicationId: string, url: string, run: () => Promise<EndpointVerification>): Promise<EndpointVerification> {
    const entry: Remembered = { url, verdict: Promise.resolve({ ok: true }) };
    entry.verdict = run().then((verdict) => {
      entry.settled = { verdict, at: this.settings.now() };
      return verdict;
    });
    this.verdicts.set(applicationId, entry);
    return entry.verdict;
  }
}

/**
 * Verifies an application's stored endpoint URL once before its first delivery, as the
 * service did when the URL was saved, and remembers the verdict in `verifications`.
 * The interaction code calls it before every HTTP delivery (a remembered success costs
 * nothing) and, on `{ ok: false }`, reports "endpoint failed verification: <reason>"
 * instead of delivering. Never throws.
 */
export function ensureVerified(
  store: Store,
  application: ApplicationRecord,
  verifications: EndpointVerifications,
): Promise<EndpointVerification> {
  const url = application.interactions_endpoint_url;
  if (url === null) {
    return Promise.resolve({ ok: false, check: 'ping', reason: 'the application has no interactions endpoint URL' });
  }
  const known = verifications.recall(application.id, url);
  if (known) return known;
  return verifications.start(application.id, url, async () =>
    verifyInteractionsEndpoint(application, url, await pingOptions(store, application, verifications.settings)));
}

/** The verification's options: the injected settings and the owner the PING names. */
export async function pingOptions(store: Store, application: ApplicationRecord, settings: DeliverySettings): Promise<VerificationOptions> {
  const owner = application.owner_id === null ? undefined : await store.world.user(application.owner_id);
  const { fetch, timeoutMs, timers, now, nextId } = settings;
  return { timeoutMs, now, nextId, ...(timers ? { timers } : {}), ...(fetch ? { fetch } : {}), ...(owner ? { user: apiUser(owner) } : {}) };
}
