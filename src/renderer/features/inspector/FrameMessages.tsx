/**
 * An Activity's conversation with the client, in its launch's inspector entry: each message
 * of the SDK's protocol in order, which way it went, what it is, why one was ignored, and
 * its payload when opened; with them, what the registry's Activity proxy reported of the
 * frame's requests (blocked by its CSP, with the mapping that would allow it; a target down).
 */
import { JsonBlock } from '../../app/JsonBlock.js';
import { frameMessages } from './entry-facts.js';
import type { InspectorEntry } from './inspector-slice.js';

const WAYS = { in: 'Activity → client', out: 'client → Activity', proxy: 'Activity proxy' } as const;

/** The launch's frame messages; nothing for an entry without any. */
export function FrameMessages({ entry }: { entry: InspectorEntry }) {
  const messages = frameMessages(entry);
  if (messages.length === 0) return null;
  return (
    <details className="inspector__section" data-testid="inspector-frame" open>
      <summary>Activity frame: {messages.length} message{messages.length === 1 ? '' : 's'}</summary>
      <ol className="inspector__frame">
        {messages.map((message, index) => (
          <li key={index} data-testid="inspector-frame-message" data-direction={message.direction}>
            <details>
              <summary>
                <span className="inspector__frame-way">{WAYS[message.direction]}</span>{' '}
                <span data-testid="inspector-frame-label">{message.label}</span>
                {message.note !== null && <span className="muted"> · ignored: {message.note}</span>}
              </summary>
              <JsonBlock value={message.message} />
            </details>
            {message.detail !== null && <p className="inspector__frame-detail" data-testid="inspector-proxy-detail">{message.detail}</p>}
          </li>
        ))}
      </ol>
    </details>
  );
}
