/**
 * Chat input command options: each option's own fields, then the rules over each options
 * array, recursing into subcommands and groups (spec, Application command option and
 * Nesting rules). An empty group or subcommand is allowed (nesting rule 7).
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { LocalizationMap, OptionDefinition } from './definition.js';
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { field, isAbsent, isJsonObject, readBoolean, readBoundedList, readBoundedString, readChoice } from './field-types.js';
import { checkLocalizedOptionNames, readLocalizations, type IndexedOption } from './localizations.js';
import { fail, MESSAGES } from './messages.js';
import { readName, readRequiredName } from './names.js';
import { readOptionConstraints } from './option-constraints.js';
import {
  checkNesting,
  checkNoMixing,
  checkRequiredOrder,
  checkUniqueNames,
  isSubcommandType,
  OPTIONS_MAX,
  type OptionLevel,
} from './option-lists.js';

/** Option descriptions: 1-100 characters, required on every option (spec). */
export const OPTION_DESCRIPTION_MAX = 100;

const OPTION_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;

function readOptionName(value: unknown, path: FieldPath, errors: ErrorCollector): string | undefined {
  return readName(value, 'chat-input', path, errors);
}

function readOptionDescription(value: unknown, path: FieldPath, errors: ErrorCollector): string | undefined {
  return readBoundedString(value, 1, OPTION_DESCRIPTION_MAX, path, errors);
}

interface OptionText {
  name: string | undefined;
  name_localizations: LocalizationMap | null;
  description: string | undefined;
  description_localizations: LocalizationMap | null;
}

function readOptionText(raw: Readonly<Record<string, unknown>>, path: FieldPath, errors: ErrorCollector): OptionText {
  const name = readRequiredName(field(raw, 'name'), 'chat-input', [...path, 'name'], errors);
  const name_localizations = readLocalizations(
    field(raw, 'name_localizations'),
    [...path, 'name_localizations'],
    errors,
    readOptionName,
    name,
  );
  const rawDescription = field(raw, 'description');
  let description: string | undefined;
  if (isAbsent(rawDescription)) fail(errors, [...path, 'description'], MESSAGES.required);
  else description = readOptionDescription(rawDescription, [...path, 'description'], errors);
  const description_localizations = readLocalizations(
    field(raw, 'description_localizations'),
    [...path, 'description_localizations'],
    errors,
    readOptionDescription,
    description,
  );
  return { name, name_localizations, description, description_localizations };
}

function readSubOptions(
  raw: Readonly<Record<string, unknown>>,
  type: ApplicationCommandOptionType,
  path: FieldPath,
  errors: ErrorCollector,
): OptionDefinition[] | undefined {
  const value = field(raw, 'options');
  if (type === ApplicationCommandOptionType.Subcommand) return readOptionList(value, 'subcommand', [...path, 'options'], errors);
  if (type === ApplicationCommandOptionType.SubcommandGroup) return readOptionList(value, 'group', [...path, 'options'], errors);
  // Options inside a plain option: an empty list is harmless, anything else is refused.
  if (!isAbsent(value) && !(Array.isArray(value) && value.length === 0)) {
    fail(errors, [...path, 'options'], MESSAGES.subOptions);
  }
  return undefined;
}

/** One option at `path` inside an array at `level`; undefined when it cannot be read. */
function readOption(raw: unknown, level: OptionLevel, path: FieldPath, errors: ErrorCollector): OptionDefinition | undefined {
  if (!isJsonObject(raw)) {
    fail(errors, path, MESSAGES.notObject);
    return undefined;
  }
  const rawType = field(raw, 'type');
  let type: ApplicationCommandOptionType | undefined;
  if (isAbsent(rawType)) fail(errors, [...path, 'type'], MESSAGES.required);
  else type = readChoice(rawType, OPTION_TYPES, [...path, 'type'], errors) as ApplicationCommandOptionType | undefined;
  const text = readOptionText(raw, path, errors);
  if (type === undefined || !checkNesting(type, level, [...path, 'type'], errors)) return undefined;

  const rawRequired = field(raw, 'required');
  let required = false;
  if (!isAbsent(rawRequired)) {
    required = readBoolean(rawRequired, [...path, 'required'], errors) === true;
    if (required && isSubcommandType(type)) fail(errors, [...path, 'required'], MESSAGES.requiredNotAllowed);
  }
  const constraints = readOptionConstraints(raw, type, path, errors);
  const options = readSubOptions(raw, type, path, errors);
  if (text.name === undefined || text.description === undefined) return undefined;

  const option: OptionDefinition = {
    type,
    name: text.name,
    name_localizations: text.name_localizations,
    description: text.description,
    description_localizations: text.description_localizations,
  };
  if (required && !isSubcommandType(type)) option.required = true;
  if (constraints.choices) option.choices = constraints.choices;
  // A subcommand or group without options is answered without the key, as the service does.
  if (options && options.length > 0) option.options = options;
  if (constraints.channel_types) option.channel_types = constraints.channel_types;
  if (constraints.min_value !== undefined) option.min_value = constraints.min_value;
  if (constraints.max_value !== undefined) option.max_value = constraints.max_value;
  if (constraints.min_length !== undefined) option.min_length = constraints.min_length;
  if (constraints.max_length !== undefined) option.max_length = constraints.max_length;
  if (constraints.autocomplete) option.autocomplete = true;
  return option;
}

/**
 * An options array at `level` (the command's top level, a group's or a subcommand's):
 * at most 25 elements, each valid, with the array-wide rules. Absent or null reads as [].
 * Returns the options read (partial when errors were recorded).
 */
export function readOptionList(
  value: unknown,
  level: OptionLevel,
  path: FieldPath,
  errors: ErrorCollector,
): OptionDefinition[] {
  if (isAbsent(value)) return [];
  const list = readBoundedList(value, OPTIONS_MAX, path, errors);
  if (list === undefined) return [];
  const read: IndexedOption[] = [];
  list.forEach((raw, index) => {
    const option = readOption(raw, level, [...path, index], errors);
    if (option) read.push({ index, option });
  });
  checkUniqueNames(list, path, errors);
  checkRequiredOrder(list, path, errors);
  if (level === 'command') checkNoMixing(list, path, errors);
  checkLocalizedOptionNames(read, path, errors);
  return read.map(({ option }) => option);
}
