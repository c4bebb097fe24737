/**
 * The channel sidebar's header: the place's name, and for a guild the real client's
 * dropdown under it, here opening the world editor at the guild's roles, channels,
 * members or app installs. A menu for the keyboard too: it opens on the first entry, the
 * arrows and Home/End move, Esc or Tab closes it with the focus back on the header.
 */
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { giveFocusBack } from '../../app/focus-history.js';
import { movedIndex } from '../../app/list-keys.js';
import { useActions, useApp } from '../../app/store-context.js';
import type { EditorTab } from './world-editor-slice.js';
import './world-editor.css';

/** The guild menu's key among the client's dropdowns (only one is open at a time). */
const GUILD_MENU = 'guild-menu';

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
  const { openWorldEditor, setOpenDropdown } = useActions();
  const open = useApp((state) => state.openDropdown === GUILD_MENU);
  const setOpen = (wanted: boolean) => setOpenDropdown(wanted ? GUILD_MENU : null);
  const header = useRef<HTMLElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useLayoutEffect(() => {
    const menu = list.current;
    if (!open || !menu) return undefined;
    menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => giveFocusBack(menu);
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: MouseEvent) => {
      if (!header.current?.contains(event.target as Node)) setOpenDropdown(null);
    };
    window.addEventListener('mousedown', close);
    return () => window.removeEventListener('mousedown', close);
  }, [open, setOpenDropdown]);

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const next = movedIndex(event.key, items.indexOf(event.target as HTMLElement), items.length, { wrap: true });
    if (next !== undefined && !event.key.startsWith('Page')) items[next]?.focus();
    else if (event.key === 'Escape' || event.key === 'Tab') setOpen(false);
    else return;
    event.preventDefault();
  };

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
        <ul ref={list} className="place-header__menu" role="menu" aria-label={`${title} menu`} data-testid="guild-menu-list" onKeyDown={onMenuKey}>
          {ENTRIES.map((entry) => (
            <li key={entry.tab} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
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
