/**
 * Walking a chat input invocation down to its leaf options. A command with subcommands or
 * groups is invoked through exactly one subcommand (spec, Nesting rule 6): each level names
 * exactly one subcommand or group of the definition at that level, with the definition's
 * type, no value and no focus; an empty group cannot be chosen (Nesting rule 7).
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { CommandDefinition, OptionDefinition } from '../command-rules/definition.js';
import type { FieldPath } from '../command-rules/error-tree.js';
import { fail } from '../command-rules/messages.js';
import type { CheckState } from './check-state.js';
import { formatCommandPath, phraseOptionType } from './descriptions.js';
import { readLeaves, type LeafResult } from './leaves.js';
import { INVOCATION_MESSAGES } from './messages.js';
import { hasSubcommands, isBranchOption } from './paths.js';
import { readWireList, readWireOptions, type WireOption } from './wire-options.js';

/** The chosen path and the checked leaf options of a chat input invocation. */
export interface ChatInputResult extends LeafResult {
  path: string[];
}

interface Level {
  definition: CommandDefinition;
  /** The options the definition offers at this level. */
  choices: readonly OptionDefinition[];
  /** Names chosen above this level. */
  names: string[];
  /** The path of this level's options list. */
  path: FieldPath;
}

function readLeafList(raw: unknown, level: Level, state: CheckState): ChatInputResult | undefined {
  const list = readWireList(raw, level.path, state.errors);
  if (list === undefined) return undefined;
  const scope = { definitions: level.choices, command: formatCommandPath(level.definition, level.names), path: level.path };
  return { path: level.names, ...readLeaves(readWireOptions(list, level.path, state.errors), scope, state) };
}

/** Refuses what a subcommand or group never carries: a value and a focus. */
function checkBranchFields(wire: WireOption, at: FieldPath, state: CheckState): void {
  if (wire.value !== undefined) fail(state.errors, [...at, 'value'], INVOCATION_MESSAGES.valueUnexpected, wire.name);
  if (wire.focused) fail(state.errors, [...at, 'focused'], INVOCATION_MESSAGES.focusedSubcommand, wire.name);
}

/** The definition the chosen element names at this level, refused when unknown or mistyped. */
function findChoice(wire: WireOption, level: Level, at: FieldPath, state: CheckState): OptionDefinition | undefined {
  const inGroup = level.names.length > 0;
  const choice = level.choices.find((option) => option.name === wire.name && isBranchOption(option));
  if (choice === undefined || (inGroup && choice.type !== ApplicationCommandOptionType.Subcommand)) {
    const command = formatCommandPath(level.definition, level.names);
    fail(state.errors, [...at, 'name'], INVOCATION_MESSAGES.subcommandUnknown, command, wire.name);
    return undefined;
  }
  if (wire.type !== choice.type) {
    const expected = phraseOptionType(choice.type);
    fail(state.errors, [...at, 'type'], INVOCATION_MESSAGES.typeMismatch, choice.name, expected, phraseOptionType(wire.type));
    return undefined;
  }
  return choice;
}

function readBranch(raw: unknown, level: Level, state: CheckState): ChatInputResult | undefined {
  const list = readWireList(raw, level.path, state.errors);
  if (list === undefined) return undefined;
  const wires = readWireOptions(list, level.path, state.errors);
  if (list.length === 0) fail(state.errors, level.path, INVOCATION_MESSAGES.subcommandRequired);
  for (let index = 1; index < list.length; index += 1) fail(state.errors, [...level.path, index], INVOCATION_MESSAGES.subcommandMultiple);
  const chosen = wires.find((wire) => wire.index === 0);
  if (chosen === undefined) return undefined;
  const at = [...level.path, 0];
  const choice = findChoice(chosen, level, at, state);
  if (choice === undefined) return undefined;
  checkBranchFields(chosen, at, state);
  const inner = choice.options ?? [];
  const next: Level = { definition: level.definition, choices: inner, names: [...level.names, choice.name], path: [...at, 'options'] };
  if (choice.type === ApplicationCommandOptionType.Subcommand) return readLeafList(chosen.options, next, state);
  if (!inner.some((option) => option.type === ApplicationCommandOptionType.Subcommand)) {
    fail(state.errors, at, INVOCATION_MESSAGES.groupEmpty, formatCommandPath(level.definition, next.names));
    return undefined;
  }
  return readBranch(chosen.options, next, state);
}

/**
 * Checks `data.options` of a chat input command: through one subcommand when the command
 * has any, else directly as leaf options. Answers the path and the leaf options that passed.
 */
export function readChatInput(definition: CommandDefinition, options: unknown, state: CheckState): ChatInputResult | undefined {
  const level: Level = { definition, choices: definition.options, names: [], path: ['options'] };
  return hasSubcommands(definition) ? readBranch(options, level, state) : readLeafList(options, level, state);
}
