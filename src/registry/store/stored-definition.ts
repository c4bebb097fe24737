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
 * Whether a definition encoded today equals a stored one: the text as stored, or (only when
 * that differs, so the usual case decodes nothing) the stored one read in today's shape.
 */
export function sameEncodedDefinition(encoded: string, stored: string): boolean {
  if (encoded === stored) return true;
  return encoded === JSON.stringify(upgradeDefinition(JSON.parse(stored) as CommandDefinition));
}
