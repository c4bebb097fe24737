/**
 * The guild column: the DM home on top, then one round button per guild the person is in,
 * then the simulator's tools (the world editor, where the real client has "Discover", and
 * the Authorize panel).
 */
import type { ReactNode } from 'react';
import { GlobeIcon, HomeIcon, KeyIcon } from '../../app/icons.js';
import { useActions, useApp } from '../../app/store-context.js';
import { HOME } from './world-model.js';
import './world.css';

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).map((word) => word[0]).join('').slice(0, 3) || '?';
}

/** A round green button that opens one of the simulator's tools, lit while it is open. */
function ToolButton({ open, onOpen, label, title, testId, children }: {
  open: boolean; onOpen: () => void; label: string; title: string; testId: string; children: ReactNode;
}) {
  return (
    <li className={open ? 'guild-list__item guild-list__item--selected' : 'guild-list__item'}>
      <button
        type="button"
        className="guild-list__button guild-list__button--tool"
        title={title}
        aria-label={label}
        aria-pressed={open}
        data-testid={testId}
        onClick={onOpen}
      >
        {children}
      </button>
    </li>
  );
}

export function GuildList() {
  const guilds = useApp((state) => state.guilds);
  const placeId = useApp((state) => state.placeId);
  const editorOpen = useApp((state) => state.editorOpen);
  const authorizeOpen = useApp((state) => state.authorizeOpen);
  const { selectPlace, openWorldEditor, openAuthorize } = useActions();
  const button = (id: string, name: string, label: ReactNode) => (
    <li key={id} className={placeId === id ? 'guild-list__item guild-list__item--selected' : 'guild-list__item'}>
      <button
        type="button"
        className="guild-list__button"
        title={name}
        aria-label={name}
        aria-pressed={placeId === id}
        data-testid={id === HOME ? 'guild-home' : `guild-${id}`}
        onClick={() => selectPlace(id)}
      >
        {label}
      </button>
    </li>
  );
  return (
    <nav className="guild-list" aria-label="Servers" data-testid="guild-list">
      <ul>
        {button(HOME, 'Direct Messages', <HomeIcon />)}
        <li className="guild-list__separator" aria-hidden="true" />
        {guilds.map((guild) => button(guild.id, guild.name, initials(guild.name)))}
        <ToolButton
          open={editorOpen} onOpen={() => openWorldEditor()} label="Edit world" testId="world-editor-open"
          title="Edit world: users, roles, channels, members, app installs, import and export"
        >
          <GlobeIcon />
        </ToolButton>
        <li className="guild-list__separator" aria-hidden="true" />
        <ToolButton
          open={authorizeOpen} onOpen={() => void openAuthorize()} label="Authorize" testId="authorize-open"
          title="Authorize (OAuth2 with the native SDK)"
        >
          <KeyIcon />
        </ToolButton>
      </ul>
    </nav>
  );
}
