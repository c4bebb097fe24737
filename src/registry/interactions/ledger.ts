/**
 * Interactions in flight. An interaction token lives 15 minutes and its first response is
 * due within 3 seconds (api-facts.md, "Deadlines"); the ledger keeps each one's state so
 * the callback and webhook routes can apply those rules. Kept in memory: a token does not
 * outlive the registry, as it would not outlive a redeploy of the service.
 */
import type { StoredInteractionMetadata } from '../domain/interaction-metadata.js';
import type { MessageRecord } from '../store/records.js';

export const RESPONSE_DEADLINE_MS = 3_000;
/**
 * How long an interaction keeps its whole payload: its delivery, after an endpoint's
 * first-time verification (two PINGs, each up to the deadline), is over well before. After
 * that only the token's 15 minutes need the record, so the payload shrinks to what they
 * read (the command's id, name and type): under sustained load, thousands of payloads
 * would otherwise stay in memory for 15 minutes (issue 10's load run found it).
 */
export const PAYLOAD_KEPT_MS = 4 * RESPONSE_DEADLINE_MS;
export const TOKEN_LIFETIME_MS = 15 * 60_000;
/** What the client is told when the first response did not come in time. */
export function deadlineDetail(deadlineMs: number): string {
  return `The app did not respond within ${deadlineMs / 1000} s.`;
}

/** Follow-ups allowed when the app is reached only through a user install. */
export const USER_INSTALL_FOLLOWUP_LIMIT = 5;

export interface InteractionRecord {
  id: string;
  token: string;
  application_id: string;
  /** 2 command, 3 component, 4 autocomplete, 5 modal submit. */
  type: number;
  user_id: string;
  guild_id: string | null;
  channel_id: string;
  /** The client's nonce, echoed in its events. */
  nonce: string | null;
  /** The command's name, for messages' interaction metadata. */
  name: string | null;
  created_at: number;
  /** The first response's callback type, once given. */
  response_type: number | null;
  /** A first response is being applied (its message stored): a second one is refused meanwhile. */
  answering?: boolean;
  /** Set when the first response did not come in time: the token is dead. */
  expired: boolean;
  original_message_id: string | null;
  /** The message a component was on (UPDATE_MESSAGE edits it). */
  source_message_id: string | null;
  followups: number;
  /** Only a user install reaches the app here (at most 5 follow-ups). */
  user_installed_only: boolean;
  authorizing_integration_owners: Record<string, string>;
  /** The payload as sent; after PAYLOAD_KEPT_MS only `{id, type, data: {id, name, type}}` of it. */
  payload: Record<string, unknown>;
  /** The `interaction_metadata` of the messages it sends (follow-ups add their original's id). */
  metadata: StoredInteractionMetadata;
  /** The registry's address as the invoking client reached it: URLs of files the app answers inline with. */
  origin: string;
  /** The latest refusal of a first answer (refusal.ts), named by the failure if no valid one follows. */
  refusal?: string;
}

/** Interactions by id and by token, and the ephemeral messages only their user sees. */
export class InteractionLedger {
  private readonly byId = new Map<string, InteractionRecord>();
  private readonly byToken = new Map<string, InteractionRecord>();
  /** Ephemeral messages by id, with the interaction they belong to. */
  private readonly ephemeral = new Map<string, { message: MessageRecord; interactionId: string }>();
  /** Records whose payload is still whole, oldest first, from `wholeFrom` on. */
  private whole: InteractionRecord[] = [];
  private wholeFrom = 0;

  constructor(private readonly now: () => number) {}

  add(record: InteractionRecord): void {
    this.sweep();
    this.shrinkPayloads();
    this.byId.set(record.id, record);
    this.byToken.set(record.token, record);
    this.whole.push(record);
  }

  /** The interaction behind a token while it lives (15 minutes), or undefined. */
  live(token: string): InteractionRecord | undefined {
    const record = this.byToken.get(token);
    if (!record || this.now() - record.created_at >= TOKEN_LIFETIME_MS) return undefined;
    return record;
  }

  get(id: string): InteractionRecord | undefined {
    return this.byId.get(id);
  }

  /** Interactions still waiting for their first response: a clock that jumps (a test's) expires them itself. */
  awaitingResponse(): InteractionRecord[] {
    return [...this.byId.values()].filter((record) => record.response_type === null && !record.expired);
  }

  /** The latest live interaction of this user and app answered with a modal: what a modal submit fills in. */
  modalOpener(userId: string, applicationId: string, modalCallback: number): InteractionRecord | undefined {
    let found: InteractionRecord | undefined;
    for (const record of this.byId.values()) {
      if (record.user_id === userId && record.application_id === applicationId && record.response_type === modalCallback) found = record;
    }
    return found;
  }

  /** Keeps an ephemeral message (never stored in the channel: only its user sees it). */
  putEphemeral(interactionId: string, message: MessageRecord): void {
    this.ephemeral.set(message.id, { message, interactionId });
  }

  ephemeralMessage(id: string): MessageRecord | undefined {
    return this.ephemeral.get(id)?.message;
  }

  deleteEphemeral(id: string): void {
    this.ephemeral.delete(id);
  }

  /** Shrinks the payloads older than PAYLOAD_KEPT_MS (a queue: each record is looked at once). */
  private shrinkPayloads(): void {
    const cutoff = this.now() - PAYLOAD_KEPT_MS;
    while (this.wholeFrom < this.whole.length && (this.whole[this.wholeFrom] as InteractionRecord).created_at <= cutoff) {
      const record = this.whole[this.wholeFrom++] as InteractionRecord;
      const data = record.payload.data as { id?: unknown; name?: unknown; type?: unknown } | undefined;
      record.payload = { id: record.payload.id, type: record.payload.type, data: { id: data?.id, name: data?.name, type: data?.type } };
    }
    if (this.wholeFrom > 1024 && this.wholeFrom * 2 > this.whole.length) {
      this.whole = this.whole.slice(this.wholeFrom);
      this.wholeFrom = 0;
    }
  }

  /** Forgets interactions whose token has died, and their ephemeral messages. */
  private sweep(): void {
    const cutoff = this.now() - TOKEN_LIFETIME_MS;
    let swept = false;
    for (const [id, record] of this.byId) {
      if (record.created_at > cutoff) break; // Map keeps insertion order: oldest first.
      this.byId.delete(id);
      this.byToken.delete(record.token);
      swept = true;
    }
    if (!swept) return;
    for (const [id, entry] of this.ephemeral) if (!this.byId.has(entry.interactionId)) this.ephemeral.delete(id);
  }
}
