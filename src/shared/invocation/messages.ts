/**
 * Every code and message an invocation refusal answers with, in one table so a wording
 * changes in one place. The messages are written for the person at the client, who sees
 * them as is beside the option they concern. The real service checks invocations in the
 * client and publishes no codes for them, so every code here is chosen in its UPPER_SNAKE
 * style ('inferred').
 */
import type { MessageEntry } from '../command-rules/messages.js';

function row<Args extends unknown[]>(code: string, text: (...args: Args) => string): MessageEntry<Args> {
  return { code, source: 'inferred', text };
}

/** The table. Keys are the rule names the invocation checks use. */
export const INVOCATION_MESSAGES = {
  // The shape of `data` and of each option.
  dataNotObject: row('INTERACTION_DATA_INVALID', () => 'The command data must be an object.'),
  commandMismatch: row('INTERACTION_COMMAND_MISMATCH', (field: string, expected: string) => `\`${field}\` must be ${expected}, as in this command.`),
  notSnowflake: row('INTERACTION_SNOWFLAKE_INVALID', (field: string) => `\`${field}\` must be an id: a string of digits.`),
  optionsNotList: row('INTERACTION_OPTIONS_INVALID', () => 'Options must be a list.'),
  optionNotObject: row('INTERACTION_OPTION_INVALID', () => 'Each option must be an object with a name and a type.'),
  optionNameInvalid: row('INTERACTION_OPTION_NAME_INVALID', () => 'Each option needs a name (a string).'),
  optionTypeInvalid: row('INTERACTION_OPTION_TYPE_INVALID', () => 'Each option needs a type (an integer).'),
  focusedNotBoolean: row('INTERACTION_OPTION_FOCUSED_INVALID', () => '`focused` must be true or false.'),

  // Choosing a subcommand (spec, Nesting rules 6 and 7).
  subcommandRequired: row('INTERACTION_SUBCOMMAND_REQUIRED', () => 'Choose a subcommand.'),
  subcommandMultiple: row('INTERACTION_SUBCOMMAND_MULTIPLE', () => 'Choose only one subcommand.'),
  subcommandUnknown: row('INTERACTION_SUBCOMMAND_UNKNOWN', (command: string, name: string) => `\`${command}\` has no subcommand \`${name}\`.`),
  groupEmpty: row('INTERACTION_GROUP_EMPTY', (command: string) => `\`${command}\` has no subcommands to choose.`),

  // Options against the definition.
  typeMismatch: row(
    'INTERACTION_OPTION_TYPE_MISMATCH',
    (name: string, expected: string, given: string) => `\`${name}\` is ${expected}, not ${given}.`,
  ),
  optionUnknown: row('INTERACTION_OPTION_UNKNOWN', (command: string, name: string) => `\`${command}\` has no option \`${name}\`.`),
  optionDuplicate: row('INTERACTION_OPTION_DUPLICATE', (name: string) => `\`${name}\` is given more than once.`),
  optionRequired: row('INTERACTION_OPTION_REQUIRED', (name: string) => `\`${name}\` is required.`),
  optionsUnexpected: row('INTERACTION_OPTIONS_UNEXPECTED', (name: string) => `\`${name}\` takes no options.`),
  valueUnexpected: row('INTERACTION_OPTION_VALUE_UNEXPECTED', (name: string) => `\`${name}\` takes no value.`),
  valueRequired: row('INTERACTION_OPTION_VALUE_REQUIRED', (name: string) => `Enter a value for \`${name}\`.`),

  // Values by option type.
  notString: row('INTERACTION_OPTION_STRING_INVALID', (name: string) => `\`${name}\` must be text.`),
  tooShort: row('INTERACTION_OPTION_TOO_SHORT', (name: string, min: number) => `\`${name}\` must be at least ${characters(min)} long.`),
  tooLong: row('INTERACTION_OPTION_TOO_LONG', (name: string, max: number) => `\`${name}\` must be at most ${characters(max)} long.`),
  notChoice: row('INTERACTION_OPTION_CHOICE_INVALID', (name: string, choices: string) => `\`${name}\` must be one of the choices: ${choices}.`),
  notInteger: row('INTERACTION_OPTION_INTEGER_INVALID', (name: string) => `\`${name}\` must be a whole number.`),
  notNumber: row('INTERACTION_OPTION_NUMBER_INVALID', (name: string) => `\`${name}\` must be a number.`),
  tooSmall: row('INTERACTION_OPTION_TOO_SMALL', (name: string, min: number) => `\`${name}\` must be at least ${min}.`),
  tooLarge: row('INTERACTION_OPTION_TOO_LARGE', (name: string, max: number) => `\`${name}\` must be at most ${max}.`),
  notBoolean: row('INTERACTION_OPTION_BOOLEAN_INVALID', (name: string) => `\`${name}\` must be true or false.`),
  unknownUser: row('INTERACTION_USER_UNKNOWN', (name: string, id: string) => `\`${name}\` must be a user; no user has the id ${id}.`),
  unknownRole: row('INTERACTION_ROLE_UNKNOWN', (name: string, id: string) => `\`${name}\` must be a role; no role has the id ${id}.`),
  unknownMentionable: row(
    'INTERACTION_MENTIONABLE_UNKNOWN',
    (name: string, id: string) => `\`${name}\` must be a user or a role; none has the id ${id}.`,
  ),
  unknownChannel: row('INTERACTION_CHANNEL_UNKNOWN', (name: string, id: string) => `\`${name}\` must be a channel; no channel has the id ${id}.`),
  channelType: row('INTERACTION_CHANNEL_TYPE_INVALID', (name: string, allowed: string) => `\`${name}\` must be ${allowed}.`),
  unknownAttachment: row(
    'INTERACTION_ATTACHMENT_UNKNOWN',
    (name: string, id: string) => `\`${name}\` must be an uploaded file; no upload has the id ${id}.`,
  ),

  // Autocomplete (spec, Events: interaction type 4).
  focusedRequired: row('INTERACTION_FOCUSED_REQUIRED', () => 'Autocomplete needs the option being typed, marked focused.'),
  focusedMultiple: row('INTERACTION_FOCUSED_MULTIPLE', () => 'Only one option can be focused.'),
  focusedNotAutocomplete: row('INTERACTION_FOCUSED_NOT_AUTOCOMPLETE', (name: string) => `\`${name}\` has no autocomplete.`),
  focusedInCommand: row('INTERACTION_FOCUSED_UNEXPECTED', () => 'Only an autocomplete request marks an option as focused.'),
  focusedSubcommand: row('INTERACTION_FOCUSED_UNEXPECTED', (name: string) => `\`${name}\` cannot be focused: only an option being typed can.`),
  autocompleteUnsupported: row('INTERACTION_AUTOCOMPLETE_UNSUPPORTED', (command: string) => `\`${command}\` has no options to autocomplete.`),

  // Targets of user and message commands.
  targetRequired: row('INTERACTION_TARGET_REQUIRED', (target: 'user' | 'message') => `Choose a ${target}.`),
  targetUnexpected: row('INTERACTION_TARGET_UNEXPECTED', (command: string) => `\`${command}\` takes no target: only user and message commands do.`),
} as const;

function characters(count: number): string {
  return count === 1 ? '1 character' : `${count} characters`;
}
