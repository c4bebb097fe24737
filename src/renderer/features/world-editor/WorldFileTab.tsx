/**
 * The world file: export downloads the world as the registry exports it (the world-file
 * format, without tokens or secrets), import checks a picked file with the shared schema,
 * says what importing it will do, and sends it only when the person confirms. The
 * registry's refusals are listed like the schema's, with the path of each bad field.
 */
import { useState, type ChangeEvent } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import type { ImportIssue } from './world-import.js';

/** How long a downloaded file's object URL is kept before it is released. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

function count(amount: number, one: string, many: string): string {
  return `${amount} ${amount === 1 ? one : many}`;
}

function IssueList({ issues }: { issues: readonly ImportIssue[] }) {
  return (
    <ul className="world-editor__issues" role="alert" data-testid="import-issues">
      {issues.map((issue, index) => (
        <li key={index} data-testid="import-issue">
          <code className="world-editor__issue-path" data-testid="import-issue-path">{issue.path}</code>
          <span data-testid="import-issue-message">{issue.message}</span>
          <code className="world-editor__code">{issue.code}</code>
        </li>
      ))}
    </ul>
  );
}

function ExportSection() {
  const { exportEditorWorld } = useActions();
  const [state, setState] = useState<'idle' | 'working' | 'done'>('idle');
  const run = async () => {
    setState('working');
    const world = await exportEditorWorld();
    if (world) download(`slashbench-world-${new Date().toISOString().slice(0, 10)}.json`, `${JSON.stringify(world, null, 2)}\n`);
    setState(world ? 'done' : 'idle');
  };
  return (
    <section className="world-editor__file-section">
      <h2 className="world-editor__form-title">Export</h2>
      <p className="world-editor__hint">
        Downloads the whole world as a world file (<code>--world FILE</code>, or Import here or in another registry). It carries
        no tokens or secrets: the registry keeps only their digests.
      </p>
      <div className="world-editor__actions world-editor__actions--start">
        <button type="button" className="button button--primary" data-testid="world-export" disabled={state === 'working'} onClick={() => void run()}>Export world</button>
        {state === 'done' && <span className="world-editor__hint" role="status" data-testid="world-exported">Downloaded.</span>}
      </div>
    </section>
  );
}

function ImportSection() {
  const pending = useApp((state) => state.worldImport);
  const { checkWorldImport, confirmWorldImport, resetWorldImport } = useActions();
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    await checkWorldImport(file.name, await file.text());
    // The same file may be picked again after it is changed on disk.
    input.value = '';
  };
  return (
    <section className="world-editor__file-section">
      <h2 className="world-editor__form-title">Import</h2>
      <p className="world-editor__hint">
        Import merges: what the file names replaces what the world has (a guild in the file gets exactly its roles, channels,
        members and installs), and what it does not name is kept. New people and apps without a token get one (the Apps and Users tabs show it again).
      </p>
      <label className="world-editor__field">
        <span className="world-editor__label">World file (JSON)</span>
        <input type="file" accept="application/json,.json" data-testid="import-file" onChange={(event) => void pick(event)} />
      </label>
      {(pending.status === 'invalid' || pending.status === 'refused') && (
        <div className="world-editor__import-result" data-testid="import-result" data-status={pending.status}>
          <p className="world-editor__failure">
            {pending.status === 'invalid'
              ? `${pending.fileName} is not a world file this registry can load; nothing was sent:`
              : `The registry refused ${pending.fileName}; nothing was written:`}
          </p>
          <IssueList issues={pending.issues} />
        </div>
      )}
      {(pending.status === 'ready' || pending.status === 'importing') && (
        <div className="world-editor__import-result" data-testid="import-result" data-status={pending.status}>
          <p data-testid="import-summary">
            {pending.fileName}: {count(pending.summary.users, 'person', 'people')}, {count(pending.summary.applications, 'app', 'apps')},{' '}
            {count(pending.summary.guilds, 'guild', 'guilds')}
            {pending.summary.newWithoutToken > 0 && `; ${pending.summary.newWithoutToken} new without a token will get one`}.
          </p>
          <div className="world-editor__actions world-editor__actions--start">
            <button type="button" className="button button--primary" data-testid="import-confirm" disabled={pending.status === 'importing'} onClick={() => void confirmWorldImport()}>
              Import {pending.fileName}
            </button>
            <button type="button" className="link-button" data-testid="import-cancel" onClick={resetWorldImport}>Cancel</button>
          </div>
        </div>
      )}
      {pending.status === 'imported' && <p className="world-editor__hint" data-testid="import-result" data-status="imported">Imported {pending.fileName}.</p>}
    </section>
  );
}

export function WorldFileTab() {
  return (
    <div className="world-editor__file">
      <ExportSection />
      <ImportSection />
    </div>
  );
}
