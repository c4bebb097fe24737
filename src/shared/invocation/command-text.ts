/**
 * A slash command written as a person types it in the chat box, `/config set key:colour
 * value:dark blue`, read against the command's definition: the name, the subcommand path,
 * and each option's text. Values run to the next `name:` of an option at that path, so they
 * may hold spaces; a value in double quotes is read as a JSON string (for a value that holds
 * another option's `name:`). Test drivers use it; the picker never needs it.
 */
import type { CommandDefinition, OptionDefinition } from '../command-rules/definition.js';
import { hasSubcommands, invocablePaths, leafOptions } from './paths.js';

export interface CommandText {
  /** The command's name, without the slash. */
  name: string;
  /** What follows the name: the path's words, then the options. */
  rest: string;
}

export interface ReadCommand {
  path: string[];
  /** The options in the order written, each with its raw text. */
  options: Array<{ name: string; text: string }>;
  /** The leaf options at the path, for typing the values. */
  definitions: OptionDefinition[];
}

/** The name and the rest of `/name rest`, or an error sentence. */
export function splitCommandText(text: string): CommandText | string {
  const match = /^\s*\/?(\S+)(?:\s+([\s\S]*))?$/u.exec(text);
  if (!match) return `"${text}" is not a command: write it as in the chat box, e.g. /echo text:hello`;
  return { name: match[1] as string, rest: (match[2] ?? '').trim() };
}

/** Reads `rest` (the words after the name) against the definition; an error sentence when it does not fit. */
export function readCommandText(definition: Pick<CommandDefinition, 'name' | 'type' | 'options'>, rest: string): ReadCommand | string {
  const path: string[] = [];
  let remaining = rest;
  if (hasSubcommands(definition)) {
    const paths = invocablePaths(definition);
    for (let depth = 0; depth < 2; depth++) {
      const word = /^(\S+)(?:\s+|$)/u.exec(remaining);
      if (!word || (word[1] as string).includes(':')) break;
      const candidate = [...path, word[1] as string];
      if (!paths.some((known) => candidate.every((part, index) => known[index] === part))) break;
      path.push(word[1] as string);
      remaining = remaining.slice((word[0] as string).length);
    }
    if (!paths.some((known) => known.length === path.length && known.every((part, index) => path[index] === part))) {
      const listed = paths.map((known) => `/${[definition.name, ...known].join(' ')}`).join(', ');
      return `/${[definition.name, ...path].join(' ')} needs a subcommand: ${listed}`;
    }
  }
  const definitions = leafOptions(definition, path) ?? [];
  const options = readOptions(definitions, remaining.trim());
  if (typeof options === 'string') return `/${[definition.name, ...path].join(' ')}: ${options}`;
  return { path, options, definitions };
}

/** `a:1 b:two words` into named texts, splitting only at the names the definitions know. */
function readOptions(definitions: readonly OptionDefinition[], text: string): Array<{ name: string; text: string }> | string {
  if (text === '') return [];
  const names = definitions.map((option) => option.name).sort((a, b) => b.length - a.length);
  if (names.length === 0) return `takes no options, but "${text}" follows it`;
  const marker = new RegExp(`(?:^|\\s)(${names.map(escapeRegExp).join('|')}):`, 'gu');
  const found = [...text.matchAll(marker)];
  const first = found[0];
  if (!first || text.slice(0, first.index).trim() !== '') {
    const stray = first ? text.slice(0, first.index).trim() : text;
    return `"${stray}" is not an option; its options are ${names.map((name) => `${name}:`).join(', ')}`;
  }
  const options: Array<{ name: string; text: string }> = [];
  for (const [index, match] of found.entries()) {
    const start = (match.index ?? 0) + match[0].length;
    const end = found[index + 1]?.index ?? text.length;
    const name = match[1] as string;
    if (options.some((option) => option.name === name)) return `${name}: is given twice`;
    const raw = text.slice(start, end).trim();
    options.push({ name, text: unquote(raw) });
  }
  return options;
}

/** A value in double quotes is a JSON string; anything else is taken as written. */
function unquote(raw: string): string {
  if (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"')) {
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value === 'string') return value;
    } catch {
      // Not JSON: the quotes are part of the value.
    }
  }
  return raw;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
