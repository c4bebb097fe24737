/**
 * The open context menu: "Reply" on a message and "Message" on a person (their DM), "Apps"
 * with the USER or MESSAGE commands of this channel by app, and "Copy ID". It closes on Esc,
 * on a click anywhere else, and once a command is chosen. From the keyboard, as the ARIA
 * menu pattern: the first item has the focus when it opens; ArrowUp/ArrowDown and Home/End
 * move; ArrowRight, Enter or Space on Apps opens the submenu, ArrowLeft or Esc goes back;
 * Esc or Tab closes the menu, and the focus goes back to the message or person it opened on.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../app/Avatar.js';
import { giveFocusBack } from '../../app/focus-history.js';
import { movedIndex } from '../../app/list-keys.js';
import { useActions, useApp } from '../../app/store-context.js';
import { contextCommandGroups } from './context-commands.js';
import './context-menu.css';

/** How far from the window's edges the menu stays, in pixels. */
const MARGIN = 8;
const WIDTH = 220;

/** The items of `menu` itself, not of a submenu inside it. */
function itemsOf(menu: Element): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter((item) => item.closest('[role="menu"]') === menu);
}

/** Moves the focus between the items of the menu the key was pressed in; answers whether it did. */
function moveInMenu(event: KeyboardEvent<HTMLElement>): boolean {
  const menu = (event.target as Element).closest('[role="menu"]');
  if (!menu) return false;
  const items = itemsOf(menu).filter((item) => item.getAttribute('aria-disabled') !== 'true');
  const next = movedIndex(event.key, items.indexOf(event.target as HTMLElement), items.length, { wrap: true });
  if (next === undefined || event.key.startsWith('Page')) return false;
  items[next]?.focus();
  return true;
}

export function ContextMenu() {
  const menu = useApp((state) => state.contextMenu);
  const index = useApp((state) => state.commandIndex);
  const me = useApp((state) => state.me);
  const { closeContextMenu, invokeContextCommand, startReply, openDirectMessage } = useActions();
  const [appsOpen, setAppsOpen] = useState(false);
  /** The submenu was opened from the keyboard: its first item takes the focus. */
  const focusApps = useRef(false);
  const element = useRef<HTMLDivElement>(null);
  const apps = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (menu === null) return undefined;
    setAppsOpen(false);
    const onKey = (event: globalThis.KeyboardEvent) => { if (event.key === 'Escape') closeContextMenu(); };
    const onPointer = (event: MouseEvent) => {
      if (!(event.target instanceof Node) || !element.current?.contains(event.target)) closeContextMenu();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onPointer);
    window.addEventListener('blur', closeContextMenu);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onPointer);
      window.removeEventListener('blur', closeContextMenu);
    };
  }, [menu, closeContextMenu]);

  // Open: the first item takes the focus. Closed: the focus goes back to where it was.
  const open = menu !== null;
  useLayoutEffect(() => {
    const root = element.current;
    if (!open || !root) return undefined;
    itemsOf(root)[0]?.focus();
    return () => giveFocusBack(root);
  }, [open]);

  useLayoutEffect(() => {
    if (!appsOpen || !focusApps.current || !element.current) return;
    focusApps.current = false;
    const submenu = element.current.querySelector('[data-testid="context-menu-apps-list"]');
    if (submenu) itemsOf(submenu)[0]?.focus();
  }, [appsOpen]);

  if (menu === null) return null;
  const groups = contextCommandGroups(index, menu.target);
  const left = Math.min(menu.x, window.innerWidth - WIDTH * 2 - MARGIN);
  const top = Math.min(menu.y, window.innerHeight - 120);
  const talk = () => {
    if (menu.target.kind === 'message') startReply(menu.target.id);
    else void openDirectMessage([menu.target.id]);
    closeContextMenu();
  };
  const talkLabel = menu.target.kind === 'message' ? 'Reply' : me?.id === menu.target.id ? null : 'Message';
  const copy = () => {
    void navigator.clipboard?.writeText(menu.target.id).catch(() => undefined);
    closeContextMenu();
  };
  const openApps = () => {
    const submenu = element.current?.querySelector('[data-testid="context-menu-apps-list"]');
    if (submenu) itemsOf(submenu)[0]?.focus();
    else {
      focusApps.current = true;
      setAppsOpen(true);
    }
  };
  const inSubmenu = (event: KeyboardEvent) => (event.target as Element).closest('[data-testid="context-menu-apps-list"]') !== null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' || event.key === 'ArrowLeft') {
      if (inSubmenu(event)) {
        setAppsOpen(false);
        apps.current?.focus();
      } else if (event.key === 'Escape') closeContextMenu();
      else return;
    } else if (event.key === 'Tab') {
      closeContextMenu();
    } else if (event.key === 'ArrowRight' && event.target === apps.current) {
      openApps();
    } else if (!moveInMenu(event)) {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div
      ref={element}
      className="context-menu"
      role="menu"
      aria-label={menu.target.kind === 'message' ? 'Message actions' : 'Person actions'}
      data-testid="context-menu"
      data-target-kind={menu.target.kind}
      style={{ left: Math.max(MARGIN, left), top: Math.max(MARGIN, top) }}
      onContextMenu={(event) => event.preventDefault()}
      onKeyDown={onKeyDown}
    >
      {talkLabel && (
        <button type="button" role="menuitem" tabIndex={-1} className="context-menu__item" data-testid="context-menu-talk" onClick={talk}>
          {talkLabel}
        </button>
      )}
      <div role="none" className="context-menu__item-wrap" onMouseEnter={() => setAppsOpen(true)} onMouseLeave={() => setAppsOpen(false)}>
        <button
          ref={apps}
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-haspopup="menu"
          aria-expanded={appsOpen}
          className={appsOpen ? 'context-menu__item context-menu__item--active' : 'context-menu__item'}
          data-testid="context-menu-apps"
          onClick={(event) => (event.detail === 0 ? openApps() : setAppsOpen(true))}
        >
          Apps <span aria-hidden="true">›</span>
        </button>
        {appsOpen && (
          <div className="context-menu context-menu--sub" role="menu" aria-label="Apps" data-testid="context-menu-apps-list">
            {groups.length === 0 && (
              <div role="menuitem" tabIndex={-1} aria-disabled="true" className="context-menu__empty">No apps for this {menu.target.kind}</div>
            )}
            {groups.map((group) => (
              <div
                key={group.application.id} role="group" aria-label={group.application.name}
                className="context-menu__group" data-testid={`context-app-${group.application.id}`}
              >
                <div className="context-menu__app" aria-hidden="true">
                  <Avatar id={group.application.id} name={group.application.name} size="small" />
                  {group.application.name}
                </div>
                {group.commands.map(({ command, label }) => (
                  <button
                    key={command.id}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="context-menu__item"
                    data-testid={`context-command-${command.name}`}
                    onClick={() => void invokeContextCommand(command)}
                  >
                    {label}
                  </button>
                ))}
              </div>
            ))}
          </div>
        )}
      </div>
      <div role="separator" className="context-menu__separator" />
      <button type="button" role="menuitem" tabIndex={-1} className="context-menu__item" data-testid="context-menu-copy-id" onClick={copy}>
        Copy {menu.target.kind === 'user' ? 'User' : 'Message'} ID
      </button>
    </div>
  );
}
