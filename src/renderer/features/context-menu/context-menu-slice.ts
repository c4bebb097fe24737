/**
 * The context menu of a person or a message: where it opened and on what, and choosing an
 * app's command from its "Apps" submenu, which invokes the command at once with the target
 * (`data.target_id`), through the same path as slash commands, so the inspector records it
 * and a failure shows in the chat.
 */
import type { IndexedCommand } from '../../api/wire-types.js';
import type { Slice } from '../../store/app-state.js';
import type { ClientDeps } from '../../store/deps.js';
import { STALE_NOTICE } from '../commands/commands-slice.js';
import { invokeBody } from '../composer/composer-state.js';
import { sendInteraction } from '../interactions/send-interaction.js';
import type { ContextTarget } from './context-commands.js';

export interface OpenContextMenu {
  target: ContextTarget;
  /** Where the pointer was, in viewport pixels. */
  x: number;
  y: number;
}

export interface ContextMenuSlice {
  contextMenu: OpenContextMenu | null;
  openContextMenu(target: ContextTarget, x: number, y: number): void;
  closeContextMenu(): void;
  /** Closes the menu and invokes `command` on the menu's target. */
  invokeContextCommand(command: IndexedCommand): Promise<void>;
}

declare module '../../store/app-state.js' {
  interface AppState extends ContextMenuSlice {}
}

export function createContextMenuSlice(deps: ClientDeps): Slice<ContextMenuSlice> {
  return (set, get) => ({
    contextMenu: null,

    openContextMenu(target, x, y) {
      set({ contextMenu: { target, x, y } });
    },

    closeContextMenu() {
      if (get().contextMenu !== null) set({ contextMenu: null });
    },

    async invokeContextCommand(command) {
      const menu = get().contextMenu;
      set({ contextMenu: null });
      if (menu === null) return;
      const data = { id: command.id, name: command.name, type: command.type, version: command.version, target_id: menu.target.id };
      const body = invokeBody(get(), 2, command, data, deps.nonce());
      if (!body) return;
      const answer = await sendInteraction(get, deps, body, { kind: 'command', label: command.name_localized ?? command.name });
      // A stale version: reload the index (read-repair), as the composer does.
      const dataErrors = answer && !answer.ok ? answer.error.errors?.data : undefined;
      if (answer?.status === 400 && dataErrors && !Array.isArray(dataErrors) && dataErrors.version) await get().loadIndex(STALE_NOTICE);
    },
  });
}
