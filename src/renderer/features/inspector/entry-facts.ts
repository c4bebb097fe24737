/**
 * What the inspector shows of one interaction, read from its events: how the payload was
 * delivered (and, over HTTP, the signed request's headers), the bot's answer, the callback
 * and webhook calls, and the time it took against the 3-second deadline.
 */
import { ACTIVITY_FRAME_EVENT, type InspectorEntry, type InspectorEvent } from './inspector-slice.js';

/** The service's deadline for a first response. */
export const DEADLINE_MS = 3000;

export function findEvent(entry: InspectorEntry, type: string): InspectorEvent | undefined {
  return entry.events.find((event) => event.type === type);
}

export function eventsOf(entry: InspectorEntry, type: string): InspectorEvent[] {
  return entry.events.filter((event) => event.type === type);
}

/** The payload the app received, and how (`gateway` or `http`). */
export function delivery(entry: InspectorEntry): { method: string; payload: unknown; headers: Record<string, string> | null; deadlineAt: number | null } | null {
  const event = findEvent(entry, 'INTERACTION_DELIVERY');
  if (!event) return null;
  const request = event.data.request as { headers?: Record<string, string> } | undefined;
  return {
    method: String(event.data.method ?? 'gateway'),
    payload: event.data.payload,
    headers: request?.headers ?? null,
    deadlineAt: typeof event.data.deadline_at === 'number' ? event.data.deadline_at : null,
  };
}

/** The Ed25519 signature headers of an HTTP delivery. */
export function signatureHeaders(headers: Record<string, string> | null): Record<string, string> {
  if (!headers) return {};
  return Object.fromEntries(Object.entries(headers).filter(([name]) => /^x-signature-/i.test(name)));
}

/**
 * How long the interaction took to its end (success or failure) or so far, in ms, on the
 * client's clock from the moment it was sent.
 */
export function latency(entry: InspectorEntry, now: number): number {
  return Math.max(0, (entry.finishedAt ?? now) - entry.sentAt);
}

/** The entry as a plain record: what "Copy as JSON" copies and "Export session" saves. */
export function entryRecord(entry: InspectorEntry): Record<string, unknown> {
  return {
    nonce: entry.nonce, id: entry.id, kind: entry.kind, label: entry.label, status: entry.status, failure: entry.failure,
    user_id: entry.userId, channel_id: entry.channelId, application_id: entry.applicationId,
    sent_at: new Date(entry.sentAt).toISOString(), latency_ms: entry.finishedAt === null ? null : entry.finishedAt - entry.sentAt,
    request: entry.request, http: entry.http,
    events: entry.events.map((event) => ({ type: event.type, at: new Date(event.at).toISOString(), data: event.data })),
  };
}

/** The entry as one JSON document, for "Copy as JSON". */
export function entryJson(entry: InspectorEntry): string {
  return JSON.stringify(entryRecord(entry), null, 2);
}

/** One message between the client and an Activity's frame, as the inspector lists it. */
export interface FrameMessageFact {
  /** `proxy`: the registry's Activity proxy, on a request of the frame's. */
  direction: 'in' | 'out' | 'proxy';
  /** `HANDSHAKE`, `AUTHORIZE`, `AUTHORIZE → ERROR`, `DISPATCH READY`, `CLOSE 4000` */
  label: string;
  note: string | null;
  /** What the proxy said of it: why, and the mapping that would allow it. */
  detail: string | null;
  message: unknown;
}

const OPCODE_NAMES = ['HANDSHAKE', 'FRAME', 'CLOSE', 'HELLO'];

/** What the message is, in a few words: the opcode, and for a FRAME its command and event. */
function frameLabel(message: unknown): string {
  if (!Array.isArray(message)) return 'not a protocol message';
  const [opcode, payload] = message as [unknown, Record<string, unknown> | undefined];
  const name = typeof opcode === 'number' ? (OPCODE_NAMES[opcode] ?? `opcode ${opcode}`) : 'not a protocol message';
  if (name === 'CLOSE') return `CLOSE ${String(payload?.code ?? '')}`.trim();
  if (name !== 'FRAME' || typeof payload !== 'object' || payload === null) return name;
  const command = typeof payload.cmd === 'string' ? payload.cmd : '(no cmd)';
  if (payload.evt === 'ERROR') return `${command} → ERROR ${String((payload.data as { code?: unknown } | null)?.code ?? '')}`.trim();
  return typeof payload.evt === 'string' ? `${command} ${payload.evt}` : command;
}

/** What the proxy reported, in a few words: `BLOCKED connect-src https://…`, `502 /down/x`. */
function proxyLabel(report: unknown): string {
  const fields = (typeof report === 'object' && report !== null ? report : {}) as Record<string, unknown>;
  const url = typeof fields.url === 'string' ? fields.url : '';
  if (fields.kind === 'blocked') return `BLOCKED ${String(fields.directive ?? '')} ${url}`;
  return `${String(fields.status ?? '')} ${url}`.trim();
}

/** The frame messages of a launch's entry, in order. */
export function frameMessages(entry: InspectorEntry): FrameMessageFact[] {
  return eventsOf(entry, ACTIVITY_FRAME_EVENT).map((event) => {
    const proxy = event.data.direction === 'proxy';
    const message = event.data.message as { message?: unknown } | null;
    return {
      direction: proxy ? 'proxy' : event.data.direction === 'out' ? 'out' : 'in',
      label: proxy ? proxyLabel(message) : frameLabel(message),
      note: typeof event.data.note === 'string' ? event.data.note : null,
      detail: proxy && typeof message?.message === 'string' ? message.message : null,
      message,
    };
  });
}
