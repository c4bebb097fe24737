/** One interaction in the inspector: a summary row, and when open every step of it. */
import { useEffect, useState, type ReactNode } from 'react';
import { JsonBlock } from '../../app/JsonBlock.js';
import { useApp } from '../../app/store-context.js';
import { curlCommand, replayTarget } from './curl-command.js';
import { DEADLINE_MS, delivery, entryJson, eventsOf, findEvent, latency, signatureHeaders } from './entry-facts.js';
import { FrameMessages } from './FrameMessages.js';
import type { InspectorEntry } from './inspector-slice.js';
import { displayName } from '../world/world-model.js';

const KIND_LABELS = { command: 'Command', autocomplete: 'Autocomplete', component: 'Component', modal: 'Modal' } as const;

/** Now, ticking while `active`, for the latency of interactions still on their way. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer);
  }, [active]);
  return active ? now : Date.now();
}

function StatusBadge({ entry }: { entry: InspectorEntry }) {
  const text = entry.status === 'failed' ? `failed: ${entry.failure?.reason ?? ''}` : entry.status;
  return <span className={`status-badge status-badge--${entry.status}`} data-testid="inspector-status">{text}</span>;
}

/** A step of the interaction; payloads stay folded until opened, except where `open` says. */
function Section({ title, testId, open = false, children }: { title: string; testId: string; open?: boolean; children: ReactNode }) {
  return (
    <details className="inspector__section" data-testid={testId} open={open}>
      <summary>{title}</summary>
      {children}
    </details>
  );
}

/** The registry's refusal of a bot's request, in its sentence ("The bot's answer was refused: ..."). */
function Refusal({ data }: { data: Record<string, unknown> }) {
  if (typeof data.refusal !== 'string') return null;
  return <div className="inspector__line" data-testid="inspector-refusal">{data.refusal}</div>;
}

/** The files a bot's request carried, by name and size. */
function Files({ data }: { data: Record<string, unknown> }) {
  const files = Array.isArray(data.files) ? (data.files as Array<{ filename?: unknown; size?: unknown }>) : [];
  if (files.length === 0) return null;
  return (
    <ul className="inspector__files" data-testid="inspector-files">
      {files.map((file, index) => <li key={index}>{String(file.filename)} · {String(file.size)} bytes</li>)}
    </ul>
  );
}

function Details({ entry, elapsed }: { entry: InspectorEntry; elapsed: number }) {
  const [copied, setCopied] = useState<string | null>(null);
  // The registry the client talks to: a remote one when the settings say so, else the page's own.
  const registry = useApp((state) => state.remoteRegistry) ?? window.location.origin;
  const delivered = delivery(entry);
  const signatures = signatureHeaders(delivered?.headers ?? null);
  const bot = findEvent(entry, 'INTERACTION_BOT_RESPONSE');
  const choices = findEvent(entry, 'APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE');
  const copy = (text: string, done: string) => {
    navigator.clipboard.writeText(text).then(() => setCopied(done), () => setCopied('Copy failed'));
  };
  const target = replayTarget(entry);
  return (
    <div className="inspector__details">
      <div className="inspector__actions">
        <button type="button" className="button button--secondary" data-testid="inspector-copy" onClick={() => copy(entryJson(entry), 'Copied')}>Copy as JSON</button>
        <button
          type="button"
          className="button button--secondary"
          data-testid="inspector-copy-curl"
          data-replay={target}
          title={target === 'endpoint'
            ? 'The signed POST to the app\'s interactions endpoint, exactly as sent'
            : 'The client\'s POST /interactions to the registry; set SLASHBENCH_TOKEN to a session token first'}
          onClick={() => copy(curlCommand(entry, registry), 'Copied curl')}
        >
          Copy as curl
        </button>
        {copied && <span className="muted" data-testid="inspector-copied">{copied}</span>}
      </div>
      <Section title={`Sent: POST /api/v10/interactions → ${entry.http ? `HTTP ${entry.http.status}` : 'waiting'}`} testId="inspector-request">
        <JsonBlock value={entry.request} />
        {entry.http && entry.http.status !== 204 && <JsonBlock value={entry.http.body} />}
      </Section>
      {delivered && (
        <Section title={`Delivered over ${delivered.method === 'http' ? 'HTTP' : 'the gateway'}`} testId="inspector-delivery" open>
          <div className="inspector__line">{delivered.method === 'http' ? 'POST to the interactions endpoint, signed' : 'INTERACTION_CREATE to the bot\'s session'}</div>
          {Object.keys(signatures).length > 0 && (
            <dl className="inspector__headers" data-testid="inspector-signature">
              {Object.entries(signatures).map(([name, value]) => (
                <div key={name}><dt>{name}</dt><dd>{value}</dd></div>
              ))}
            </dl>
          )}
          <JsonBlock value={delivered.payload} testId="inspector-payload" />
        </Section>
      )}
      {bot && (
        <Section title="Bot's HTTP answer" testId="inspector-bot-response" open>
          <div className="inspector__line">
            {String(bot.data.outcome)} · status {String(bot.data.status ?? '—')} · {Math.round(Number(bot.data.elapsed_ms ?? 0))} ms
            {typeof bot.data.error === 'string' ? ` · ${bot.data.error}` : ''}
          </div>
          {typeof bot.data.body === 'string' && bot.data.body !== '' && <pre className="json-block" tabIndex={0}>{bot.data.body}</pre>}
        </Section>
      )}
      {eventsOf(entry, 'INTERACTION_CALLBACK').map((event, index) => (
        <Section key={`callback-${index}`} title={`Callback → ${String(event.data.status)}`} testId="inspector-callback" open>
          <Refusal data={event.data} />
          <JsonBlock value={event.data.body} />
          <Files data={event.data} />
          {event.data.answer !== null && event.data.answer !== undefined && <JsonBlock value={event.data.answer} />}
        </Section>
      ))}
      {eventsOf(entry, 'INTERACTION_WEBHOOK').map((event, index) => (
        <Section
          key={`webhook-${index}`}
          title={`${String(event.data.method)} ${String(event.data.path)} → ${String(event.data.status)}`}
          testId="inspector-webhook"
          open={typeof event.data.refusal === 'string'}
        >
          <Refusal data={event.data} />
          <JsonBlock value={event.data.body} />
          <Files data={event.data} />
          {typeof event.data.refusal === 'string' && <JsonBlock value={event.data.answer} />}
        </Section>
      ))}
      {choices && (
        <Section title="Autocomplete choices" testId="inspector-choices" open>
          <JsonBlock value={choices.data.choices} />
        </Section>
      )}
      <FrameMessages entry={entry} />
      <Section title="Result" testId="inspector-result" open>
        <div className="inspector__line">
          {entry.status === 'succeeded' && `Answered in ${Math.round(elapsed)} ms`}
          {entry.status === 'failed' && `${entry.failure?.reason ?? 'failed'}: ${entry.failure?.detail ?? ''}`}
          {(entry.status === 'sending' || entry.status === 'pending') && `Waiting for the app… ${Math.round(elapsed)} ms`}
        </div>
        <meter className="inspector__deadline" min={0} max={DEADLINE_MS} low={DEADLINE_MS * 0.5} high={DEADLINE_MS * 0.8} optimum={0} value={Math.min(elapsed, DEADLINE_MS)} />
        <div className="inspector__line muted">{Math.round(elapsed)} ms of the {DEADLINE_MS / 1000}-second deadline</div>
      </Section>
    </div>
  );
}

export function InspectorEntryView({ entry, number, open, onToggle }: { entry: InspectorEntry; number: number; open: boolean; onToggle: () => void }) {
  // Who acted: entries of every person the client acted as stay, so each says whose it is.
  const actor = useApp((state) => state.people.find((person) => person.id === entry.userId));
  const waiting = entry.status === 'sending' || entry.status === 'pending';
  const elapsed = latency(entry, useNow(waiting && open));
  return (
    <li className={open ? 'inspector__entry inspector__entry--open' : 'inspector__entry'} data-testid="inspector-entry" data-kind={entry.kind} data-status={entry.status}>
      <button type="button" className="inspector__summary" aria-expanded={open} onClick={onToggle}>
        <span className="inspector__number">#{number}</span>
        <span className={`kind-badge kind-badge--${entry.kind}`}>{KIND_LABELS[entry.kind]}</span>
        <span className="inspector__label" data-testid="inspector-label">{entry.label}</span>
        <span className="inspector__actor muted" data-testid="inspector-actor">{actor ? displayName(actor) : entry.userId}</span>
        <StatusBadge entry={entry} />
        <span className="inspector__latency">{waiting ? '…' : `${Math.round(elapsed)} ms`}</span>
      </button>
      {open && <Details entry={entry} elapsed={elapsed} />}
    </li>
  );
}
