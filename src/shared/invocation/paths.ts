/**
 * The invocable paths of a command: the base command when it has no subcommands, else each
 * subcommand, directly or inside a group (spec, Nesting rules). The picker lists them and the
 * options form asks for the options at one of them; the invocation check walks the same way.
 */
import { ApplicationCommandOptionType, ApplicationCommandType } from 'discord-api-types/v10';
import type { CommandDefinition, OptionDefinition } from '../command-rules/definition.js';

/** Whether the option is a subcommand or a group, the two types that make up a path. */
export function isBranchOption(option: Pick<OptionDefinition, 'type'>): boolean {
  return option.type === ApplicationCommandOptionType.Subcommand || option.type === ApplicationCommandOptionType.SubcommandGroup;
}

/**
 * Whether the command must be invoked through a subcommand (spec, Nesting rule 6): then
 * the base command alone is not a choice in the picker.
 */
export function hasSubcommands(definition: Pick<CommandDefinition, 'type' | 'options'>): boolean {
  return definition.type === ApplicationCommandType.ChatInput && definition.options.some(isBranchOption);
}

/**
 * Every path the picker offers, in definition order: `[[]]` for a command without
 * subcommands (and for user, message and entry point commands), else `['sub']` and
 * `['group', 'sub']` entries. An empty group offers nothing (spec, Nesting rule 7).
 */
export function invocablePaths(definition: Pick<CommandDefinition, 'type' | 'options'>): string[][] {
  if (!hasSubcommands(definition)) return [[]];
  const paths: string[][] = [];
  for (const option of definition.options) {
    if (option.type === ApplicationCommandOptionType.Subcommand) paths.push([option.name]);
    if (option.type !== ApplicationCommandOptionType.SubcommandGroup) continue;
    for (const inner of option.options ?? []) {
      if (inner.type === ApplicationCommandOptionType.Subcommand) paths.push([option.name, inner.name]);
    }
  }
  return paths;
}

/**
 * The options the form shows once `path` is chosen, or undefined when `path` is not one of
 * `invocablePaths(definition)` (a group, an unknown name, the base of a command with
 * subcommands). User, message and entry point commands answer `[]` at `[]`.
 */
export function leafOptions(
  definition: Pick<CommandDefinition, 'type' | 'options'>,
  path: readonly string[],
): OptionDefinition[] | undefined {
  if (definition.type !== ApplicationCommandType.ChatInput) return path.length === 0 ? [] : undefined;
  if (!hasSubcommands(definition)) return path.length === 0 ? definition.options : undefined;
  const [first, second, ...rest] = path;
  if (first === undefined || rest.length > 0) return undefined;
  const top = definition.options.find((option) => option.name === first);
  if (top === undefined) return undefined;
  if (top.type === ApplicationCommandOptionType.Subcommand) return second === undefined ? (top.options ?? []) : undefined;
  if (top.type !== ApplicationCommandOptionType.SubcommandGroup || second === undefined) return undefined;
  const inner = (top.options ?? []).find((option) => option.name === second);
  return inner?.type === ApplicationCommandOptionType.Subcommand ? (inner.options ?? []) : undefined;
}
