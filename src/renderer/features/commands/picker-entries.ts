/**
 * What the command picker lists: one entry per invocable path of every chat input command
 * in the index (`/cmd`, `/cmd sub`, `/cmd group sub`), and each app's entry point (`Launch`,
 * as the real client lists it there too), named in the user's locale, grouped by app, and
 * filtered by what was typed after the slash.
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import { formatCommandPath, invocablePaths } from '../../../shared/invocation/index.js';
import type { CommandIndex, IndexedApplication, IndexedCommand } from '../../api/wire-types.js';
import { compareLabels } from '../../app/text-order.js';
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
  const name = searchName(label);
  return rankOf(name, name.split(' '), searchQuery(query));
}

/** The label as queries are matched against it: no slash, lower case. */
function searchName(label: string): string {
  return label.replace(/^\//, '').toLowerCase();
}

function searchQuery(query: string): string {
  return query.trim().toLowerCase();
}

function rankOf(name: string, words: readonly string[], wanted: string): number | undefined {
  if (wanted === '' || name.startsWith(wanted)) return 0;
  if (words.some((word) => word.startsWith(wanted))) return 1;
  return name.includes(wanted) ? 2 : undefined;
}

/** An entry with what matching reads of it, made once per index rather than on every keystroke. */
interface SearchableEntry {
  entry: PickerEntry;
  name: string;
  words: string[];
}

/** One app's entries in label order (the order among equal ranks), made once per index. */
interface SearchableApp {
  application: IndexedApplication;
  entries: SearchableEntry[];
}

/** Indexes are replaced, never changed, when they reload: each one's entries are made once. */
const searchable = new WeakMap<CommandIndex, SearchableApp[]>();

function searchableApps(index: CommandIndex): SearchableApp[] {
  let apps = searchable.get(index);
  if (apps === undefined) {
    apps = index.applications.map((application) => ({
      application,
      entries: index.application_commands
        .filter((command) => command.application_id === application.id
          && (command.type === ApplicationCommandType.ChatInput || command.type === ApplicationCommandType.PrimaryEntryPoint))
        .flatMap(commandEntries)
        // Stable: entries with equal labels keep their definition order, as they did when ranked and sorted together.
        .sort((a, b) => compareLabels(a.label, b.label))
        .map((entry) => {
          const name = searchName(entry.label);
          return { entry, name, words: name.split(' ') };
        }),
    }));
    searchable.set(index, apps);
  }
  return apps;
}

/** Makes the index's entries ready for matching (otherwise the first query does it). */
export function preparePicker(index: CommandIndex): void {
  searchableApps(index);
}

/**
 * The picker's groups for `query` (the text after `/`): apps in the index's order, each
 * with its matching chat input and entry point entries, best matches first, then by label. Apps with no
 * match are left out.
 */
export function filterPicker(index: CommandIndex, query: string): PickerGroup[] {
  const wanted = searchQuery(query);
  const groups: PickerGroup[] = [];
  for (const { application, entries } of searchableApps(index)) {
    // Entries are in label order already: grouping them by rank keeps that order within each rank.
    const byRank: PickerEntry[][] = [[], [], []];
    for (const { entry, name, words } of entries) {
      const rank = rankOf(name, words, wanted);
      if (rank !== undefined) byRank[rank]?.push(entry);
    }
    const ranked = byRank.flat();
    if (ranked.length > 0) groups.push({ application, entries: ranked });
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
