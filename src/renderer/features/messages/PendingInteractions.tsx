/**
 * The client's own commands in this channel that have no answer message yet: "Sending
 * command…" while on their way, and a failure notice (only for this person) when the
 * registry refused them or the app did not answer, with the reason.
 */
import { useState } from 'react';
import { EyeIcon } from '../../app/icons.js';
import { useApp } from '../../app/store-context.js';
import type { WireMessage } from '../../api/wire-types.js';

const REASONS: Readonly<Record<string, string>> = {
  deadline: 'The application did not respond',
  'no-bot': 'The application is not connected',
  'endpoint-error': "The application's endpoint failed",
  'invalid-response': 'The application sent an invalid response',
  'stale-version': 'This command is outdated',
  permission: 'You cannot use this command here',
  'invalid-options': 'The options do not fit the command',
  'internal-error': 'Slashbench failed while delivering it',
};

export function PendingInteractions({ channelId, messages }: { channelId: string; messages: readonly WireMessage[] }) {
  const entries = useApp((state) => state.inspectorEntries);
  const userId = useApp((state) => state.actingUserId);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const answered = new Set(messages.map((message) => (message.interaction_metadata as { id?: string } | undefined)?.id));
  const shown = entries.filter((entry) =>
    (entry.kind === 'command' || entry.kind === 'modal') && entry.channelId === channelId && entry.userId === userId && !dismissed.has(entry.nonce)
    && !(entry.id !== null && answered.has(entry.id)) && entry.failure?.reason !== 'stale-version'
    && (entry.status === 'sending' || entry.status === 'pending' || entry.status === 'failed'));
  if (shown.length === 0) return null;
  return (
    <ol className="messages__list">
      {shown.map((entry) => entry.status === 'failed' ? (
        <li key={entry.nonce} className="notice notice--failed" data-testid="interaction-failed">
          <div className="notice__title">{REASONS[entry.failure?.reason ?? ''] ?? 'This interaction failed'} — {entry.label}</div>
          {entry.failure?.detail && <div className="notice__detail">{entry.failure.detail}</div>}
          <div className="message__ephemeral">
            <EyeIcon /> Only you can see this ·{' '}
            <button type="button" className="link-button" onClick={() => setDismissed(new Set([...dismissed, entry.nonce]))}>Dismiss message</button>
          </div>
        </li>
      ) : (
        <li key={entry.nonce} className="notice notice--pending" data-testid="interaction-pending">
          Sending {entry.kind === 'modal' ? 'form' : 'command'} <span className="message__command">{entry.label}</span><span className="message__dots" aria-hidden="true" />
        </li>
      ))}
    </ol>
  );
}
