/**
 * The picker's entries, grouped by app, windowed: with a thousand commands, putting every
 * row in the DOM costs a keystroke a hundred milliseconds of style and layout, so only the
 * rows in view (and a screenful more on each side) are rendered, and spacers of the right
 * height stand in for the rest, keeping the scrollbar and every row's place those of the
 * whole list. Rows have fixed heights for that arithmetic. The highlighted entry, which the
 * keyboard moves, is scrolled into view. The rows are the listbox the composer's field
 * controls; the highlighted one is its active descendant.
 */
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { Avatar } from '../../app/Avatar.js';
import type { PickerEntry, PickerGroup } from './picker-entries.js';

/** The listbox's id, which the composer's field names in `aria-controls`. */
export const PICKER_LIST_ID = 'command-picker-list';

/** An entry's element id, for `aria-activedescendant`. */
export function pickerEntryId(entry: PickerEntry): string {
  return `picker-entry-${entry.key.replaceAll(' ', '-')}`;
}

/** A row's height in px, set on the rows themselves so the window's arithmetic and the layout agree. */
export const ENTRY_HEIGHT = 38;
/** An app's header row. */
export const HEADER_HEIGHT = 36;
/** Rendered beyond what is in view, above and below (px): a screenful. */
const OVERSCAN = 360;
/** The view's height until the picker is measured: its max-height (commands.css). */
const INITIAL_VIEW_HEIGHT = 360;

interface View {
  /** The scroll position, in the rows' own coordinates. */
  top: number;
  height: number;
}

/**
 * Where entry `position` (in keyboard order) starts, in the rows' own coordinates, and where
 * the view must start to show it with its app's header when it is its app's first entry.
 */
export function entryPlace(groups: readonly PickerGroup[], position: number): { top: number; revealFrom: number } {
  let top = 0;
  let before = 0;
  for (const group of groups) {
    if (position < before + group.entries.length) {
      const entryTop = top + HEADER_HEIGHT + (position - before) * ENTRY_HEIGHT;
      return { top: entryTop, revealFrom: position === before ? top : entryTop };
    }
    top += HEADER_HEIGHT + group.entries.length * ENTRY_HEIGHT;
    before += group.entries.length;
  }
  return { top, revealFrom: top };
}

/** The first and last-plus-one entries of a group whose rows meet [from, to), the group starting at `groupTop`. */
export function visibleSlice(groupTop: number, count: number, from: number, to: number): [number, number] {
  const entriesTop = groupTop + HEADER_HEIGHT;
  const first = Math.min(count, Math.max(0, Math.floor((from - entriesTop) / ENTRY_HEIGHT)));
  const last = Math.min(count, Math.max(first, Math.ceil((to - entriesTop) / ENTRY_HEIGHT)));
  return [first, last];
}

export function PickerRows({ groups, highlighted, onChoose }: {
  groups: PickerGroup[];
  highlighted: number;
  onChoose: (entry: PickerEntry) => void;
}) {
  const rows = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ top: 0, height: INITIAL_VIEW_HEIGHT });

  // The picker popover around the rows is what scrolls; the view follows it. `offset` is
  // where the rows start in it (below its padding), kept so that a keystroke that scrolls
  // nothing reads no layout.
  const offset = useRef(0);
  const measure = () => {
    const list = rows.current;
    const scroller = list?.parentElement;
    if (!list || !scroller) return;
    offset.current = list.offsetTop;
    const top = scroller.scrollTop - offset.current;
    setView((old) => (old.top === top && old.height === scroller.clientHeight ? old : { top, height: scroller.clientHeight }));
  };

  useLayoutEffect(() => {
    const scroller = rows.current?.parentElement;
    if (!scroller) return undefined;
    measure();
    scroller.addEventListener('scroll', measure, { passive: true });
    return () => scroller.removeEventListener('scroll', measure);
  }, []);

  // The highlighted entry into view, before the frame is painted (a layout effect's update renders at once).
  useLayoutEffect(() => {
    const scroller = rows.current?.parentElement;
    if (!scroller || groups.length === 0) return;
    const place = entryPlace(groups, highlighted);
    if (place.revealFrom < view.top) scroller.scrollTop = offset.current + place.revealFrom;
    else if (place.top + ENTRY_HEIGHT > view.top + view.height) scroller.scrollTop = offset.current + place.top + ENTRY_HEIGHT - view.height;
    else return;
    measure();
  }, [groups, highlighted]);

  const from = view.top - OVERSCAN;
  const to = view.top + view.height + OVERSCAN;
  let groupTop = 0;
  let position = 0;
  return (
    <div ref={rows} className="picker__rows" role="listbox" id={PICKER_LIST_ID} aria-label="Commands">
      {groups.map((group) => {
        const count = group.entries.length;
        const top = groupTop;
        const start = position;
        groupTop += HEADER_HEIGHT + count * ENTRY_HEIGHT;
        position += count;
        if (groupTop <= from || top >= to) {
          return <div key={group.application.id} aria-hidden="true" style={{ height: HEADER_HEIGHT + count * ENTRY_HEIGHT }} />;
        }
        const [first, last] = visibleSlice(top, count, from, to);
        return (
          <div
            key={group.application.id} className="picker__group" role="group" aria-labelledby={`picker-app-${group.application.id}`}
            data-testid={`picker-app-${group.application.id}`}
          >
            <div className="picker__app" id={`picker-app-${group.application.id}`} aria-hidden="true" style={{ height: HEADER_HEIGHT }}>
              <Avatar id={group.application.id} name={group.application.name} size="small" />
              {group.application.name}
            </div>
            {first > 0 && <div aria-hidden="true" style={{ height: first * ENTRY_HEIGHT }} />}
            {group.entries.slice(first, last).map((entry, offset) => (
              <PickerRow
                key={entry.key}
                entry={entry}
                appName={group.application.name}
                selected={start + first + offset === highlighted}
                onChoose={onChoose}
              />
            ))}
            {last < count && <div aria-hidden="true" style={{ height: (count - last) * ENTRY_HEIGHT }} />}
          </div>
        );
      })}
    </div>
  );
}

/** One entry; unchanged entries are not rendered again as the list around them changes. */
const PickerRow = memo(function PickerRow({ entry, appName, selected, onChoose }: {
  entry: PickerEntry;
  appName: string;
  selected: boolean;
  onChoose: (entry: PickerEntry) => void;
}) {
  return (
    <div
      id={pickerEntryId(entry)}
      role="option"
      aria-selected={selected}
      className={selected ? 'picker__entry picker__entry--selected' : 'picker__entry'}
      style={{ height: ENTRY_HEIGHT }}
      data-testid="picker-entry"
      data-command={entry.label}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => onChoose(entry)}
    >
      <span className="picker__label">{entry.label}</span>
      <span className="picker__description">{entry.description}</span>
      <span className="picker__app-name">{appName}</span>
    </div>
  );
});
