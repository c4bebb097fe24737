/**
 * The inspector column: every interaction this client sent, in order, newest at the bottom.
 * One is open at a time (the newest until another is chosen), showing what was sent, what
 * the app received and answered, and how it ended.
 */
import { useEffect, useRef } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { InspectorEntryView } from './InspectorEntryView.js';
import './inspector.css';

export function InspectorPanel() {
  const entries = useApp((state) => state.inspectorEntries);
  const selected = useApp((state) => state.selectedNonce);
  const { selectEntry } = useActions();
  const list = useRef<HTMLOListElement>(null);
  const open = selected ?? entries[entries.length - 1]?.nonce ?? null;
  useEffect(() => {
    if (selected === null && list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [entries, selected]);
  return (
    <aside className="inspector" aria-label="Inspector" data-testid="inspector">
      <header className="inspector__header">
        <span>Inspector</span>
        <span className="inspector__count" data-testid="inspector-count">{entries.length} interaction{entries.length === 1 ? '' : 's'}</span>
        {selected !== null && <button type="button" className="link-button" onClick={() => selectEntry(null)}>Follow latest</button>}
      </header>
      {entries.length === 0 ? (
        <p className="inspector__empty">Interactions appear here as you use commands, autocomplete and components.</p>
      ) : (
        <ol className="inspector__list" ref={list}>
          {entries.map((entry, index) => (
            <InspectorEntryView
              key={entry.nonce}
              entry={entry}
              number={index + 1}
              open={entry.nonce === open}
              onToggle={() => selectEntry(entry.nonce === open ? null : entry.nonce)}
            />
          ))}
        </ol>
      )}
    </aside>
  );
}
