/**
 * The picker's "Not shown here" list: the commands the index left out in this channel
 * (`hidden_commands`, with the first rule each fails), filtered by what was typed like the
 * shown ones, so "why is my command missing?" is one click from the registry's explanation.
 */
import type { CommandIndex, HiddenCommand } from '../../api/wire-types.js';
import { compareLabels } from '../../app/text-order.js';
import { matchRank } from './picker-entries.js';

export interface HiddenEntry {
  command: HiddenCommand;
  /** `/name` for slash commands, the bare name with its kind for the others. */
  label: string;
  /** The rule that hides it and why, as the registry says. */
  reason: string;
}

const KINDS: Readonly<Record<number, string>> = { 2: 'user command', 3: 'message command', 4: 'entry point' };

function hiddenLabel(command: HiddenCommand): string {
  const kind = KINDS[command.type];
  return kind ? `${command.name} (${kind})` : `/${command.name}`;
}

/** The hidden commands matching `query`, best matches first, then by label. */
export function hiddenEntries(index: CommandIndex | null, query: string): HiddenEntry[] {
  return (index?.hidden_commands ?? [])
    .map((command) => ({ command, label: hiddenLabel(command), reason: [command.rule, command.reason].filter(Boolean).join(': ') }))
    .map((entry) => ({ entry, rank: matchRank(entry.command.name, query) }))
    .filter((item): item is { entry: HiddenEntry; rank: number } => item.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || compareLabels(a.entry.label, b.entry.label))
    .map((item) => item.entry);
}
