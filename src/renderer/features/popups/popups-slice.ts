/**
 * Which dropdown a component keeps for itself is open (a message's select menu, the guild
 * header's menu), by key: held in the store so that opening any dropdown or menu closes
 * every other one (one-open.ts), as the real client never shows two at once.
 */
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';

export interface PopupsSlice {
  openDropdown: string | null;
  /** Opens the dropdown `key` (closing any other), or closes it (null). */
  setOpenDropdown(key: string | null): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends PopupsSlice {}
}

/** The slice; a dropdown's key is its owner's to choose (a select's is its message and custom id). */
export function createPopupsSlice(_deps: ClientDeps): Slice<PopupsSlice> {
  return (set, get) => ({
    openDropdown: null,

    setOpenDropdown(key) {
      if (get().openDropdown !== key) set({ openDropdown: key });
    },
  });
}
