/**
 * What the command picker lists: one entry per invocable path of every chat input command
 * in the index (`/cmd`, `/cmd sub`, `/cmd group sub`), named in the user's locale, grouped
 * by app, and filtered by what was typed after the slash.
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import { formatCommandPath, invocablePaths } from '../../../shared/invocation/index.js';
import type { CommandIndex, IndexedApplication, IndexedCommand } from '../../api/wire-types.js';
import { commandDefinition, indexedBranch } from './command-definition.js';

export interface PickerEntry {
  /** Unique in the index: the command id and the path. */
  key: string;
  command: IndexedCommand;
  /** Default names, as the invocation sends them. */
  path: string[];
  /** Localized, as the user reads it: `/admin utilisateur bannir`. */
  label: string;
  description: string;
}

export interface PickerGroup {
  application: IndexedApplication;
  entries: PickerEntry[];
}

/** Every entry of one command, in definition order. */
export function commandEntries(command: IndexedCommand): PickerEntry[] {
  const definition = commandDefinition(command);
  return invocablePaths(definition).map((path) => {
    const branch = indexedBranch(command, path);
    const localizedPath = branch.map((option) => option.name_localized ?? option.name);
    const leaf = branch[branch.length - 1];
    const label = formatCommandPath({ type: definition.type, name: command.name_localized ?? command.name }, localizedPath);
    const description = leaf ? (leaf.description_localized ?? leaf.description) : (command.description_localized ?? command.description);
    return { key: [command.id, ...path].join(' '), command, path, label, description };
  });
}

/**
 * How well an entry matches the query: 0 its name starts with it, 1 a word of it does,
 * 2 it contains it, undefined no match. Case-insensitive, on the localized label.
 */
export function matchRank(label: string, query: string): number | undefined {
  const name = label.replace(/^\//, '').toLowerCase();
  const wanted = query.trim().toLowerCase();
  if (wanted === '' || name.startsWith(wanted)) return 0;
  if (name.split(' ').some((word) => word.startsWith(wanted))) return 1;
  return name.includes(wanted) ? 2 : undefined;
}

/**
 * The picker's groups for `query` (the text after `/`): apps in the index's order, each
 * with its matching chat input entries, best matches first, then by label. Apps with no
 * match are left out.
 */
export function filterPicker(index: CommandIndex, query: string): PickerGroup[] {
  const groups: PickerGroup[] = [];
  for (const application of index.applications) {
    const ranked = index.application_commands
      .filter((command) => command.application_id === application.id && command.type === ApplicationCommandType.ChatInput)
      .flatMap(commandEntries)
      .map((entry) => ({ entry, rank: matchRank(entry.label, query) }))
      .filter((item): item is { entry: PickerEntry; rank: number } => item.rank !== undefined)
      .sort((a, b) => a.rank - b.rank || a.entry.label.localeCompare(b.entry.label));
    if (ranked.length > 0) groups.push({ application, entries: ranked.map((item) => item.entry) });
  }
  return groups;
}

/** The entries in the order the picker shows them, for keyboard navigation. */
export function flattenGroups(groups: readonly PickerGroup[]): PickerEntry[] {
  return groups.flatMap((group) => group.entries);
}

/** The text after the slash, when the composer's draft opens the picker (starts with `/`, one line). */
export function pickerQuery(draft: string): string | undefined {
  return draft.startsWith('/') && !draft.includes('\n') ? draft.slice(1) : undefined;
}
