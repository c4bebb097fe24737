/**
 * The App Launcher in the composer bar, as the real client's rocket: a popover listing the
 * apps whose entry point command is usable in this channel, with the app's name, the
 * command and its description. Click an app, or move with the arrows (Home/End too) and
 * press Enter, to launch it; Esc, Tab or a click elsewhere closes the list. The list takes
 * the focus while open and gives it back to the rocket. The title says when Activities open
 * as on a phone (Settings › Activities).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { Avatar } from '../../app/Avatar.js';
import { giveFocusBack } from '../../app/focus-history.js';
import { movedIndex } from '../../app/list-keys.js';
import { useActions, useApp } from '../../app/store-context.js';
import { launcherEntries } from './launcher-entries.js';
import './activities.css';

function RocketIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M5 15c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.1 2.1 0 0 0-2.9-.1z" />
        <path d="m12 15-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2z" />
        <path d="M9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5" />
      </g>
    </svg>
  );
}

export function AppLauncher() {
  const open = useApp((state) => state.launcherOpen);
  const highlighted = useApp((state) => state.launcherIndex);
  const index = useApp((state) => state.commandIndex);
  const platform = useApp((state) => state.settings.activity_platform);
  const actions = useActions();
  const entries = useMemo(() => launcherEntries(index), [index]);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const popover = list.current;
    if (!open || !popover) return undefined;
    popover.focus();
    return () => giveFocusBack(popover);
  }, [open]);

  useEffect(() => {
    if (!open) return undefined;
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) actions.toggleLauncher(false);
    };
    document.addEventListener('mousedown', closeOutside);
    return () => document.removeEventListener('mousedown', closeOutside);
  }, [open, actions]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    const next = movedIndex(event.key, highlighted, entries.length, { wrap: true });
    if (next !== undefined) {
      event.preventDefault();
      actions.moveLauncher(next - highlighted);
      return;
    }
    const keys: Record<string, () => void> = {
      Tab: () => {
        actions.toggleLauncher(false);
        button.current?.focus();
      },
      Enter: () => {
        const entry = entries[highlighted];
        if (entry) void actions.launchEntryPoint(entry.command);
      },
      Escape: () => {
        actions.toggleLauncher(false);
        button.current?.focus();
      },
    };
    const run = keys[event.key];
    if (!run) return;
    event.preventDefault();
    run();
  };

  return (
    <div className="app-launcher" ref={root} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={open ? 'app-launcher__button app-launcher__button--open' : 'app-launcher__button'}
        aria-label="App Launcher"
        title="App Launcher"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? 'app-launcher-list' : undefined}
        data-testid="app-launcher-button"
        onClick={() => actions.toggleLauncher()}
      >
        <RocketIcon />
      </button>
      {open && (
        <div
          ref={list}
          id="app-launcher-list"
          className="app-launcher__popover"
          role="listbox"
          tabIndex={-1}
          aria-label="Apps"
          aria-activedescendant={entries[highlighted] ? `app-launcher-${entries[highlighted].command.id}` : undefined}
          data-testid="app-launcher"
        >
          <header className="app-launcher__title">
            Apps
            {platform === 'mobile' && <span className="app-launcher__platform" data-testid="app-launcher-platform"> · open on a phone</span>}
          </header>
          {entries.length === 0 && (
            <div className="app-launcher__empty" data-testid="app-launcher-empty">No app here has an Activity to launch.</div>
          )}
          {entries.map((entry, position) => (
            <div
              key={entry.command.id}
              id={`app-launcher-${entry.command.id}`}
              role="option"
              aria-selected={position === highlighted}
              className={position === highlighted ? 'app-launcher__entry app-launcher__entry--selected' : 'app-launcher__entry'}
              data-testid="app-launcher-entry"
              data-application-id={entry.application.id}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void actions.launchEntryPoint(entry.command)}
            >
              <Avatar id={entry.application.id} name={entry.application.name} size="large" />
              <span className="app-launcher__name">{entry.application.name}</span>
              <span className="app-launcher__command">{entry.label}</span>
              <span className="app-launcher__description">{entry.description}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
