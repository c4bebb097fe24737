/**
 * Words for the numbers of the wire, so the picker, the options form and every refusal
 * name types and channels the same way a person reads them.
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import type { CommandDefinition } from '../command-rules/definition.js';

const OPTION_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'subcommand',
  2: 'subcommand group',
  3: 'string',
  4: 'integer',
  5: 'boolean',
  6: 'user',
  7: 'channel',
  8: 'role',
  9: 'mentionable',
  10: 'number',
  11: 'attachment',
};

const COMMAND_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'chat input',
  2: 'user',
  3: 'message',
  4: 'primary entry point',
};

/** Channel types as a person names them, with their article (api-facts.md, Enumerations). */
const CHANNEL_TYPE_NAMES: Readonly<Record<number, string>> = {
  0: 'a text channel',
  1: 'a DM',
  2: 'a voice channel',
  3: 'a group DM',
  4: 'a category',
  5: 'an announcement channel',
  10: 'an announcement thread',
  11: 'a public thread',
  12: 'a private thread',
  13: 'a stage channel',
  14: 'a directory',
  15: 'a forum channel',
  16: 'a media channel',
};

function lookupName(table: Readonly<Record<number, string>>, type: number): string | undefined {
  return Object.hasOwn(table, type) ? table[type] : undefined;
}

/**
 * The option type's name in the spec's words, lowercased ("integer", "subcommand group"),
 * for the options form's hints and type refusals; `type 12` for a type the spec lacks.
 */
export function describeOptionType(type: number): string {
  return lookupName(OPTION_TYPE_NAMES, type) ?? `type ${type}`;
}

/**
 * The option type as a sentence names it, with its number for the developer reading the
 * payload: "an integer option (type 4)", "a subcommand (type 1)".
 */
export function phraseOptionType(type: number): string {
  const name = lookupName(OPTION_TYPE_NAMES, type);
  if (name === undefined) return `an option of type ${type}`;
  const noun = type === 1 || type === 2 ? name : `${name} option`;
  const article = /^[aeiou]/.test(noun) ? 'an' : 'a';
  return `${article} ${noun} (type ${type})`;
}

/** The command type's name ("chat input", "user"), for refusals of a mismatched `data.type`. */
export function describeCommandType(type: number): string {
  return lookupName(COMMAND_TYPE_NAMES, type) ?? `type ${type}`;
}

/** One channel type with its article ("a text channel"), for the channel picker and refusals. */
export function describeChannelType(type: number): string {
  return lookupName(CHANNEL_TYPE_NAMES, type) ?? `a channel of type ${type}`;
}

/**
 * Joins phrases the way a sentence does ("a, b or c"), so a list of allowed channel types
 * or choices reads as English rather than as an array.
 */
export function joinAlternatives(phrases: readonly string[]): string {
  if (phrases.length <= 1) return phrases[0] ?? '';
  return `${phrases.slice(0, -1).join(', ')} or ${phrases[phrases.length - 1]}`;
}

/**
 * How the picker shows an invocable path: `/admin user ban` for chat input commands, the
 * bare name for user, message and entry point commands (they have no slash form).
 */
export function formatCommandPath(definition: Pick<CommandDefinition, 'type' | 'name'>, path: readonly string[]): string {
  if (definition.type !== ApplicationCommandType.ChatInput) return definition.name;
  return `/${[definition.name, ...path].join(' ')}`;
}
