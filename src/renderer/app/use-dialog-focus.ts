/**
 * A dialog's hold on the focus, as the ARIA dialog pattern asks: when it opens the focus
 * moves in (unless an autofocused field already took it), Tab and Shift+Tab go round its
 * controls and never leave it, and when it closes the focus goes back to what opened it.
 * Dialogs inside dialogs (the consent screen in the Authorize panel) each keep their own.
 */
import { useEffect, type RefObject } from 'react';
import { giveFocusBack, tabbables } from './focus-history.js';

const TRAP = 'data-focus-trap';

/** Keeps Tab inside `container`: from its last control to its first, and back. */
function trapTab(container: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  // A dialog inside this one keeps its own focus.
  if (event.target instanceof Element && event.target.closest(`[${TRAP}]`) !== container) return;
  const controls = tabbables(container);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) {
    event.preventDefault();
    container.focus();
    return;
  }
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && container.contains(active) && active !== container;
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/** Holds the focus in `container` while `open`; gives it back on close. */
export function useDialogFocus(container: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const element = container.current;
    if (!open || element === null) return undefined;
    element.setAttribute(TRAP, '');
    if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
    if (!element.contains(document.activeElement)) {
      const first = element.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ?? tabbables(element)[0] ?? element;
      first.focus();
    }
    const onKey = (event: KeyboardEvent) => trapTab(element, event);
    element.addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('keydown', onKey);
      element.removeAttribute(TRAP);
      giveFocusBack(element);
    };
  }, [container, open]);
}
