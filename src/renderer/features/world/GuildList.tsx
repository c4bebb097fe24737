/** The guild column: the DM home on top, then one round button per guild the person is in. */
import type { ReactNode } from 'react';
import { HomeIcon } from '../../app/icons.js';
import { useActions, useApp } from '../../app/store-context.js';
import { AuthorizeButton } from '../authorize/AuthorizeButton.js';
import { WorldEditorButton } from '../world-editor/WorldEditorButton.js';
import { HOME } from './world-model.js';
import './world.css';

function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).map((word) => word[0]).join('').slice(0, 3) || '?';
}

export function GuildList() {
  const guilds = useApp((state) => state.guilds);
  const placeId = useApp((state) => state.placeId);
  const { selectPlace } = useActions();
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
        <WorldEditorButton />
        <li className="guild-list__separator" aria-hidden="true" />
        <AuthorizeButton />
      </ul>
    </nav>
  );
}
