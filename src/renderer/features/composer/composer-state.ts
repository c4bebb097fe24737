/**
 * Reads of the composer's state shared by its slice, the autocomplete slice and the
 * components: the picker's entries for the current draft, the chosen command as the index
 * has it now, and the `POST /interactions` body around a `data`.
 */
import type { IndexedCommand, InvokeBody } from '../../api/wire-types.js';
import type { AppState } from '../../store/app-state.js';
import { selectGuild } from '../../store/selectors.js';
import { filterPicker, flattenGroups, pickerQuery, type PickerEntry, type PickerGroup } from '../commands/picker-entries.js';

/** The picker's groups for the draft, or undefined when the picker is closed. */
export function pickerGroups(state: Pick<AppState, 'draft' | 'chosen' | 'pickerDismissed' | 'commandIndex'>): PickerGroup[] | undefined {
  const query = pickerQuery(state.draft);
  if (query === undefined || state.chosen !== null || state.pickerDismissed) return undefined;
  return state.commandIndex === null ? [] : filterPicker(state.commandIndex, query);
}

/** The entries in the order the keyboard walks them ([] when the picker is closed). */
export function pickerEntries(state: Pick<AppState, 'draft' | 'chosen' | 'pickerDismissed' | 'commandIndex'>): PickerEntry[] {
  return flattenGroups(pickerGroups(state) ?? []);
}

/** The chosen command as the index has it now (its version may have changed since it was chosen). */
export function chosenCommand(state: Pick<AppState, 'chosen' | 'commandIndex'>): IndexedCommand | undefined {
  const chosen = state.chosen;
  if (chosen === null) return undefined;
  return state.commandIndex?.application_commands.find((command) => command.id === chosen.commandId);
}

/** The invocation body for `data` at the open channel. */
export function invokeBody(state: AppState, type: 2 | 4, command: IndexedCommand, data: Record<string, unknown>, nonce: string): InvokeBody | undefined {
  if (state.channelId === null) return undefined;
  const guild = selectGuild(state);
  return {
    type, application_id: command.application_id, channel_id: state.channelId, nonce, data,
    ...(guild ? { guild_id: guild.id } : {}),
  };
}
