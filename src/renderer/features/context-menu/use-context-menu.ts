/**
 * What opens the client's context menu on whatever shows a person or a message: a right
 * click there instead of the browser's menu (an inner target, an author inside a message,
 * keeps its outer one from also opening), and from the keyboard the ContextMenu key or
 * Shift+F10 on the focused item, the menu then opening beside it.
 */
import type { KeyboardEvent, MouseEvent } from 'react';
import { isMenuKey } from '../../app/list-keys.js';
import { useActions } from '../../app/store-context.js';
import type { ContextTarget } from './context-commands.js';

/** Where a menu opened from the keyboard goes: just inside the item's top left corner. */
function besides(element: Element): { x: number; y: number } {
  const rect = element.getBoundingClientRect();
  return { x: rect.left + Math.min(48, rect.width / 2), y: Math.min(rect.bottom, rect.top + 24) };
}

export function useContextMenu(target: ContextTarget): (event: MouseEvent) => void {
  const { openContextMenu } = useActions();
  return (event) => {
    event.preventDefault();
    event.stopPropagation();
    // A contextmenu event the keyboard made carries no pointer position.
    const place = event.clientX === 0 && event.clientY === 0 ? besides(event.currentTarget) : { x: event.clientX, y: event.clientY };
    openContextMenu(target, place.x, place.y);
  };
}

/**
 * The keyboard's way to the same menu, for a focusable item: the ContextMenu key and
 * Shift+F10 (and Enter too when `enter`, for items with nothing else to do, as members).
 */
export function useMenuKey(target: ContextTarget, { enter = false } = {}): (event: KeyboardEvent) => void {
  const { openContextMenu } = useActions();
  return (event) => {
    if (event.target !== event.currentTarget) return;
    if (!isMenuKey(event) && !(enter && (event.key === 'Enter' || event.key === ' '))) return;
    event.preventDefault();
    event.stopPropagation();
    const place = besides(event.currentTarget);
    openContextMenu(target, place.x, place.y);
  };
}
