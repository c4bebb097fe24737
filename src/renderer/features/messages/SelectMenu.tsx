/**
 * One select menu of an app's message, as the real client shows it: the placeholder or the
 * chosen values on the menu, a list to choose from (searchable for people, roles and
 * channels). A single select sends as soon as a value is chosen; a multi-select when the
 * list closes with a changed choice that fits `min_values`..`max_values` (a choice that
 * does not fit is dropped and says why while the list is open).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Avatar } from '../../app/Avatar.js';
import { filterEntries, initialSelection, selectBounds, selectionChanged, selectionProblem, toggleValue, type SelectComponent, type SelectEntry } from './select-options.js';

/** The list's height at most, in pixels: it opens below the menu when that fits, else above. */
const LIST_HEIGHT = 280;

interface Props {
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

export function SelectMenu({ component, entries, busy, onSubmit }: Props) {
  const bounds = selectBounds(component);
  const initial = useMemo(() => initialSelection(component), [component]);
  const [sent, setSent] = useState<string[]>(initial);
  const [selected, setSelected] = useState<string[]>(initial);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [place, setPlace] = useState<ReturnType<typeof listPlace> | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const customId = component.custom_id ?? '';
  const searchable = entries.some((entry) => entry.kind !== 'option');
  const shown = filterEntries(entries, query);
  const problem = selectionProblem(selected, bounds);

  // The app edited its message: the menu starts again from what the message says.
  useEffect(() => {
    setSent(initial);
    setSelected(initial);
  }, [initial]);

  const close = (choice: string[] = selected) => {
    setOpen(false);
    setQuery('');
    if (selectionProblem(choice, bounds) !== null || !selectionChanged(sent, choice)) {
      setSelected(sent);
      return;
    }
    setSent(choice);
    onSubmit(choice);
  };

  const choose = (value: string) => {
    const next = toggleValue(selected, value, bounds.max);
    setSelected(next);
    if (bounds.max === 1) close(next);
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

  const labels = selected.map((value) => entries.find((entry) => entry.value === value)?.label ?? value);
  return (
    <div className={`select-menu${open ? ' select-menu--open' : ''}`} ref={root}>
      <button
        type="button"
        className="select-menu__button"
        data-testid={`component-${customId}`}
        data-component-type={component.type}
        aria-haspopup="listbox"
        aria-expanded={open}
        disabled={component.disabled || busy || customId === ''}
        onClick={() => (open ? close() : setOpen(true))}
        onKeyDown={(event) => { if (event.key === 'Escape' && open) close(); }}
      >
        {labels.length > 0
          ? <span className="select-menu__chosen" data-testid="select-chosen">{labels.join(', ')}</span>
          : <span className="select-menu__placeholder">{component.placeholder ?? 'Make a selection'}</span>}
        <span className="select-menu__caret" aria-hidden="true">▾</span>
      </button>
      {open && place && (
        <div
          ref={list}
          className="select-menu__list"
          role="listbox"
          aria-multiselectable={bounds.max > 1}
          data-testid={`select-list-${customId}`}
          style={{ ...place, maxHeight: LIST_HEIGHT }}
          onKeyDown={(event) => { if (event.key === 'Escape') close(); }}
        >
          {searchable && (
            <input
              className="select-menu__search"
              data-testid="select-search"
              placeholder="Search"
              value={query}
              autoFocus
              onChange={(event) => setQuery(event.target.value)}
            />
          )}
          {bounds.max > 1 && (
            <div className={problem ? 'select-menu__note select-menu__note--problem' : 'select-menu__note'} data-testid="select-note">
              {problem ?? `${selected.length} of at most ${bounds.max} chosen — close the list to send`}
            </div>
          )}
          {shown.length === 0 && <div className="select-menu__note">Nothing to choose here</div>}
          {shown.map((entry) => {
            const chosen = selected.includes(entry.value);
            return (
              <div
                key={`${entry.kind}-${entry.value}`}
                role="option"
                aria-selected={chosen}
                className={chosen ? 'select-menu__option select-menu__option--chosen' : 'select-menu__option'}
                data-testid={`select-option-${entry.value}`}
                onMouseDown={(event) => event.preventDefault()}
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
      )}
    </div>
  );
}
