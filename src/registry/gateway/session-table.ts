/**
 * Every session the gateway knows, live or waiting for a RESUME, found by id, by app or
 * by user. A session whose connection dropped is forgotten when its resume window ends.
 */
import type { GatewaySession } from './session.js';

/** Who hears how sessions come and go: the registry of a team's bot sessions (gateway-sessions.ts). */
export interface SessionObserver {
  live(session: GatewaySession): void;
  resumable(session: GatewaySession, until: number): void;
  gone(session: GatewaySession): void;
}

export class SessionTable {
  private readonly sessions = new Map<string, GatewaySession>();
  private readonly expiries = new Map<string, NodeJS.Timeout>();

  /** `onRemoved` hears of each session forgotten for good (not when the gateway closes). */
  constructor(
    private readonly resumeWindowMs: number,
    private readonly onRemoved: (session: GatewaySession) => void = () => undefined,
    private readonly observer?: SessionObserver,
    private readonly now: () => number = Date.now,
  ) {}

  add(session: GatewaySession): void {
    this.sessions.set(session.id, session);
    this.observer?.live(session);
  }

  /** A RESUME picked the session up again: it is live, and its expiry stops. */
  resumed(session: GatewaySession): void {
    this.revive(session);
    this.observer?.live(session);
  }

  get(id: string): GatewaySession | undefined {
    return this.sessions.get(id);
  }

  /** Stops the expiry of a session a RESUME picked up again. */
  revive(session: GatewaySession): void {
    const timer = this.expiries.get(session.id);
    if (timer) clearTimeout(timer);
    this.expiries.delete(session.id);
  }

  /** The session lost its connection: it stays resumable for the window, or goes now. */
  release(session: GatewaySession, resumable: boolean): void {
    session.connection = null;
    if (!resumable) {
      this.remove(session);
      return;
    }
    this.revive(session);
    const timer = setTimeout(() => this.remove(session), this.resumeWindowMs);
    timer.unref();
    this.expiries.set(session.id, timer);
    this.observer?.resumable(session, this.now() + this.resumeWindowMs);
  }

  remove(session: GatewaySession): void {
    this.revive(session);
    if (this.sessions.get(session.id) !== session) return;
    this.sessions.delete(session.id);
    this.observer?.gone(session);
    this.onRemoved(session);
  }

  /** An app's bot sessions, every shard, live or resumable. */
  bots(applicationId: string): GatewaySession[] {
    return [...this.sessions.values()].filter((session) => session.owner.kind === 'bot' && session.owner.application.id === applicationId);
  }

  /** Whether any app has a bot session, live or resumable. */
  hasBots(): boolean {
    return this.hasAny('bot');
  }

  /** Whether anyone has a client session, live or resumable. */
  hasClients(): boolean {
    return this.hasAny('user');
  }

  private hasAny(kind: GatewaySession['owner']['kind']): boolean {
    for (const session of this.sessions.values()) if (session.owner.kind === kind) return true;
    return false;
  }

  /** Client sessions (people, not bots), live or resumable. */
  clients(): GatewaySession[] {
    return [...this.sessions.values()].filter((session) => session.owner.kind === 'user');
  }

  all(): GatewaySession[] {
    return [...this.sessions.values()];
  }

  /** Forgets everything (the gateway is closing). */
  clear(): void {
    for (const timer of this.expiries.values()) clearTimeout(timer);
    this.expiries.clear();
    this.sessions.clear();
  }
}
