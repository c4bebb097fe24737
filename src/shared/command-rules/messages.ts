/**
 * Every error code and message the command rules answer with, in one table so that a
 * code or wording is changed in one place. `source` says whether a public 50035 body
 * shows the real service answering with this code ('confirmed') or whether the code was
 * chosen here in the service's style ('inferred'); docs/command-rules.md cites each.
 */
import type { ErrorCollector, FieldError, FieldPath } from './error-tree.js';

/** Whether a public error body confirms the code, or it was chosen here. */
export type MessageSource = 'confirmed' | 'inferred';

/** One row of the table: a code and the text it answers with, given the row's arguments. */
export interface MessageEntry<Args extends unknown[]> {
  code: string;
  source: MessageSource;
  text: (...args: Args) => string;
}

function entry<Args extends unknown[]>(
  code: string,
  source: MessageSource,
  text: (...args: Args) => string,
): MessageEntry<Args> {
  return { code, source, text };
}

/**
 * A value as the service prints it inside `Value "..."` messages (Python's str()), so a
 * refusal quotes the sender's value the way the real one does.
 */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** A set of allowed values as the service prints it: `{1, 2, 3, 4}` or `{'da', 'de'}`. */
export function describeChoices(values: ReadonlyArray<string | number>): string {
  return `{${values.map((value) => (typeof value === 'string' ? `'${value}'` : String(value))).join(', ')}}`;
}

/** The table. Keys are the rule names the validators use. */
export const MESSAGES = {
  // Structure (the service's generic form-validation codes).
  required: entry('BASE_TYPE_REQUIRED', 'confirmed', () => 'This field is required'),
  badLength: entry('BASE_TYPE_BAD_LENGTH', 'confirmed', (min: number, max: number) => `Must be between ${min} and ${max} in length.`),
  maxLength: entry('BASE_TYPE_MAX_LENGTH', 'confirmed', (max: number) => `Must be ${max} or fewer in length.`),
  choices: entry('BASE_TYPE_CHOICES', 'confirmed', (allowed: ReadonlyArray<string | number>) => `Value must be one of ${describeChoices(allowed)}.`),
  notObject: entry('MODEL_TYPE_CONVERT', 'confirmed', () => 'Only dictionaries may be used in a ModelType'),
  notDictionary: entry('DICT_TYPE_CONVERT', 'inferred', () => 'Only dictionaries may be used in a DictType.'),
  notList: entry('LIST_TYPE_CONVERT', 'inferred', () => 'Only iterables may be used in a ListType.'),
  notString: entry('STRING_TYPE_CONVERT', 'inferred', (value: unknown) => `Could not interpret "${describeValue(value)}" as string.`),
  notBoolean: entry('BOOLEAN_TYPE_CONVERT', 'inferred', () => 'Must be either true or false.'),
  notInteger: entry('NUMBER_TYPE_COERCE', 'confirmed', (value: unknown) => `Value "${describeValue(value)}" is not int.`),
  notNumber: entry('NUMBER_TYPE_COERCE', 'confirmed', (value: unknown) => `Value "${describeValue(value)}" is not a valid number.`),
  notSnowflake: entry('NUMBER_TYPE_COERCE', 'confirmed', (value: unknown) => `Value "${describeValue(value)}" is not snowflake.`),
  integerTooSmall: entry('NUMBER_TYPE_MIN', 'inferred', (min: number | string) => `int value should be greater than or equal to ${min}.`),
  integerTooLarge: entry('NUMBER_TYPE_MAX', 'confirmed', (max: number | string) => `int value should be less than or equal to ${max}.`),
  numberTooSmall: entry('NUMBER_TYPE_MIN', 'inferred', (min: number) => `float value should be greater than or equal to ${min}.`),
  numberTooLarge: entry('NUMBER_TYPE_MAX', 'inferred', (max: number) => `float value should be less than or equal to ${max}.`),
  snowflakeTooLarge: entry('NUMBER_TYPE_MAX', 'confirmed', (max: string) => `snowflake value should be less than or equal to ${max}.`),

  // Names and descriptions.
  invalidName: entry('APPLICATION_COMMAND_INVALID_NAME', 'confirmed', () => 'Command name is invalid'),
  contextMenuDescription: entry(
    'APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION_INVALID',
    'confirmed',
    () => 'Context menu commands cannot have description',
  ),

  // Options arrays.
  optionNameTaken: entry('APPLICATION_COMMAND_OPTIONS_NAME_INVALID', 'confirmed', (name: string) => `Option name ${name} is already used in these options`),
  requiredOrder: entry(
    'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
    'confirmed',
    () => 'Required options must be placed before non-required options',
  ),
  mixedSubcommands: entry(
    'APPLICATION_COMMAND_OPTIONS_TYPE_INVALID',
    'confirmed',
    () => 'Sub-command and sub-command group option types are mutually exclusive to all other types',
  ),
  groupContents: entry('APPLICATION_COMMAND_OPTIONS_NESTING_INVALID', 'inferred', () => 'Sub-command groups can only contain sub-commands'),
  subcommandContents: entry(
    'APPLICATION_COMMAND_OPTIONS_NESTING_INVALID',
    'inferred',
    () => 'Sub-commands cannot contain sub-commands or sub-command groups',
  ),
  subOptions: entry('APPLICATION_COMMAND_OPTIONS_INVALID', 'inferred', () => 'Sub-options cannot be configured for this type of option'),
  commandOptions: entry('APPLICATION_COMMAND_OPTIONS_INVALID', 'inferred', () => 'Only chat input commands can have options'),

  // One option's fields.
  requiredNotAllowed: entry('APPLICATION_COMMAND_REQUIRED_INVALID', 'confirmed', () => 'Required cannot be configured for this type of option'),
  choicesNotAllowed: entry('APPLICATION_COMMAND_CHOICES_INVALID', 'inferred', () => 'Choices cannot be configured for this type of option'),
  autocompleteNotAllowed: entry(
    'APPLICATION_COMMAND_AUTOCOMPLETE_INVALID',
    'inferred',
    () => 'Autocomplete cannot be configured for this type of option',
  ),
  autocompleteWithChoices: entry(
    'APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES_INVALID',
    'inferred',
    () => 'Autocomplete and choices are mutually exclusive',
  ),
  minValueNotAllowed: entry('APPLICATION_COMMAND_MIN_VALUE_INVALID', 'inferred', () => 'Min value cannot be configured for this type of option'),
  maxValueNotAllowed: entry('APPLICATION_COMMAND_MAX_VALUE_INVALID', 'inferred', () => 'Max value cannot be configured for this type of option'),
  minLengthNotAllowed: entry('APPLICATION_COMMAND_MIN_LENGTH_INVALID', 'inferred', () => 'Min length cannot be configured for this type of option'),
  maxLengthNotAllowed: entry('APPLICATION_COMMAND_MAX_LENGTH_INVALID', 'inferred', () => 'Max length cannot be configured for this type of option'),
  channelTypesNotAllowed: entry(
    'APPLICATION_COMMAND_CHANNEL_TYPES_INVALID',
    'inferred',
    () => 'Channel types cannot be configured for this type of option',
  ),

  // Command-level fields.
  guildEntryPoint: entry('APPLICATION_COMMAND_TYPE_INVALID', 'inferred', () => 'Primary entry point commands cannot be guild commands'),
  handlerNotAllowed: entry(
    'APPLICATION_COMMAND_HANDLER_INVALID',
    'inferred',
    () => 'Handler can only be set on primary entry point commands',
  ),
  handlerNeedsActivity: entry(
    'APPLICATION_COMMAND_HANDLER_INVALID',
    'inferred',
    () => 'Primary entry point commands need an application with an Activity (EMBEDDED flag)',
  ),
  namesNotUnique: entry('APPLICATION_COMMANDS_DUPLICATE_NAME', 'confirmed', () => 'Application command names must be unique'),
  tooLarge: entry('APPLICATION_COMMAND_TOO_LARGE', 'confirmed', (limit: number) => `Command exceeds maximum size (${limit})`),
} as const;

/** The `{code, message}` of a table row, for callers that answer outside a collector. */
export function fieldError<Args extends unknown[]>(row: MessageEntry<Args>, ...args: Args): FieldError {
  return { code: row.code, message: row.text(...args) };
}

/** Records the table row `row` at `path`: the one way every rule reports a refusal. */
export function fail<Args extends unknown[]>(
  errors: ErrorCollector,
  path: FieldPath,
  row: MessageEntry<Args>,
  ...args: Args
): void {
  errors.add(path, row.code, row.text(...args));
}
