/**
 * The 8000-character total of a command (spec, Limits): the combined name, description and
 * choice name/value lengths of the command, its options (subcommands and groups included)
 * and their choices, where each field counts only its longest text among the default and
 * its localizations. Lengths are code points, like every other length here.
 */
import type { ChoiceDefinition, CommandDefinition, LocalizationMap, OptionDefinition } from './definition.js';
import { codePointLength } from './field-types.js';

/** The most characters a command may total (spec, Limits). */
export const COMMAND_SIZE_MAX = 8000;

function longest(text: string, localizations: LocalizationMap | null): number {
  let length = codePointLength(text);
  for (const localized of Object.values(localizations ?? {})) length = Math.max(length, codePointLength(localized));
  return length;
}

function choiceSize(choice: ChoiceDefinition): number {
  return longest(choice.name, choice.name_localizations) + codePointLength(String(choice.value));
}

function optionSize(option: OptionDefinition): number {
  let size = longest(option.name, option.name_localizations);
  size += longest(option.description, option.description_localizations);
  for (const choice of option.choices ?? []) size += choiceSize(choice);
  for (const child of option.options ?? []) size += optionSize(child);
  return size;
}

/** The size the service compares with 8000, so an oversized command is refused as a whole. */
export function commandSize(command: CommandDefinition): number {
  let size = longest(command.name, command.name_localizations);
  size += longest(command.description, command.description_localizations);
  for (const option of command.options) size += optionSize(option);
  return size;
}
