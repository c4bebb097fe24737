/**
 * The open context menu: "Reply" on a message and "Message" on a person (their DM), "Apps"
 * with the USER or MESSAGE commands of this channel by app, and "Copy ID". It closes on Esc,
 * on a click anywhere else, and once a command is chosen.
 */
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '../../app/Avatar.js';
import { useActions, useApp } from '../../app/store-context.js';
import { contextCommandGroups } from './context-commands.js';
import './context-menu.css';

/** How far from the window's edges the menu stays, in pixels. */
const MARGIN = 8;
const WIDTH = 220;

export function ContextMenu() {
  const menu = useApp((state) => state.contextMenu);
  const index = useApp((state) => state.commandIndex);
  const me = useApp((state) => state.me);
  const { closeContextMenu, invokeContextCommand, startReply, openDirectMessage } = useActions();
  const [appsOpen, setAppsOpen] = useState(false);
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (menu === null) return undefined;
    setAppsOpen(false);
    const onKey = (event: KeyboardEvent) => { if (event.key === 'Escape') closeContextMenu(); };
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

  return (
    <div
      ref={element}
      className="context-menu"
      role="menu"
      data-testid="context-menu"
      data-target-kind={menu.target.kind}
      style={{ left: Math.max(MARGIN, left), top: Math.max(MARGIN, top) }}
      onContextMenu={(event) => event.preventDefault()}
    >
      {talkLabel && (
        <button type="button" role="menuitem" className="context-menu__item" data-testid="context-menu-talk" onClick={talk}>
          {talkLabel}
        </button>
      )}
      <div className="context-menu__item-wrap" onMouseEnter={() => setAppsOpen(true)} onMouseLeave={() => setAppsOpen(false)}>
        <button
          type="button"
          role="menuitem"
          aria-haspopup="menu"
          aria-expanded={appsOpen}
          className={appsOpen ? 'context-menu__item context-menu__item--active' : 'context-menu__item'}
          data-testid="context-menu-apps"
          onClick={() => setAppsOpen(true)}
        >
          Apps <span aria-hidden="true">›</span>
        </button>
        {appsOpen && (
          <div className="context-menu context-menu--sub" role="menu" data-testid="context-menu-apps-list">
            {groups.length === 0 && <div className="context-menu__empty">No apps for this {menu.target.kind}</div>}
            {groups.map((group) => (
              <div key={group.application.id} className="context-menu__group" data-testid={`context-app-${group.application.id}`}>
                <div className="context-menu__app">
                  <Avatar id={group.application.id} name={group.application.name} size="small" />
                  {group.application.name}
                </div>
                {group.commands.map(({ command, label }) => (
                  <button
                    key={command.id}
                    type="button"
                    role="menuitem"
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
      <div className="context-menu__separator" />
      <button type="button" role="menuitem" className="context-menu__item" data-testid="context-menu-copy-id" onClick={copy}>
        Copy {menu.target.kind === 'user' ? 'User' : 'Message'} ID
      </button>
    </div>
  );
}
