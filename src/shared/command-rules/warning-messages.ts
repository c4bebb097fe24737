/**
 * Every warning the command rules give, in one table, as `messages.ts` holds every refusal.
 * A warning marks something the real service accepts and stores but that does nothing, or
 * not what its author likely meant: refusing it would stop a working bot at startup, so it
 * is stored, served as the service serves it, and shown where a developer looks (the
 * management API, the explain view). docs/refusal-audit.md gives each one's source.
 */
import type { FieldPath } from './error-tree.js';

/** One warning about a stored command: where (dotted path, '' for the command), what, why. */
export interface CommandWarning {
  path: string;
  code: string;
  message: string;
}

/** One row of the table: a code and its text, given the row's arguments. */
export interface WarningEntry<Args extends unknown[]> {
  code: string;
  text: (...args: Args) => string;
}

function entry<Args extends unknown[]>(code: string, text: (...args: Args) => string): WarningEntry<Args> {
  return { code, text };
}

export const WARNINGS = {
  privateChannelWithoutUserInstall: entry(
    'PRIVATE_CHANNEL_WITHOUT_USER_INSTALL',
    () =>
      'PRIVATE_CHANNEL is meaningful only when integration_types include USER_INSTALL (1); ' +
      'a guild-installed command never reaches group DMs or DMs between users, so this context never matches.',
  ),
  guildIntegrationTypes: entry(
    'GUILD_COMMAND_INTEGRATION_TYPES',
    () => 'integration_types apply only to global commands; a guild command is reached through its guild\'s install (GUILD_INSTALL) alone.',
  ),
  guildContexts: entry(
    'GUILD_COMMAND_CONTEXTS',
    () => 'contexts apply only to global commands; a guild command is used in its guild (GUILD) alone, never in DMs.',
  ),
  repeatedValue: entry('REPEATED_VALUE', (value: unknown) => `${String(value)} is listed more than once; the repeat changes nothing.`),
  nameSpacing: entry(
    'NAME_SPACING',
    () => 'The name starts or ends with whitespace, or holds a control character: the picker cannot tell it from its trimmed twin, or show it on one line.',
  ),
  valueRangeEmpty: entry(
    'VALUE_RANGE_EMPTY',
    () => 'min_value is greater than max_value: no value fits, so the option can never be given (a required one makes the command unusable).',
  ),
  lengthRangeEmpty: entry(
    'LENGTH_RANGE_EMPTY',
    () => 'min_length is greater than max_length: no text fits, so the option can never be given (a required one makes the command unusable).',
  ),
  unknownPermissionBits: entry(
    'UNKNOWN_PERMISSION_BITS',
    (bits: string) => `Bits ${bits} name no permission: no role grants them, so only administrators and explicit overwrites pass.`,
  ),
  entryPointHandlerMissing: entry(
    'ENTRY_POINT_HANDLER_MISSING',
    () => 'No handler given: read as DISCORD_LAUNCH_ACTIVITY (2), the handler of the default entry point; give 1 (APP_HANDLER) to answer it yourself.',
  ),
  unknownOverwriteTarget: entry(
    'UNKNOWN_OVERWRITE_TARGET',
    (kind: string, id: string) => `No ${kind} "${id}" in this guild: the overwrite is stored but never matches.`,
  ),
  repeatedOverwrite: entry(
    'REPEATED_OVERWRITE',
    () => 'An earlier overwrite has the same target and type: that one is read, this one never is.',
  ),
} as const;

/** Collects warnings; the rules call `warn` with a table row, as they call `fail` for refusals. */
export type WarningSink = <Args extends unknown[]>(path: FieldPath, row: WarningEntry<Args>, ...args: Args) => void;

/** A sink that appends to `into`, with paths joined by dots, as the error tree nests them. */
export function warningSink(into: CommandWarning[]): WarningSink {
  return (path, row, ...args) => {
    into.push({ path: path.join('.'), code: row.code, message: row.text(...args) });
  };
}
