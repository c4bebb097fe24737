/**
 * The world editor, laid out as the real client's Server Settings: a full-window layer
 * with the sections on the left (people, the chosen guild's roles, channels and members,
 * app installs, the world file) and the chosen one on the right, closed with the button or
 * Esc. Every edit goes through the registry's management API.
 */
import { useEffect, type ReactNode } from 'react';
import { useActions, useApp } from '../../app/store-context.js';
import { AppsTab } from './AppsTab.js';
import { ChannelsTab } from './ChannelsTab.js';
import { MembersTab } from './MembersTab.js';
import { RolesTab } from './RolesTab.js';
import { TokenNotice } from './TokenNotice.js';
import { UsersTab } from './UsersTab.js';
import { WorldFileTab } from './WorldFileTab.js';
import type { EditorTab } from './world-editor-slice.js';
import './world-editor.css';

const TITLES: Readonly<Record<EditorTab, string>> = {
  users: 'Users',
  roles: 'Roles',
  channels: 'Channels',
  members: 'Members',
  apps: 'App Installs',
  file: 'Import / Export',
};

const TABS: Readonly<Record<EditorTab, () => ReactNode>> = {
  users: () => <UsersTab />,
  roles: () => <RolesTab />,
  channels: () => <ChannelsTab />,
  members: () => <MembersTab />,
  apps: () => <AppsTab />,
  file: () => <WorldFileTab />,
};

/** The nav, in sections: what the whole world holds, what the chosen guild holds, the file. */
const SECTIONS: ReadonlyArray<{ heading: string; tabs: readonly EditorTab[]; guild?: true }> = [
  { heading: 'World', tabs: ['users', 'apps'] },
  { heading: 'Guild', tabs: ['roles', 'channels', 'members'], guild: true },
  { heading: 'World File', tabs: ['file'] },
];

function GuildChooser() {
  const guilds = useApp((state) => state.editorWorld?.guilds);
  const guildId = useApp((state) => state.editorGuildId);
  const { setEditorGuild } = useActions();
  if (!guilds || guilds.length === 0) return <p className="world-editor__hint">The world has no guild.</p>;
  return (
    <select
      className="world-editor__guild"
      aria-label="Guild to edit"
      data-testid="world-editor-guild"
      value={guildId ?? ''}
      onChange={(event) => setEditorGuild(event.target.value)}
    >
      {guilds.map((guild) => <option key={guild.id} value={guild.id}>{guild.name}</option>)}
    </select>
  );
}

function EditorBody() {
  const tab = useApp((state) => state.editorTab);
  const load = useApp((state) => state.editorLoad);
  const loadError = useApp((state) => state.editorLoadError);
  const notice = useApp((state) => state.editorNotice);
  if (load === 'failed') return <p className="world-editor__failure" role="alert" data-testid="world-editor-load-error">The world could not be read: {loadError}</p>;
  if (load !== 'loaded') return <p className="world-editor__hint">Reading the world…</p>;
  return (
    <>
      {notice !== null && <p className="world-editor__notice" role="status" data-testid="world-editor-notice">{notice}</p>}
      {TABS[tab]()}
    </>
  );
}

export function WorldEditor() {
  const open = useApp((state) => state.editorOpen);
  const tab = useApp((state) => state.editorTab);
  const { setEditorTab, closeWorldEditor } = useActions();

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeWorldEditor();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, closeWorldEditor]);

  if (!open) return null;
  return (
    <div className="world-editor" role="dialog" aria-modal="true" aria-labelledby="world-editor-title" data-testid="world-editor">
      <nav className="world-editor__nav" aria-label="World editor sections">
        <div className="world-editor__nav-inner">
          {SECTIONS.map((section) => (
            <div key={section.heading} className="world-editor__nav-section">
              <h2 className="world-editor__nav-heading">{section.heading}</h2>
              {section.guild && <GuildChooser />}
              {section.tabs.map((entry) => (
                <button
                  key={entry}
                  type="button"
                  className={entry === tab ? 'world-editor__nav-item world-editor__nav-item--active' : 'world-editor__nav-item'}
                  aria-current={entry === tab ? 'page' : undefined}
                  data-testid={`world-editor-tab-${entry}`}
                  onClick={() => setEditorTab(entry)}
                >
                  {TITLES[entry]}
                </button>
              ))}
            </div>
          ))}
        </div>
      </nav>
      <main className="world-editor__content">
        <div className="world-editor__content-inner">
          <h1 id="world-editor-title" className="world-editor__title">{TITLES[tab]}</h1>
          <TokenNotice />
          <EditorBody />
        </div>
        <div className="world-editor__close">
          <button type="button" className="world-editor__close-button" aria-label="Close the world editor" data-testid="world-editor-close" onClick={closeWorldEditor}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <span className="world-editor__close-key" aria-hidden="true">ESC</span>
        </div>
      </main>
    </div>
  );
}
