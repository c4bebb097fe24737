/**
 * The client's own interactions in the channel as notices (notices.ts): a failure notice
 * among the messages, "Sending command…" below them while one is on its way (with the
 * refusal, when the bot's answer was refused and the registry waits for another).
 */
import { EyeIcon } from '../../app/icons.js';
import type { InspectorEntry } from '../inspector/inspector-slice.js';
import { pendingRefusal, type FailureNotice } from './notices.js';

export function FailureNoticeItem({ notice, onDismiss }: { notice: FailureNotice; onDismiss: (nonces: readonly string[]) => void }) {
  return (
    <li className="notice notice--failed" data-testid="interaction-failed" data-count={notice.count} tabIndex={-1}>
      <div className="notice__title">
        {notice.title}
        {notice.count > 1 && <span className="notice__count" data-testid="interaction-failed-count"> ×{notice.count}</span>}
      </div>
      {notice.detail && <div className="notice__detail">{notice.detail}</div>}
      <div className="message__ephemeral">
        <EyeIcon /> Only you can see this ·{' '}
        <button type="button" className="link-button" onClick={() => onDismiss(notice.nonces)}>Dismiss message</button>
      </div>
    </li>
  );
}

export function PendingInteractions({ entries }: { entries: readonly InspectorEntry[] }) {
  const pending = entries.filter((entry) => entry.status === 'sending' || entry.status === 'pending');
  if (pending.length === 0) return null;
  return (
    <ol className="messages__list">
      {pending.map((entry) => {
        const refusal = pendingRefusal(entry);
        return (
          <li key={entry.nonce} className="notice notice--pending" data-testid="interaction-pending">
            Sending {entry.kind === 'modal' ? 'form' : 'command'} <span className="message__command">{entry.label}</span><span className="message__dots" aria-hidden="true" />
            {refusal && <div className="notice__detail" data-testid="interaction-refused">{refusal}</div>}
          </li>
        );
      })}
    </ol>
  );
}
