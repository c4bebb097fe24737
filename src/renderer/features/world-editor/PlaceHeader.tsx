/**
 * The channel sidebar's header: the place's name, and for a guild the real client's
 * dropdown under it, here opening the world editor at the guild's roles, channels,
 * members or app installs.
 */
import { useEffect, useRef, useState } from 'react';
import { useActions } from '../../app/store-context.js';
import type { EditorTab } from './world-editor-slice.js';
import './world-editor.css';

const ENTRIES: ReadonlyArray<{ tab: EditorTab; label: string }> = [
  { tab: 'roles', label: 'Edit world…' },
  { tab: 'channels', label: 'Channels' },
  { tab: 'members', label: 'Members' },
  { tab: 'apps', label: 'App installs' },
];

function Chevron({ open }: { open: boolean }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d={open ? 'M6 6l12 12M18 6 6 18' : 'm6 9 6 6 6-6'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** `guildId` null: the DM home, which has no menu. */
export function PlaceHeader({ title, guildId }: { title: string; guildId: string | null }) {
  const { openWorldEditor } = useActions();
  const [open, setOpen] = useState(false);
  const header = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !header.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('mousedown', close);
    window.addEventListener('keydown', close);
    return () => {
      window.removeEventListener('mousedown', close);
      window.removeEventListener('keydown', close);
    };
  }, [open]);

  if (guildId === null) {
    return <header className="sidebar__header"><span data-testid="sidebar-title">{title}</span></header>;
  }
  return (
    <header ref={header} className="sidebar__header place-header">
      <button
        type="button"
        className="place-header__button"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="guild-menu"
        onClick={() => setOpen(!open)}
      >
        <span className="place-header__title" data-testid="sidebar-title">{title}</span>
        <Chevron open={open} />
      </button>
      {open && (
        <ul className="place-header__menu" role="menu" data-testid="guild-menu-list">
          {ENTRIES.map((entry) => (
            <li key={entry.tab} role="none">
              <button
                type="button"
                role="menuitem"
                className="place-header__item"
                data-testid={`guild-menu-${entry.tab}`}
                onClick={() => {
                  setOpen(false);
                  openWorldEditor({ tab: entry.tab, guildId });
                }}
              >
                {entry.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </header>
  );
}
