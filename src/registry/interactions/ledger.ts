/**
 * Interactions in flight. An interaction token lives 15 minutes and its first response is
 * due within 3 seconds (api-facts.md, "Deadlines"); the ledger keeps each one's state (in
 * the store, store/interaction-store.ts, so any process of a team registry can take its
 * callback) and applies the token's lifetime to every read.
 */
import type { InteractionRecord, InteractionStore } from '../store/interaction-store.js';
import type { MessageRecord } from '../store/records.js';

export type { InteractionRecord } from '../store/interaction-store.js';

export const RESPONSE_DEADLINE_MS = 3_000;
export const TOKEN_LIFETIME_MS = 15 * 60_000;
/** What the client is told when the first response did not come in time. */
export function deadlineDetail(deadlineMs: number): string {
  return `The app did not respond within ${deadlineMs / 1000} s.`;
}

/** Follow-ups allowed when the app is reached only through a user install. */
export const USER_INSTALL_FOLLOWUP_LIMIT = 5;

/** How often dead interactions are removed from the store. */
const SWEEP_EVERY_MS = 60_000;

/** `record` as its first answer left it (stored by `answered` or `storeFirstAnswer`). */
export function markAnswered(record: InteractionRecord, responseType: number, originalMessageId: string | null): void {
  record.response_type = responseType;
  record.answering = false;
  if (originalMessageId !== null) record.original_message_id = originalMessageId;
}

/** The interactions whose tokens live, and the rules every route applies to them. */
export class InteractionLedger {
  private sweptAt = Number.NEGATIVE_INFINITY;
  /** The tokens of the interactions this process started (the store keeps digests): what the test driver reads messages back with. */
  private readonly tokens = new Map<string, { token: string; at: number }>();

  constructor(private readonly interactions: InteractionStore, private readonly now: () => number) {}

  /** Stores the interaction; with `later`, keeps its row back for its first answer (InteractionStore.addLater). */
  async add(record: InteractionRecord, later = false): Promise<void> {
    await this.sweep();
    if (later) this.interactions.addLater(record);
    else await this.interactions.add(record);
    this.tokens.set(record.id, { token: record.token, at: record.created_at });
  }

  /** Writes the rows kept back for a first answer that will not come with the delivery's answer. */
  writeKept(): Promise<void> {
    return this.interactions.writeKept();
  }

  /** The interaction behind a token while it lives (15 minutes), or undefined. */
  async live(token: string): Promise<InteractionRecord | undefined> {
    const record = await this.interactions.byToken(token);
    if (!record || this.now() - record.created_at >= TOKEN_LIFETIME_MS) return undefined;
    return record;
  }

  /** An interaction by id, with its token when this process started it. */
  async get(id: string): Promise<InteractionRecord | undefined> {
    const record = await this.interactions.byId(id);
    return record && { ...record, token: this.tokens.get(id)?.token ?? '' };
  }

  /** Claims the first answer (see InteractionStore.claimAnswer). */
  claimAnswer(record: InteractionRecord): Promise<boolean> {
    return this.interactions.claimAnswer(record.id);
  }

  releaseAnswer(record: InteractionRecord): Promise<void> {
    return this.interactions.releaseAnswer(record.id);
  }

  /** Records the first answer; `record` is updated to match. */
  async answered(record: InteractionRecord, responseType: number, originalMessageId: string | null): Promise<void> {
    await this.interactions.answered(record.id, responseType, originalMessageId);
    markAnswered(record, responseType, originalMessageId);
  }

  /**
   * Takes and records the first answer in the store only, unless one was given, is under
   * way, or the interaction is dead (false): called inside the transaction that stores the
   * answer's message, so both commit together; `markAnswered` updates the record once that
   * transaction has committed.
   */
  storeFirstAnswer(record: InteractionRecord, responseType: number, originalMessageId: string): Promise<boolean> {
    return this.interactions.answerFirst(record.id, responseType, originalMessageId);
  }

  /** Marks the interaction dead for want of a first answer; true only when this call did. */
  async expire(record: InteractionRecord): Promise<boolean> {
    const done = await this.interactions.expire(record.id);
    if (done) record.expired = true;
    return done;
  }

  /** Counts a follow-up within the limit of a user-installed-only app; false when the limit is reached. */
  countFollowUp(record: InteractionRecord): Promise<boolean> {
    return this.interactions.countFollowUp(record.id, record.user_installed_only ? USER_INSTALL_FOLLOWUP_LIMIT : null);
  }

  uncountFollowUp(record: InteractionRecord): Promise<void> {
    return this.interactions.uncountFollowUp(record.id);
  }

  async rememberRefusal(record: InteractionRecord, sentence: string): Promise<void> {
    record.refusal = sentence;
    await this.interactions.rememberRefusal(record.id, sentence);
  }

  /** Interactions still waiting for their first response: a clock that jumps (a test's) expires them itself. */
  awaitingResponse(): Promise<InteractionRecord[]> {
    return this.interactions.awaiting(this.now() - TOKEN_LIFETIME_MS);
  }

  /** The latest live interaction of this user and app answered with a modal: what a modal submit fills in. */
  modalOpener(userId: string, applicationId: string, modalCallback: number): Promise<InteractionRecord | undefined> {
    return this.interactions.latestAnswered(userId, applicationId, modalCallback, this.now() - TOKEN_LIFETIME_MS);
  }

  /** Keeps an ephemeral message (never stored in the channel: only its user sees it). */
  putEphemeral(interactionId: string, message: MessageRecord): Promise<void> {
    return this.interactions.putEphemeral(interactionId, message);
  }

  ephemeralMessage(id: string): Promise<MessageRecord | undefined> {
    return this.interactions.ephemeralMessage(id);
  }

  deleteEphemeral(id: string): Promise<void> {
    return this.interactions.deleteEphemeral(id);
  }

  /** Forgets interactions whose token has died, and their ephemeral messages (at most once a minute). */
  private async sweep(): Promise<void> {
    const now = this.now();
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    const cutoff = now - TOKEN_LIFETIME_MS;
    for (const [id, { at }] of this.tokens) if (at <= cutoff) this.tokens.delete(id);
    await this.interactions.forgetBefore(cutoff);
  }
}
