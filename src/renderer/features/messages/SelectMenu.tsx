/**
 * One select menu of an app's message, as the real client shows it: the placeholder or the
 * chosen values on the menu, a list to choose from (searchable for people, roles and
 * channels). A single select sends as soon as a value is chosen; a multi-select when the
 * list closes with a changed choice that fits `min_values`..`max_values` (a choice that
 * does not fit is dropped and says why while the list is open). Only one list is open in
 * the whole client (the store's `openDropdown`): opening any other menu closes this one.
 *
 * From the keyboard, as the ARIA listbox pattern: ArrowDown, ArrowUp, Enter or Space on the
 * menu opens the list; the arrows, Home/End and PageUp/PageDown move the highlight; Enter
 * (or Space, outside the search field) chooses; Esc or Tab closes, the focus back on the menu.
 */
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../app/Avatar.js';
import { movedIndex } from '../../app/list-keys.js';
import { useActions, useApp } from '../../app/store-context.js';
import { filterEntries, initialSelection, selectBounds, selectionChanged, selectionProblem, toggleValue, type SelectComponent, type SelectEntry } from './select-options.js';

/** The list's height at most, in pixels: it opens below the menu when that fits, else above. */
const LIST_HEIGHT = 280;

interface Props {
  /** Names this menu among every dropdown of the client (message id and custom id). */
  menuKey: string;
  component: SelectComponent;
  entries: SelectEntry[];
  busy: boolean;
  onSubmit(values: string[]): void;
}

function EntryMark({ entry }: { entry: SelectEntry }) {
  if (entry.kind === 'user') return <Avatar id={entry.value} name={entry.label} size="small" />;
  if (entry.kind === 'role') return <span className="select-menu__role-dot" style={entry.color ? { background: entry.color } : undefined} aria-hidden="true" />;
  if (entry.kind === 'channel') return <span className="select-menu__hash" aria-hidden="true">#</span>;
  return null;
}

/** Where the fixed list goes: under the menu, or above it when the window has no room below. */
function listPlace(menu: HTMLElement): { left: number; width: number; top?: number; bottom?: number } {
  const rect = menu.getBoundingClientRect();
  const below = window.innerHeight - rect.bottom;
  const place = { left: rect.left, width: Math.max(rect.width, 240) };
  return below >= LIST_HEIGHT || below >= rect.top ? { ...place, top: rect.bottom + 4 } : { ...place, bottom: window.innerHeight - rect.top + 4 };
}

export function SelectMenu({ menuKey, component, entries, busy, onSubmit }: Props) {
  const bounds = selectBounds(component);
  const initial = useMemo(() => initialSelection(component), [component]);
  const [sent, setSent] = useState<string[]>(initial);
  const [selected, setSelected] = useState<string[]>(initial);
  const open = useApp((state) => state.openDropdown === menuKey);
  const { setOpenDropdown } = useActions();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<ReturnType<typeof listPlace> | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const listbox = useRef<HTMLDivElement>(null);
  /** The choice as of the last change, for the close that follows it in the same event. */
  const choice = useRef(selected);
  const wasOpen = useRef(false);
  const id = useId();
  const customId = component.custom_id ?? '';
  const searchable = entries.some((entry) => entry.kind !== 'option');
  const shown = filterEntries(entries, query);
  const problem = selectionProblem(selected, bounds);
  const optionId = (index: number) => `${id}-option-${index}`;

  const select = (next: string[]) => {
    choice.current = next;
    setSelected(next);
  };

  // The app edited its message: the menu starts again from what the message says.
  useEffect(() => {
    setSent(initial);
    select(initial);
  }, [initial]);

  // However the list closed (a choice, a key, a click elsewhere, another menu opening), a
  // changed choice that fits is sent; one that does not fit goes back to what was sent.
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    setQuery('');
    const next = choice.current;
    if (selectionProblem(next, bounds) !== null || !selectionChanged(sent, next)) {
      select(sent);
      return;
    }
    setSent(next);
    onSubmit(next);
  }, [open]); // runs as the list opens or closes, with what was chosen by then

  const openList = () => {
    const first = shown.findIndex((entry) => selected.includes(entry.value));
    setActive(Math.max(0, first));
    setOpenDropdown(menuKey);
  };
  const close = ({ refocus = false } = {}) => {
    if (refocus) button.current?.focus();
    setOpenDropdown(null);
  };

  const choose = (value: string) => {
    const next = toggleValue(selected, value, bounds.max);
    select(next);
    if (bounds.max === 1) close({ refocus: true });
  };

  useLayoutEffect(() => {
    if (!open || !root.current) return undefined;
    const menu = root.current;
    const follow = () => setPlace(listPlace(menu));
    follow();
    window.addEventListener('resize', follow);
    document.addEventListener('scroll', follow, true);
    return () => {
      window.removeEventListener('resize', follow);
      document.removeEventListener('scroll', follow, true);
    };
  }, [open]);

  // The list takes the focus when it opens (its search field, when it has one).
  useLayoutEffect(() => {
    if (open && place && !searchable) listbox.current?.focus();
  }, [open, place !== null, searchable]); // once placed

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      const target = event.target;
      if (target instanceof Node && (root.current?.contains(target) || list.current?.contains(target))) return;
      close();
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  });

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!open && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      openList();
    } else if (open && event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const inSearch = event.target instanceof HTMLInputElement;
    // Home and End move the search field's caret once something is typed there.
    const caretKey = inSearch && query !== '' && (event.key === 'Home' || event.key === 'End');
    const next = movedIndex(event.key, active, shown.length);
    if (next !== undefined && !caretKey) {
      event.preventDefault();
      setActive(next);
      return;
    }
    const entry = shown[active];
    if (event.key === 'Enter' || (event.key === ' ' && !inSearch)) {
      event.preventDefault();
      if (entry) choose(entry.value);
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      event.stopPropagation();
      close({ refocus: true });
    }
  };

  const labels = selected.map((value) => entries.find((entry) => entry.value === value)?.label ?? value);
  const activeId = open && shown[active] ? optionId(active) : undefined;
  return (
    <div className={`select-menu${open ? ' select-menu--open' : ''}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="select-menu__button"
        data-testid={`component-${customId}`}
        data-component-type={component.type}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        // While its interaction is on its way the menu waits, keeping the focus (a disabled button would drop it).
        aria-disabled={busy || undefined}
        disabled={component.disabled || customId === ''}
        onClick={() => (open ? close() : !busy && openList())}
        onKeyDown={(event) => !busy && onButtonKey(event)}
      >
        {labels.length > 0
          ? <span className="select-menu__chosen" data-testid="select-chosen">{labels.join(', ')}</span>
          : <span className="select-menu__placeholder">{component.placeholder ?? 'Make a selection'}</span>}
        <span className="select-menu__caret" aria-hidden="true">▾</span>
      </button>
      {open && place && (
        <div className="select-menu__list" ref={list} style={{ ...place, maxHeight: LIST_HEIGHT }} onKeyDown={onListKey} data-testid={`select-list-${customId}`}>
          {searchable && (
            <input
              className="select-menu__search"
              data-testid="select-search"
              placeholder="Search"
              aria-label="Search"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-activedescendant={activeId}
              value={query}
              autoFocus
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
            />
          )}
          {bounds.max > 1 && (
            <div className={problem ? 'select-menu__note select-menu__note--problem' : 'select-menu__note'} role="status" data-testid="select-note">
              {problem ?? `${selected.length} of at most ${bounds.max} chosen — close the list to send`}
            </div>
          )}
          {shown.length === 0 && <div className="select-menu__note">Nothing to choose here</div>}
          <div
            ref={listbox}
            id={`${id}-list`}
            role="listbox"
            tabIndex={searchable ? undefined : -1}
            aria-label={component.placeholder ?? 'Make a selection'}
            aria-multiselectable={bounds.max > 1}
            aria-activedescendant={searchable ? undefined : activeId}
            className="select-menu__options"
          >
            {shown.map((entry, index) => {
              const chosen = selected.includes(entry.value);
              const classes = ['select-menu__option', chosen && 'select-menu__option--chosen', index === active && 'select-menu__option--active'];
              return (
                <div
                  key={`${entry.kind}-${entry.value}`}
                  id={optionId(index)}
                  role="option"
                  aria-selected={chosen}
                  className={classes.filter(Boolean).join(' ')}
                  data-testid={`select-option-${entry.value}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(entry.value)}
                >
                  {bounds.max > 1 && <span className="select-menu__check" aria-hidden="true">{chosen ? '☑' : '☐'}</span>}
                  <EntryMark entry={entry} />
                  <span className="select-menu__label" style={entry.color ? { color: entry.color } : undefined}>{entry.label}</span>
                  {entry.description && <span className="select-menu__description">{entry.description}</span>}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
