/**
 * The right-click handler for whatever shows a person or a message: it opens the client's
 * context menu there instead of the browser's, and keeps an inner target (an author inside
 * a message) from also opening its outer one.
 */
import type { MouseEvent } from 'react';
import { useActions } from '../../app/store-context.js';
import type { ContextTarget } from './context-commands.js';

export function useContextMenu(target: ContextTarget): (event: MouseEvent) => void {
  const { openContextMenu } = useActions();
  return (event) => {
    event.preventDefault();
    event.stopPropagation();
    openContextMenu(target, event.clientX, event.clientY);
  };
}
