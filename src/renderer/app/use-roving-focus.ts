/**
 * Roving focus over a list's items (the messages, the members), as the real client does:
 * the list is one tab stop, the item last focused (at first the newest message, or the
 * first member); ArrowUp/ArrowDown, Home/End and PageUp/PageDown move between items.
 * Controls inside an item (buttons, links, selects) keep their own keys and stay reachable
 * with Tab. Items render with `tabIndex={-1}`; the hook gives one of them 0.
 */
import { useCallback, useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';
import { movedIndex } from './list-keys.js';

/** Which items rove, and which is the tab stop at first. */
export interface RovingOptions {
  /** Selects the items inside the list, in order. */
  itemSelector: string;
  /** Which item is the tab stop until the person picks one: the newest message is the last. */
  start: 'first' | 'last';
}

/** What the list element spreads on itself. */
export interface RovingHandlers {
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onFocus(event: FocusEvent<HTMLElement>): void;
}

/** Gives `item` the list's one tab stop. */
function makeStop(items: readonly HTMLElement[], item: HTMLElement | undefined): void {
  for (const candidate of items) {
    const wanted = candidate === item ? 0 : -1;
    if (candidate.tabIndex !== wanted) candidate.tabIndex = wanted;
  }
}

/** Roving focus over the items of `list` (see the header). */
export function useRovingFocus(list: RefObject<HTMLElement | null>, options: RovingOptions): RovingHandlers {
  const { itemSelector, start } = options;
  /** Whether the person has chosen an item: until then the stop follows the newest. */
  const chosen = useRef(false);
  const items = useCallback(() => [...(list.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])], [list, itemSelector]);

  // After every render: exactly one item is the tab stop, even when items come and go.
  useLayoutEffect(() => {
    const all = items();
    const current = all.find((item) => item.tabIndex === 0);
    if (current && chosen.current) return;
    makeStop(all, start === 'first' ? all[0] : all[all.length - 1]);
  });

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const all = items();
    const item = all.find((candidate) => candidate.contains(event.target));
    if (!item) return;
    chosen.current = true;
    makeStop(all, item);
  }, [items]);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = items();
    const index = all.indexOf(event.target as HTMLElement);
    // Keys pressed in a control inside an item are the control's.
    if (index < 0) return;
    const next = movedIndex(event.key, index, all.length);
    const item = next === undefined ? undefined : all[next];
    if (!item) return;
    event.preventDefault();
    chosen.current = true;
    makeStop(all, item);
    item.focus();
    item.scrollIntoView({ block: 'nearest' });
  }, [items]);

  return { onKeyDown, onFocus };
}
