/**
 * The world editor, laid out as the real client's Server Settings: a full-window layer
 * with the sections on the left (people, the chosen guild's roles, channels and members,
 * app installs, the world file) and the chosen one on the right, closed with the button or
 * Esc. Every edit goes through the registry's management API.
 */
import type { ReactNode } from 'react';
import { SettingsLayer, type LayerSection } from '../../app/SettingsLayer.js';
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
  apps: 'Apps',
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
const SECTIONS: ReadonlyArray<LayerSection<EditorTab>> = [
  { heading: 'World', entries: ['users', 'apps'] },
  { heading: 'Guild', entries: ['roles', 'channels', 'members'], extra: <GuildChooser /> },
  { heading: 'World File', entries: ['file'] },
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
  if (!open) return null;
  return (
    <SettingsLayer
      navLabel="World editor sections" closeLabel="Close the world editor" testId="world-editor" closeTestId="world-editor-close"
      entryTestId={(entry) => `world-editor-tab-${entry}`}
      sections={SECTIONS} titles={TITLES} current={tab} wide
      onChoose={setEditorTab} onClose={closeWorldEditor}
    >
      <TokenNotice />
      <EditorBody />
    </SettingsLayer>
  );
}
