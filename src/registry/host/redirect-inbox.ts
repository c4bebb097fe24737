/**
 * The redirects the host caught for the client's Authorize flow, the way a native app's
 * SDK catches its own: on the loopback route (`GET /callback`, browser mode and the
 * desktop app's system browser) and through the desktop app's custom-scheme deep link.
 * The client asks for the next one after a sequence number it got when it started, so
 * the host never needs to read the state: checking it is the client's job (RFC 6749
 * §10.12), and a redirect with a foreign state must reach the client for it to refuse.
 *
 * Held in memory only (they carry codes), the newest few, for as long as a code lives.
 */
import type { CapturedRedirect } from '../../shared/host-authorization.js';

/** As many redirects as anyone could want to look back on. */
const KEPT = 20;
/** A code lives ten minutes; so does its redirect here. */
const KEPT_MS = 10 * 60 * 1000;

interface Waiter {
  after: number;
  resolve(redirect: CapturedRedirect | null): void;
  timer: NodeJS.Timeout;
}

export class RedirectInbox {
  private readonly redirects: Array<CapturedRedirect & { at: number }> = [];
  private readonly waiters = new Set<Waiter>();
  private last = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** The sequence number of the newest redirect (0 before any). */
  get sequence(): number {
    return this.last;
  }

  /** Keeps a redirect that arrived and hands it to whoever waits for it. */
  deliver(url: string, via: CapturedRedirect['via']): CapturedRedirect {
    const at = this.now();
    const redirect: CapturedRedirect = { sequence: ++this.last, url, via, received_at: new Date(at).toISOString() };
    this.redirects.push({ ...redirect, at });
    while (this.redirects.length > KEPT || (this.redirects[0] && this.redirects[0].at < at - KEPT_MS)) this.redirects.shift();
    for (const waiter of this.waiters) if (waiter.after < redirect.sequence) this.settle(waiter, redirect);
    return redirect;
  }

  /**
   * The first redirect after `after`, waiting up to `waitMs` for one; null when none came.
   * A number from before a restart (larger than any here) counts from now.
   */
  next(since: number, waitMs: number): Promise<CapturedRedirect | null> {
    const after = Math.min(since, this.last);
    const kept = this.redirects.find((redirect) => redirect.sequence > after && redirect.at >= this.now() - KEPT_MS);
    if (kept) {
      const { at: _at, ...redirect } = kept;
      return Promise.resolve(redirect);
    }
    return new Promise((resolve) => {
      const waiter: Waiter = { after, resolve, timer: setTimeout(() => this.settle(waiter, null), waitMs) };
      this.waiters.add(waiter);
    });
  }

  /** Answers every waiter with null (the registry is closing). */
  close(): void {
    for (const waiter of this.waiters) this.settle(waiter, null);
  }

  private settle(waiter: Waiter, redirect: CapturedRedirect | null): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    waiter.resolve(redirect);
  }
}
