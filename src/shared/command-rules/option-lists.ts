/**
 * Rules over a whole options array rather than one option: unique names, required options
 * before optional ones, and subcommands/groups not mixed with plain options. They read the
 * raw elements, so they still report when an element has other errors too. Errors sit on
 * the offending element (`options.N`), where the real service puts them.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { field, isJsonObject } from './field-types.js';
import { fail, MESSAGES } from './messages.js';

/** Options per command, per subcommand and per group (spec, Limits). */
export const OPTIONS_MAX = 25;

/** Where an options array sits, which decides the option types it may hold. */
export type OptionLevel = 'command' | 'group' | 'subcommand';

/** Whether the option type is SUB_COMMAND or SUB_COMMAND_GROUP. */
export function isSubcommandType(type: unknown): boolean {
  return type === ApplicationCommandOptionType.Subcommand || type === ApplicationCommandOptionType.SubcommandGroup;
}

function rawType(raw: unknown): number | undefined {
  if (!isJsonObject(raw)) return undefined;
  const type = field(raw, 'type');
  return typeof type === 'number' && Number.isInteger(type) && type >= 1 && type <= 11 ? type : undefined;
}

/** Two options of one array may not share a name; the later one is refused. */
export function checkUniqueNames(list: readonly unknown[], path: FieldPath, errors: ErrorCollector): void {
  const seen = new Set<string>();
  list.forEach((raw, index) => {
    if (!isJsonObject(raw)) return;
    const name = field(raw, 'name');
    if (typeof name !== 'string') return;
    if (seen.has(name)) fail(errors, [...path, index], MESSAGES.optionNameTaken, name);
    seen.add(name);
  });
}

/** A required option after an optional one is refused (every such option is reported). */
export function checkRequiredOrder(list: readonly unknown[], path: FieldPath, errors: ErrorCollector): void {
  let optionalSeen = false;
  list.forEach((raw, index) => {
    const type = rawType(raw);
    if (type === undefined || isSubcommandType(type) || !isJsonObject(raw)) return;
    if (field(raw, 'required') === true) {
      if (optionalSeen) fail(errors, [...path, index], MESSAGES.requiredOrder);
    } else {
      optionalSeen = true;
    }
  });
}

/**
 * At the command's top level, subcommands and groups (which may mix with each other) may
 * not sit beside plain options: every element of the other kind than the first is refused.
 */
export function checkNoMixing(list: readonly unknown[], path: FieldPath, errors: ErrorCollector): void {
  let firstKind: boolean | undefined;
  list.forEach((raw, index) => {
    const type = rawType(raw);
    if (type === undefined) return;
    const kind = isSubcommandType(type);
    if (firstKind === undefined) firstKind = kind;
    else if (kind !== firstKind) fail(errors, [...path, index], MESSAGES.mixedSubcommands);
  });
}

/**
 * Nesting rules 4 and 5 for one option of `type` at `level`: a group holds only
 * subcommands, and a subcommand holds no subcommands or groups. Reported at the option's
 * `type`. Returns whether the type is allowed there.
 */
export function checkNesting(
  type: ApplicationCommandOptionType,
  level: OptionLevel,
  path: FieldPath,
  errors: ErrorCollector,
): boolean {
  if (level === 'group' && type !== ApplicationCommandOptionType.Subcommand) {
    fail(errors, path, MESSAGES.groupContents);
    return false;
  }
  if (level === 'subcommand' && isSubcommandType(type)) {
    fail(errors, path, MESSAGES.subcommandContents);
    return false;
  }
  return true;
}
