/**
 * The driver's runs: each interaction a test started as a person, with every client event
 * that person's client would hear about it, taken from the bus where the gateway takes
 * them for the client's sessions (by nonce and interaction id, and the messages by
 * ownership, the rule the inspector uses). Waits are answered the moment an event settles
 * them, never on a timer; their only timer is their own limit.
 */
import type { ClientEvent, EventBus } from '../events.js';
import { metadataId, outcomeOf, type HeardEvent, type Outcome, type RunFacts } from '../../shared/scenario/outcome.js';

/** Runs are forgotten after the interaction's token has died (15 minutes), or past this many. */
const KEPT_RUNS = 2000;
const KEPT_MS = 15 * 60_000;

export interface BookedRun extends RunFacts {
  id: string;
  label: string;
  userId: string;
  channelId: string;
  guildId: string | null;
  applicationId: string;
  interactionId: string | null;
  /** When it started, on the machine's clock (runs are forgotten in real time, whatever the bench clock says). */
  startedAt: number;
  events: HeardEvent[];
  invocation: { status: number; body: unknown } | null;
}

/** Events that belong to one interaction, matched by nonce or id, as the inspector matches them. */
const INTERACTION_EVENTS = new Set([
  'INTERACTION_CREATE', 'INTERACTION_DELIVERY', 'INTERACTION_BOT_RESPONSE', 'INTERACTION_CALLBACK', 'INTERACTION_WEBHOOK',
  'INTERACTION_SUCCESS', 'INTERACTION_FAILURE', 'APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE', 'INTERACTION_MODAL_CREATE',
  'EMBEDDED_ACTIVITY_LAUNCH',
]);

export class RunBook {
  private readonly runs: BookedRun[] = [];
  private readonly byId = new Map<string, BookedRun>();
  /**
   * The run of each interaction heard of, and the newest run about each message (a
   * component's or a modal's, `messageId`): every event of the bus is matched to its run
   * by lookup, where a scan of the kept runs (2,000 of them after a long suite) cost every
   * interaction, driven or not, a tenth of a millisecond per event (docs/benchmarks.md).
   */
  private readonly byInteraction = new Map<string, BookedRun>();
  private readonly aboutMessage = new Map<string, BookedRun>();
  /** Each run's place in the order booked: of two runs, the later-booked is the newer. */
  private readonly booked = new WeakMap<BookedRun, number>();
  private bookings = 0;
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly listener = (event: ClientEvent) => this.heard(event);

  constructor(private readonly bus: EventBus) {
    bus.on('clientEvent', this.listener);
  }

  /** Stops listening (the registry is closing). */
  close(): void {
    this.bus.off('clientEvent', this.listener);
    for (const listeners of this.listeners.values()) for (const listener of listeners) listener();
  }

  /** Books a run before its invocation leaves, so events heard while it is sent find it. */
  add(run: BookedRun): void {
    this.forgetOld(run.startedAt);
    this.runs.push(run);
    this.byId.set(run.id, run);
    this.booked.set(run, this.bookings++);
    if (run.messageId !== undefined) this.aboutMessage.set(run.messageId, run);
  }

  get(id: string): BookedRun | undefined {
    return this.byId.get(id);
  }

  outcome(run: BookedRun): Outcome {
    return outcomeOf(run, run.events);
  }

  /** Adds an event the driver itself knows (the person route's refusal), as heard. */
  record(run: BookedRun, event: HeardEvent): void {
    run.events.push(event);
    this.changed(run);
  }

  /** Calls `listener` whenever the run hears something; answers the unsubscribe. */
  watch(run: BookedRun, listener: () => void): () => void {
    let set = this.listeners.get(run.id);
    if (!set) this.listeners.set(run.id, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(run.id);
    };
  }

  private heard(event: ClientEvent): void {
    const data = (typeof event.data === 'object' && event.data !== null ? event.data : {}) as Record<string, unknown>;
    if (INTERACTION_EVENTS.has(event.type)) {
      if (!('userId' in event.to)) return;
      const run = this.findInteraction(event.to.userId, data);
      if (!run) return;
      if (event.type === 'INTERACTION_CREATE' && typeof data.id === 'string') {
        run.interactionId = data.id;
        this.byInteraction.set(data.id, run);
      }
      this.record(run, { type: event.type, data });
    } else if (event.type === 'MESSAGE_CREATE' || event.type === 'MESSAGE_UPDATE') {
      const run = this.messageOwner(data);
      if (run) this.record(run, { type: event.type, data });
    }
  }

  private findInteraction(userId: string, data: Record<string, unknown>): BookedRun | undefined {
    const byNonce = typeof data.nonce === 'string' ? this.byId.get(data.nonce) : undefined;
    if (byNonce?.userId === userId) return byNonce;
    const byInteraction = typeof data.id === 'string' ? this.byInteraction.get(data.id) : undefined;
    return byInteraction?.userId === userId ? byInteraction : undefined;
  }

  /**
   * `messageOwner`'s rule (shared/scenario/outcome.ts) by lookup: the newer of the run whose
   * interaction made the message and the newest run about it.
   */
  messageOwner(message: Record<string, unknown>): BookedRun | undefined {
    const made = metadataId(message);
    const maker = made === undefined ? undefined : this.byInteraction.get(made);
    const about = typeof message.id === 'string' ? this.aboutMessage.get(message.id) : undefined;
    if (maker === undefined || about === undefined) return maker ?? about;
    return (this.booked.get(maker) ?? 0) > (this.booked.get(about) ?? 0) ? maker : about;
  }

  private changed(run: BookedRun): void {
    for (const listener of [...(this.listeners.get(run.id) ?? [])]) listener();
  }

  private forgetOld(now: number): void {
    let drop = 0;
    while (drop < this.runs.length && (this.runs.length - drop > KEPT_RUNS || now - (this.runs[drop] as BookedRun).startedAt > KEPT_MS)) drop++;
    for (const run of this.runs.splice(0, drop)) {
      this.byId.delete(run.id);
      if (run.interactionId !== null && this.byInteraction.get(run.interactionId) === run) this.byInteraction.delete(run.interactionId);
      if (run.messageId !== undefined && this.aboutMessage.get(run.messageId) === run) this.aboutMessage.delete(run.messageId);
    }
  }
}
