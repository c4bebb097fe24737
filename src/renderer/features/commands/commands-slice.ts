/**
 * The command index of the open channel: every command of every app the person may use
 * there, localized for them. Reloaded when the channel or the person changes, when the
 * registry announces a change of commands or permissions, and after a refusal for a stale
 * command version (read-repair), which the picker then mentions.
 */
import type { CommandIndex } from '../../api/wire-types.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';

export type IndexState = 'idle' | 'loading' | 'loaded' | 'failed';

/** What the picker says after read-repair. */
export const STALE_NOTICE = 'Commands were updated; try again.';

export interface CommandsSlice {
  commandIndex: (CommandIndex & { channelId: string }) | null;
  indexStatus: IndexState;
  indexError: string | null;
  /** A note shown above the picker and the options form, e.g. STALE_NOTICE. */
  indexNotice: string | null;
  /** Loads the index of the open channel; `notice` is shown once it is loaded. */
  loadIndex(notice?: string): Promise<void>;
  clearIndexNotice(): void;
  resetIndex(): void;
}

declare module '../../store/app-state.js' {
  interface AppState extends CommandsSlice {}
}

export function createCommandsSlice(deps: ClientDeps): Slice<CommandsSlice> {
  return (set, get) => {
    // Only the latest load may write: loads for another channel, person or change race.
    let latest = 0;
    return {
      commandIndex: null,
      indexStatus: 'idle',
      indexError: null,
      indexNotice: null,

      async loadIndex(notice) {
        const { token, channelId } = get();
        if (token === null || channelId === null) return;
        const request = ++latest;
        set({ indexStatus: 'loading', indexError: null });
        const answer = await deps.rest.commandIndex({ token, locale: get().locale }, channelId);
        if (request !== latest) return;
        if (!answer.ok) {
          set({ indexStatus: 'failed', indexError: answer.error.message });
          return;
        }
        set({ commandIndex: { ...answer.body, channelId }, indexStatus: 'loaded', indexNotice: notice ?? get().indexNotice });
      },

      clearIndexNotice() {
        if (get().indexNotice !== null) set({ indexNotice: null });
      },

      resetIndex() {
        latest += 1;
        set({ commandIndex: null, indexStatus: 'idle', indexError: null, indexNotice: null });
      },
    };
  };
}
