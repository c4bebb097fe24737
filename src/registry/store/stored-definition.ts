/**
 * Command definitions as older Slashbench versions stored them, read in today's shape, so a
 * data directory (SQLite or PostgreSQL) made before a normalization changed keeps working
 * without a migration and its commands answer as new ones do:
 * - until issue 33, a subcommand or group without options was stored with `options: []`;
 *   the service answers no `options` key there (docs/command-rules.md, Options).
 */
import type { CommandDefinition, OptionDefinition } from '../../shared/command-rules/definition.js';

function upgradeOption(option: OptionDefinition): OptionDefinition {
  if (option.options === undefined) return option;
  if (option.options.length === 0) {
    const { options: _empty, ...rest } = option;
    return rest;
  }
  return { ...option, options: option.options.map(upgradeOption) };
}

/** `definition` as today's rules would have stored it (the same object when nothing is old). */
export function upgradeDefinition(definition: CommandDefinition): CommandDefinition {
  if (!definition.options.some(needsUpgrade)) return definition;
  return { ...definition, options: definition.options.map(upgradeOption) };
}

function needsUpgrade(option: OptionDefinition): boolean {
  return option.options !== undefined && (option.options.length === 0 || option.options.some(needsUpgrade));
}

/**
 * Whether a stored text may be in an older shape. `JSON.stringify` wrote every stored text,
 * so an empty list of options is the literal text below wherever it is; without one, the
 * text is today's shape already. (A command with no options at all has one too, and is
 * decoded for nothing: it is small.)
 */
function mayBeOld(stored: string): boolean {
  return stored.includes('"options":[]');
}

/**
 * Whether a definition encoded today equals a stored one: the text as stored, or (only when
 * that differs and the stored text may be in an older shape) the stored one read in today's
 * shape. A revised command's text differs, and decoding it only to find so cost a bulk
 * overwrite of 100 large commands as much as parsing and writing its whole body again.
 */
export function sameEncodedDefinition(encoded: string, stored: string): boolean {
  if (encoded === stored) return true;
  if (!mayBeOld(stored)) return false;
  return encoded === JSON.stringify(upgradeDefinition(JSON.parse(stored) as CommandDefinition));
}
