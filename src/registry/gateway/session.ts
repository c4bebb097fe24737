/**
 * A gateway session: who identified (a bot for one shard, or a person's client), its
 * sequence numbers and the last dispatches, so a dropped connection can RESUME and get
 * what it missed. The session outlives its connection for the resume window.
 */
import type { ApplicationRecord, UserRecord } from '../store/records.js';
import { Opcode, REPLAY_BUFFER, type ServerPayload } from './protocol.js';
import { dispatchFrame, sharedData } from './shared-data.js';

/** Who a session belongs to. */
export type SessionOwner =
  | { kind: 'bot'; application: ApplicationRecord }
  | { kind: 'user'; user: UserRecord };

/** A dispatch as sent, kept for replay. */
export interface Dispatch {
  s: number;
  t: string;
  d: unknown;
}

export interface SessionInit {
  id: string;
  owner: SessionOwner;
  /** `[id, count]`; `[0, 1]` for client sessions. */
  shard: [number, number];
  intents: number;
}

/**
 * The connection carrying a session (connection.ts's GatewayConnection), as the session
 * and those who reach it through the session use it. Declared here, so the session does
 * not import the connection that points back at it (issue 34).
 */
export interface SessionConnection {
  readonly open: boolean;
  session: GatewaySession | null;
  send(payload: ServerPayload): void;
  sendText(text: string): void;
  close(code: number, reason?: string): void;
}

/** What a RESUME from `seq` gets: the dispatches after it, or why it cannot resume. */
export type Replay = { ok: true; dispatches: Dispatch[] } | { ok: false; reason: 'future' | 'expired' };

export class GatewaySession {
  readonly id: string;
  readonly owner: SessionOwner;
  readonly shard: [number, number];
  readonly intents: number;
  connection: SessionConnection | null = null;
  private sequence = 0;
  private readonly buffer: Dispatch[] = [];
  /** The sequence of the newest dispatch dropped from the buffer. */
  private forgotten = 0;

  constructor(init: SessionInit) {
    this.id = init.id;
    this.owner = init.owner;
    this.shard = init.shard;
    this.intents = init.intents;
  }

  /** The owner's user id: the person's, or the bot user's (its application's id). */
  get userId(): string {
    return this.owner.kind === 'bot' ? this.owner.application.id : this.owner.user.id;
  }

  get live(): boolean {
    return this.connection?.open === true;
  }

  /**
   * Numbers a dispatch, keeps it for replay and sends it when connected. Returns whether
   * a live connection took it (a dropped session still keeps it for its RESUME). `data`
   * may be shared with other sessions (shared-data.ts): it is then encoded once for all.
   */
  dispatch(event: string, data: unknown): boolean {
    const shared = sharedData(data);
    const entry = { s: ++this.sequence, t: event, d: shared.data };
    this.buffer.push(entry);
    if (this.buffer.length > REPLAY_BUFFER) this.forgotten = this.buffer.shift()?.s ?? this.forgotten;
    if (!this.live) return false;
    this.connection?.sendText(dispatchFrame(entry.s, event, shared));
    return true;
  }

  /** Sends RESUMED: numbered, but not kept, so a later resume never replays it. */
  resumed(): void {
    this.connection?.send({ op: Opcode.Dispatch, t: 'RESUMED', s: ++this.sequence, d: {} });
  }

  /** The dispatches after `seq`, if the buffer still holds all of them. */
  replayAfter(seq: number): Replay {
    if (seq > this.sequence) return { ok: false, reason: 'future' };
    if (seq < this.forgotten) return { ok: false, reason: 'expired' };
    return { ok: true, dispatches: this.buffer.filter((entry) => entry.s > seq) };
  }
}
