/**
 * The inspector column: every interaction this client sent, in order, newest at the bottom.
 * One is open at a time (the newest until another is chosen), showing what was sent, what
 * the app received and answered, and how it ended. "Export" saves them all as one JSON
 * file; "Scenario" saves them with the world as a scenario `slashbench replay` runs again
 * against the bot; above them, the explanation of a hidden command when one was asked for.
 */
import { useEffect, useRef, useState } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { ExplainView } from './ExplainView.js';
import { InspectorEntryView } from './InspectorEntryView.js';
import type { InspectorEntry } from './inspector-slice.js';
import { sessionFile } from './session-export.js';
import './inspector.css';

/** Downloads the entries as a JSON file, through a link to a Blob (no server round trip). */
function download(entries: readonly InspectorEntry[], userId: string | null, registry: string): void {
  save(sessionFile(entries, { now: Date.now(), userId, registry }));
}

/** Saves a file through a link to a Blob. */
function save(file: { filename: string; json: string }): void {
  const url = URL.createObjectURL(new Blob([file.json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; the URL is not needed again.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function InspectorPanel() {
  const entries = useApp((state) => state.inspectorEntries);
  const selected = useApp((state) => state.selectedNonce);
  const userId = useApp((state) => state.actingUserId);
  const registry = useApp((state) => state.remoteRegistry) ?? window.location.origin;
  const { selectEntry, scenarioExport } = useActions();
  const [scenarioNote, setScenarioNote] = useState<string | null>(null);
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
        <button
          type="button"
          className="button button--secondary inspector__export"
          data-testid="inspector-export"
          disabled={entries.length === 0}
          title="Download every interaction as one JSON file"
          onClick={() => download(entries, userId, registry)}
        >
          Export
        </button>
        <button
          type="button"
          className="button button--secondary inspector__export"
          data-testid="inspector-export-scenario"
          disabled={entries.length === 0}
          title="Download the interactions and the world as a scenario that slashbench replay runs against the bot"
          onClick={() => {
            void scenarioExport().then((result) => {
              if (!result.ok) return setScenarioNote(result.error);
              save(result.file);
              setScenarioNote(result.file.skipped.length === 0 ? null : `Left out: ${result.file.skipped.join('; ')}`);
            });
          }}
        >
          Scenario
        </button>
      </header>
      {scenarioNote !== null && <p className="inspector__note" role="status" data-testid="inspector-scenario-note">{scenarioNote}</p>}
      <ExplainView />
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
