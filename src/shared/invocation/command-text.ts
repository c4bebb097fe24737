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

/** `a:1 b:two words` into named texts, splitting only at the names the definitions know (never inside a quoted value). */
function readOptions(definitions: readonly OptionDefinition[], text: string): Array<{ name: string; text: string }> | string {
  if (text === '') return [];
  const names = definitions.map((option) => option.name);
  if (names.length === 0) return `takes no options, but "${text}" follows it`;
  const longestFirst = [...names].sort((a, b) => b.length - a.length);
  const marker = new RegExp(`(?:^|\\s)(${longestFirst.map(escapeRegExp).join('|')}):`, 'gu');
  const options: Array<{ name: string; text: string }> = [];
  let found = nextMarker(marker, text, 0);
  if (!found || text.slice(0, found.index).trim() !== '') {
    const stray = found ? text.slice(0, found.index).trim() : text;
    return `"${stray}" is not an option; its options are ${names.map((name) => `${name}:`).join(', ')}`;
  }
  while (found) {
    const start = found.index + found[0].length;
    const valueStart = start + (text.slice(start).length - text.slice(start).trimStart().length);
    const quoteEnd = text[valueStart] === '"' ? closingQuote(text, valueStart) : -1;
    const next = nextMarker(marker, text, quoteEnd === -1 ? start : quoteEnd + 1);
    const name = found[1] as string;
    if (options.some((option) => option.name === name)) return `${name}: is given twice`;
    options.push({ name, text: unquote(text.slice(start, next?.index ?? text.length).trim()) });
    found = next;
  }
  return options;
}

function nextMarker(marker: RegExp, text: string, from: number): RegExpExecArray | null {
  marker.lastIndex = from;
  return marker.exec(text);
}

/** The index of the quote closing the JSON string that opens at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  for (let index = open + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index;
  }
  return -1;
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
