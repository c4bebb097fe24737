/**
 * Where a key moves the highlight of a list the keyboard walks (menus, select lists, the
 * `/` picker, autocomplete, the App Launcher, roving message and member lists): one rule,
 * so every list answers ArrowUp/ArrowDown, Home/End and PageUp/PageDown alike.
 */

/** How many rows PageUp and PageDown skip. */
export const PAGE_STEP = 5;

/** How a list moves at its ends. */
export interface MoveOptions {
  /** Past the last row comes the first again (menus, the picker); lists of items stop at the ends. */
  wrap?: boolean;
}

/**
 * The index `key` moves `index` to in a list of `count` rows, or undefined when the key is
 * not a movement key (or the list is empty). `index` -1 means nothing is highlighted yet:
 * ArrowDown goes to the first row, ArrowUp to the last.
 */
export function movedIndex(key: string, index: number, count: number, options: MoveOptions = {}): number | undefined {
  if (count === 0) return undefined;
  const last = count - 1;
  const step = (delta: number): number => {
    if (index < 0) return delta > 0 ? 0 : last;
    const next = index + delta;
    if (options.wrap) return ((next % count) + count) % count;
    return Math.min(last, Math.max(0, next));
  };
  switch (key) {
    case 'ArrowDown':
      return step(1);
    case 'ArrowUp':
      return step(-1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return index < 0 ? 0 : Math.min(last, index + PAGE_STEP);
    case 'PageUp':
      return index < 0 ? last : Math.max(0, index - PAGE_STEP);
    default:
      return undefined;
  }
}

/** Whether a key press asks for a context menu: the ContextMenu key, or Shift+F10. */
export function isMenuKey(event: { key: string; shiftKey: boolean }): boolean {
  return event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
}
