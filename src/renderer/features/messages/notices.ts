/**
 * The client's own interactions as notices in the channel, in time order with the messages:
 * a refused or unanswered one is a failure notice (only for this person) at the time it
 * failed; the same failure again right after (same command, same reason) is one notice that
 * counts them, as the real client collapses repeated system messages. Interactions still on
 * their way stay below the newest message, saying so when the bot's answer was refused.
 */
import type { WireMessage } from '../../api/wire-types.js';
import type { InspectorEntry } from '../inspector/inspector-slice.js';

const REASONS: Readonly<Record<string, string>> = {
  deadline: 'The application did not respond',
  'no-bot': 'The application is not connected',
  'endpoint-error': "The application's endpoint failed",
  'invalid-response': 'The application sent an invalid response',
  refused: 'The application answered, but its answer was refused',
  'stale-version': 'This command is outdated',
  permission: 'You cannot use this command here',
  'invalid-options': 'The options do not fit the command',
  'internal-error': 'Slashbench failed while delivering it',
};

export interface FailureNotice {
  /** The first failure's nonce. */
  key: string;
  /** When it failed (the client's clock), to place it among the messages. */
  at: number;
  title: string;
  detail: string;
  /** How many times in a row it failed the same way. */
  count: number;
  nonces: string[];
}

export type TimelineItem = { kind: 'message'; message: WireMessage } | { kind: 'notice'; notice: FailureNotice };

/** The person's own commands and forms in the channel, not answered by a message and not dismissed. */
export function ownInteractions(
  entries: readonly InspectorEntry[], channelId: string, userId: string | null, messages: readonly WireMessage[], dismissed: ReadonlySet<string>,
): InspectorEntry[] {
  const answered = new Set(messages.map((message) => (message.interaction_metadata as { id?: string } | undefined)?.id));
  return entries.filter((entry) =>
    (entry.kind === 'command' || entry.kind === 'modal') && entry.channelId === channelId && entry.userId === userId && !dismissed.has(entry.nonce)
    && !(entry.id !== null && answered.has(entry.id)) && entry.failure?.reason !== 'stale-version');
}

/** The failures of `entries`, oldest first, repeats in a row collapsed. */
export function failureNotices(entries: readonly InspectorEntry[]): FailureNotice[] {
  const notices: FailureNotice[] = [];
  const failed = entries.filter((entry) => entry.status === 'failed')
    .sort((a, b) => (a.finishedAt ?? a.sentAt) - (b.finishedAt ?? b.sentAt));
  for (const entry of failed) {
    const title = `${REASONS[entry.failure?.reason ?? ''] ?? 'This interaction failed'} — ${entry.label}`;
    const detail = entry.failure?.detail ?? '';
    const last = notices.at(-1);
    if (last && last.title === title && last.detail === detail) {
      last.count += 1;
      last.nonces.push(entry.nonce);
      last.at = entry.finishedAt ?? entry.sentAt;
    } else {
      notices.push({ key: entry.nonce, at: entry.finishedAt ?? entry.sentAt, title, detail, count: 1, nonces: [entry.nonce] });
    }
  }
  return notices;
}

/** Messages (already oldest first) and notices merged by time; a notice goes after the messages of its moment. */
export function timeline(messages: readonly WireMessage[], notices: readonly FailureNotice[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  const waiting = [...notices];
  for (const message of messages) {
    const time = Date.parse(message.timestamp);
    while (waiting.length > 0 && (waiting[0]?.at ?? Infinity) < time) {
      const notice = waiting.shift();
      if (notice) items.push({ kind: 'notice', notice });
    }
    items.push({ kind: 'message', message });
  }
  for (const notice of waiting) items.push({ kind: 'notice', notice });
  return items;
}

/** The latest refusal of a bot's answer to a pending interaction ("The bot's answer was refused: ..."), if any. */
export function pendingRefusal(entry: InspectorEntry): string | null {
  const refused = entry.events.filter((event) => event.type === 'INTERACTION_CALLBACK' && typeof event.data.refusal === 'string').at(-1);
  return refused ? String(refused.data.refusal) : null;
}
