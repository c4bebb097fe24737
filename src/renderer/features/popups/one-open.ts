/**
 * One dropdown or menu open at a time: the context menu, the App Launcher, the `/` picker,
 * the autocomplete list and a component's dropdown (a select menu, the guild menu). When
 * one opens, every other closes, whichever opened it (a click, a key, the app).
 */
import type { StoreApi } from 'zustand/vanilla';
import type { AppState } from '../../store/app-state.js';
import { pickerQuery } from '../commands/picker-entries.js';

/** The kinds of dropdown and menu the client has. */
export type PopupKind = 'context-menu' | 'launcher' | 'picker' | 'autocomplete' | 'dropdown';

/** What is open now (cheap: this runs on every change of the store). */
export function openPopups(state: AppState): PopupKind[] {
  const open: PopupKind[] = [];
  if (state.contextMenu !== null) open.push('context-menu');
  if (state.launcherOpen) open.push('launcher');
  if (pickerQuery(state.draft) !== undefined && state.chosen === null && !state.pickerDismissed) open.push('picker');
  if (state.autocomplete !== null) open.push('autocomplete');
  if (state.openDropdown !== null) open.push('dropdown');
  return open;
}

function close(state: AppState, kind: PopupKind): void {
  switch (kind) {
    case 'context-menu':
      return state.closeContextMenu();
    case 'launcher':
      return state.toggleLauncher(false);
    case 'picker':
      return state.dismissPicker();
    case 'autocomplete':
      return state.closeAutocomplete();
    case 'dropdown':
      return state.setOpenDropdown(null);
  }
}

/** Which of what is open now must close: all but the one just opened (none when nothing opened). */
export function popupsToClose(before: readonly PopupKind[], after: readonly PopupKind[], dropdownChanged: boolean): PopupKind[] {
  const opened = after.find((kind) => !before.includes(kind) || (kind === 'dropdown' && dropdownChanged));
  return opened === undefined ? [] : after.filter((kind) => kind !== opened);
}

/** Keeps the rule for a store; answers the unsubscribe. */
export function keepOnePopupOpen(store: StoreApi<AppState>): () => void {
  return store.subscribe((state, previous) => {
    const dropdownChanged = state.openDropdown !== null && state.openDropdown !== previous.openDropdown;
    for (const kind of popupsToClose(openPopups(previous), openPopups(state), dropdownChanged)) close(store.getState(), kind);
  });
}
