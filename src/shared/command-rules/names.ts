/**
 * Naming rules (spec, "Naming rules" 1-3): chat input command names and every option name
 * follow the service's regex and must be lowercase where a letter has a lowercase form;
 * user, message and entry point command names may be mixed case and contain spaces.
 */
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { readBoundedString } from './field-types.js';
import { fail, MESSAGES } from './messages.js';
import { WARNINGS, type WarningSink } from './warning-messages.js';

/** Shortest name (spec, Limits: 1-32 characters, counted in code points). */
export const NAME_MIN = 1;
/** Longest name (spec, Limits: 1-32 characters, counted in code points). */
export const NAME_MAX = 32;

/** The service's own pattern (api-facts.md, "Naming regex"); the `u` flag counts code points. */
export const CHAT_INPUT_NAME_PATTERN = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Which naming rule a name follows: option names always use 'chat-input'. */
export type NameStyle = 'chat-input' | 'context-menu';

/**
 * Whether `name` is a valid chat input command or option name: it matches the pattern and
 * no character changes when lowercased (uncased scripts such as Japanese or Devanagari pass).
 */
export function isChatInputName(name: string): boolean {
  if (!CHAT_INPUT_NAME_PATTERN.test(name)) return false;
  for (const character of name) {
    if (character.toLowerCase() !== character) return false;
  }
  return true;
}

const CONTROL_CHARACTER = /\p{Cc}/u;

/**
 * Whether a user, message or entry point command name is well spaced: mixed case and inner
 * spaces are the rule (spec, Naming rule 3), but leading or trailing whitespace or a control
 * character (newline, tab) makes a name the picker cannot tell from its trimmed twin, or
 * cannot show on one line. Nothing documents a refusal of it, so it is a warning.
 */
export function isWellSpacedName(name: string): boolean {
  return name.trim() === name && !CONTROL_CHARACTER.test(name);
}

/** Warns about each badly spaced context menu name (the default and its localizations). */
export function nameWarnings(
  command: { name: string; name_localizations: Readonly<Record<string, string>> | null },
  style: NameStyle,
  warn: WarningSink,
): void {
  if (style !== 'context-menu') return;
  if (!isWellSpacedName(command.name)) warn(['name'], WARNINGS.nameSpacing);
  for (const [locale, name] of Object.entries(command.name_localizations ?? {})) {
    if (!isWellSpacedName(name)) warn(['name_localizations', locale], WARNINGS.nameSpacing);
  }
}

/**
 * Reads a name field under `style`: STRING_TYPE_CONVERT for a non-string,
 * BASE_TYPE_BAD_LENGTH outside 1-32, and for chat input names APPLICATION_COMMAND_INVALID_NAME
 * for a bad character (context menu names take any character).
 * Returns the name when it passes.
 */
export function readName(value: unknown, style: NameStyle, path: FieldPath, errors: ErrorCollector): string | undefined {
  const name = readBoundedString(value, NAME_MIN, NAME_MAX, path, errors);
  if (name === undefined) return undefined;
  if (style === 'context-menu' || isChatInputName(name)) return name;
  fail(errors, path, MESSAGES.invalidName);
  return undefined;
}

/** A required name: BASE_TYPE_REQUIRED when absent (or null), else as readName. */
export function readRequiredName(
  value: unknown,
  style: NameStyle,
  path: FieldPath,
  errors: ErrorCollector,
): string | undefined {
  if (value === undefined || value === null) {
    fail(errors, path, MESSAGES.required);
    return undefined;
  }
  return readName(value, style, path, errors);
}
