/**
 * Reads of the composer's state shared by its slice, the autocomplete slice and the
 * components: the picker's entries for the current draft, the chosen command as the index
 * has it now, which of its options are chips and which wait in the optional list, and the
 * `POST /interactions` body around a `data`.
 */
import type { IndexedCommand, IndexedOption, InvokeBody } from '../../api/wire-types.js';
import type { AppState } from '../../store/app-state.js';
import { selectGuild } from '../../store/selectors.js';
import { indexedLeafOptions } from '../commands/command-definition.js';
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

/** The chosen command's options at its path, as the index has them now ([] when it is gone). */
export function chosenOptions(state: Pick<AppState, 'chosen' | 'commandIndex'>): IndexedOption[] {
  const command = chosenCommand(state);
  return command && state.chosen ? indexedLeafOptions(command, state.chosen.path) : [];
}

/**
 * The options as the real client lays them out: the required ones are chips at once, the
 * optional ones the person added follow as chips in the order added, and the other
 * optional ones wait in the optional list, in definition order.
 */
export function splitOptions(options: readonly IndexedOption[], added: readonly string[]): { chips: IndexedOption[]; optional: IndexedOption[] } {
  const optional = options.filter((option) => option.required !== true);
  const chosen = added.flatMap((name) => optional.filter((option) => option.name === name));
  return {
    chips: [...options.filter((option) => option.required === true), ...chosen],
    optional: optional.filter((option) => !added.includes(option.name)),
  };
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
