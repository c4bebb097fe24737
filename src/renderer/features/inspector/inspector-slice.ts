/**
 * The inspector's record: every interaction the client sent, in order, with what became of
 * it — the body as sent and the registry's HTTP answer, then the live events the registry
 * reports for it (payload delivered and how, the bot's raw answer, its callback and
 * webhook calls, success or failure with the reason), matched by nonce or interaction id.
 * An Activity's launch also keeps every message between the client and the Activity's frame.
 */
import type { InvokeBody } from '../../api/wire-types.js';
import { messageOwner } from '../../../shared/scenario/outcome.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import type { WorldFile } from '../../../shared/world-file.js';
import type { ScenarioExport } from './scenario-export.js';

export type InteractionKind = 'command' | 'autocomplete' | 'component' | 'modal';
export type InteractionStatus = 'sending' | 'pending' | 'succeeded' | 'failed';

export interface InspectorEvent {
  type: string;
  /** The client's clock when it arrived. */
  at: number;
  data: Record<string, unknown>;
}

export interface InspectorEntry {
  nonce: string;
  id: string | null;
  kind: InteractionKind;
  /** `/echo`, `autocomplete /fruit name`, `button again` */
  label: string;
  userId: string;
  channelId: string;
  applicationId: string;
  /** The message whose component was used. */
  messageId?: string;
  customId?: string;
  sentAt: number;
  request: InvokeBody;
  http: { status: number; body: unknown } | null;
  events: InspectorEvent[];
  status: InteractionStatus;
  failure: { reason: string; detail: string } | null;
  finishedAt: number | null;
}

/** A message between the client and a launched Activity's frame, in the launch's entry. */
export const ACTIVITY_FRAME_EVENT = 'ACTIVITY_FRAME';

/** The events that belong to an interaction in the inspector. */
export const INSPECTED_EVENTS = new Set([
  'INTERACTION_CREATE', 'INTERACTION_DELIVERY', 'INTERACTION_BOT_RESPONSE', 'INTERACTION_CALLBACK', 'INTERACTION_WEBHOOK',
  'INTERACTION_SUCCESS', 'INTERACTION_FAILURE', 'APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE', 'INTERACTION_MODAL_CREATE',
  'EMBEDDED_ACTIVITY_LAUNCH',
]);

/** How many of an Activity's frame messages a launch's entry keeps: the newest. */
export const FRAME_MESSAGE_LIMIT = 300;

/** How many interactions the inspector keeps. */
export const INSPECTOR_LIMIT = 200;

export interface InspectorSlice {
  inspectorEntries: InspectorEntry[];
  inspectorOpen: boolean;
  selectedNonce: string | null;
  interactionSent(entry: Omit<InspectorEntry, 'id' | 'http' | 'events' | 'status' | 'failure' | 'finishedAt' | 'sentAt'>): void;
  interactionAnswered(nonce: string, status: number, body: unknown): void;
  interactionEvent(type: string, data: Record<string, unknown>): void;
  /** Messages between the client and an Activity's frame, added to its launch's entry at once. */
  activityFrameEvents(launchNonce: string, messages: Array<Record<string, unknown>>): void;
  /** The session as a scenario file, with the registry's world; or why it cannot be made. */
  scenarioExport(): Promise<{ ok: true; file: ScenarioExport } | { ok: false; error: string }>;
  /** A message created or edited: kept with the interaction that made or updated it (what a scenario expects of it). */
  interactionMessage(type: 'MESSAGE_CREATE' | 'MESSAGE_UPDATE', message: Record<string, unknown>): void;
  selectEntry(nonce: string | null): void;
  setInspectorOpen(open: boolean): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends InspectorSlice {}
}

/** Whether a record read back from the journal has an entry's shape (an older page may have written another). */
function isEntry(value: unknown): value is InspectorEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<InspectorEntry>;
  return typeof entry.nonce === 'string' && typeof entry.kind === 'string' && typeof entry.label === 'string'
    && typeof entry.userId === 'string' && Array.isArray(entry.events) && typeof entry.sentAt === 'number';
}

function update(entries: InspectorEntry[], index: number, change: (entry: InspectorEntry) => InspectorEntry): InspectorEntry[] {
  const next = [...entries];
  next[index] = change(entries[index] as InspectorEntry);
  return next;
}

/** `events` and the frame messages `added`; an Activity that logs in a loop keeps only its newest. */
function withFrameEvents(events: InspectorEvent[], added: InspectorEvent[]): InspectorEvent[] {
  const next = [...events, ...added];
  let excess = next.filter((candidate) => candidate.type === ACTIVITY_FRAME_EVENT).length - FRAME_MESSAGE_LIMIT;
  return excess <= 0 ? next : next.filter((candidate) => candidate.type !== ACTIVITY_FRAME_EVENT || excess-- <= 0);
}

/** A refusal's reason from the HTTP answer: the service's message and code. */
function refusal(status: number, body: unknown): { reason: string; detail: string } {
  const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
  const detail = typeof message === 'string' ? `${message}${typeof code === 'number' ? ` (${code})` : ''}` : `HTTP ${status}`;
  return { reason: status === 0 ? 'network' : `http-${status}`, detail };
}

export function createInspectorSlice(deps: ClientDeps): Slice<InspectorSlice> {
  return (set, get) => ({
    // What this tab inspected before a reload.
    inspectorEntries: deps.inspectorJournal.load().filter(isEntry).slice(-INSPECTOR_LIMIT),
    inspectorOpen: true,
    selectedNonce: null,

    interactionSent(entry) {
      const full: InspectorEntry = { ...entry, id: null, http: null, events: [], status: 'sending', failure: null, finishedAt: null, sentAt: deps.now() };
      set({ inspectorEntries: [...get().inspectorEntries, full].slice(-INSPECTOR_LIMIT) });
    },

    interactionAnswered(nonce, status, body) {
      const entries = get().inspectorEntries;
      const index = entries.findIndex((entry) => entry.nonce === nonce);
      if (index === -1) return;
      set({
        inspectorEntries: update(entries, index, (entry) => {
          const answered = { ...entry, http: { status, body } };
          if (status === 204) return entry.status === 'sending' ? { ...answered, status: 'pending' } : answered;
          // A refusal may already have arrived as INTERACTION_FAILURE with its reason; keep that one.
          if (entry.status === 'failed') return answered;
          return { ...answered, status: 'failed', failure: refusal(status, body), finishedAt: deps.now() };
        }),
      });
    },

    interactionEvent(type, data) {
      if (!INSPECTED_EVENTS.has(type)) return;
      const entries = get().inspectorEntries;
      const nonce = typeof data.nonce === 'string' ? data.nonce : null;
      const id = typeof data.id === 'string' ? data.id : null;
      const index = entries.findIndex((entry) => (nonce !== null && entry.nonce === nonce) || (id !== null && entry.id === id));
      if (index === -1) return;
      set({
        inspectorEntries: update(entries, index, (entry) => {
          const next: InspectorEntry = { ...entry, events: [...entry.events, { type, at: deps.now(), data }] };
          if (id !== null && next.id === null) next.id = id;
          if (next.status === 'sending') next.status = 'pending';
          if (type === 'INTERACTION_SUCCESS' && entry.status !== 'failed') {
            next.status = 'succeeded';
            // The first end counts: a late duplicate does not stretch the latency.
            next.finishedAt = entry.finishedAt ?? deps.now();
          }
          if (type === 'INTERACTION_FAILURE') {
            next.status = 'failed';
            // A refused answer says so in a sentence (the registry's `refusal`), rather than as raw JSON.
            next.failure = { reason: String(data.reason ?? 'unknown'), detail: String(data.refusal ?? data.detail ?? '') };
            next.finishedAt = next.finishedAt ?? deps.now();
          }
          return next;
        }),
      });
    },

    activityFrameEvents(launchNonce, messages) {
      const entries = get().inspectorEntries;
      const index = entries.findIndex((entry) => entry.nonce === launchNonce);
      if (index === -1 || messages.length === 0) return;
      const at = deps.now();
      set({
        inspectorEntries: update(entries, index, (entry) => ({
          ...entry, events: withFrameEvents(entry.events, messages.map((data) => ({ type: ACTIVITY_FRAME_EVENT, at, data }))),
        })),
      });
    },

    async scenarioExport() {
      const { token, locale } = get();
      const entries = get().inspectorEntries.filter((entry) => entry.http !== null);
      if (token === null) return { ok: false, error: 'Not connected to the registry.' };
      if (entries.length === 0) return { ok: false, error: 'Nothing to export yet: use a command first.' };
      const answer = await deps.rest.manage({ token, locale }, { method: 'GET', path: '/world' });
      if (!answer.ok) return { ok: false, error: `The world could not be read: ${answer.error.message}` };
      // The scenario's schema (zod) loads with the first export, not with the first screen.
      const { recordedFiles, scenarioFile } = await import('./scenario-export.js');
      const files = await recordedFiles(entries, (url) => deps.rest.attachmentFile(url));
      return { ok: true, file: scenarioFile(entries, answer.body as WorldFile, deps.now(), files) };
    },

    interactionMessage(type, message) {
      const entries = get().inspectorEntries;
      const index = messageOwner(entries.map((entry) => ({ interactionId: entry.id, messageId: entry.messageId })), message);
      if (index === -1) return;
      set({ inspectorEntries: update(entries, index, (entry) => ({ ...entry, events: [...entry.events, { type, at: deps.now(), data: message }] })) });
    },

    selectEntry(nonce) {
      set({ selectedNonce: nonce });
    },

    setInspectorOpen(open) {
      set({ inspectorOpen: open });
    },
  });
}
