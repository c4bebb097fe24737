/**
 * Where the focus has been, so whatever takes it for a while (a dialog, a menu, a select's
 * list) gives it back to what had it before, even when that element took its focus before
 * the dialog's own code ran (an autofocused field moves the focus as the dialog mounts).
 * When that element is gone (the options bar that sent a command), the focus goes to the
 * one before it that is still on the page, and at worst to the composer. The composer's
 * field is one control drawn anew each time a command is chosen and sent, so an older copy
 * of it stands for the one on the page now: a modal that came before the send was answered
 * (the page inert meanwhile, the new field's autofocus refused) still gives the focus back
 * to the composer, not to whatever had it before.
 */

const KEPT = 30;
/** The attribute of the composer's field (focusHome). */
const HOME = 'data-focus-home';
const history: HTMLElement[] = [];
let listening = false;

function remember(event: FocusEvent): void {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  const known = history.indexOf(target);
  if (known >= 0) history.splice(known, 1);
  history.push(target);
  if (history.length > KEPT) history.shift();
}

/** Starts keeping the history (once per page). */
export function keepFocusHistory(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('focusin', remember, true);
}

/** What can take the focus from the keyboard inside `container`, in tab order of the page. */
export function tabbables(container: HTMLElement): HTMLElement[] {
  const candidates = container.querySelectorAll<HTMLElement>(
    'a[href], button, input, select, textarea, iframe, summary, [tabindex], [contenteditable="true"]',
  );
  return [...candidates].filter((element) => {
    // `:disabled` also matches the controls of a disabled fieldset (a form still loading),
    // which the browser skips though their own `disabled` is false.
    if (element.tabIndex < 0 || element.matches(':disabled')) return false;
    if (element instanceof HTMLInputElement && (element.type === 'hidden' || !radioStop(element))) return false;
    if (element.closest('[inert]')) return false;
    // Hidden elements have no boxes; a visually hidden file input still has one.
    return element.getClientRects().length > 0;
  });
}

/**
 * Whether Tab stops on `input`: a group of radio buttons (one name, one form) is one stop,
 * at its checked button, or at its first when none is checked.
 */
function radioStop(input: HTMLInputElement): boolean {
  if (input.type !== 'radio' || input.name === '') return true;
  const group = [...document.querySelectorAll<HTMLInputElement>('input[type="radio"]')]
    .filter((other) => other.name === input.name && other.form === input.form && !other.matches(':disabled'));
  return input === (group.find((other) => other.checked) ?? group[0]);
}

/**
 * The element of the history to give the focus back to: itself while on the page; for a
 * copy of the composer's field that was drawn anew, the field on the page now.
 */
function stillThere(element: HTMLElement): HTMLElement | null {
  if (element.isConnected) return element;
  return element.hasAttribute(HOME) ? document.querySelector<HTMLElement>(`[${HOME}]`) : null;
}

/**
 * Gives the focus back after `container` (a dialog, a menu) closed, if the focus was in it
 * or fell to the page's body: to the element that had it most recently outside `container`
 * and can take it still (on the page, not disabled, not behind another dialog), else to the
 * composer.
 */
export function giveFocusBack(container: Element | null): void {
  const active = document.activeElement;
  const lost = active === null || active === document.body || (container !== null && container.contains(active)) || !active.isConnected;
  if (!lost) return;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const element = stillThere(history[index] as HTMLElement);
    if (element === null || container?.contains(element) || element === document.body) continue;
    element.focus();
    if (document.activeElement === element) return;
  }
  focusHome();
}

/** The composer's field: where the focus goes when nothing better is left. */
export function focusHome(): void {
  document.querySelector<HTMLElement>(`[${HOME}]`)?.focus();
}
