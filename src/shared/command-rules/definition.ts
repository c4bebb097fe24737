/**
 * A command definition as the rules accept it: only known fields, types checked, defaults
 * not yet applied where the service applies them at read time (integration_types, contexts).
 * The registry stores this shape; the client builds its picker and options form from it.
 */
import type { ApplicationCommandOptionType, ApplicationCommandType } from 'discord-api-types/v10';

export type LocalizationMap = Record<string, string>;

export interface ChoiceDefinition {
  name: string;
  name_localizations: LocalizationMap | null;
  value: string | number;
}

export interface OptionDefinition {
  type: ApplicationCommandOptionType;
  name: string;
  name_localizations: LocalizationMap | null;
  description: string;
  description_localizations: LocalizationMap | null;
  /** Present only when true, as the service answers it. */
  required?: true;
  choices?: ChoiceDefinition[];
  /** A subcommand's or group's options; absent when it has none, as the service answers it. */
  options?: OptionDefinition[];
  channel_types?: number[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  autocomplete?: boolean;
}

export interface CommandDefinition {
  type: ApplicationCommandType;
  name: string;
  name_localizations: LocalizationMap | null;
  /** Empty string for USER, MESSAGE (and entry points without one). */
  description: string;
  description_localizations: LocalizationMap | null;
  /** Empty when the command has none. */
  options: OptionDefinition[];
  default_member_permissions: string | null;
  /** Deprecated; null when not given (reads as true). */
  dm_permission: boolean | null;
  default_permission: boolean;
  nsfw: boolean;
  /** null when not given: the service reads it as [0]. */
  integration_types: number[] | null;
  /** null when not given. */
  contexts: number[] | null;
  /** Entry points of EMBEDDED apps only. */
  handler?: 1 | 2;
}

/** Where a definition is being registered, which changes which fields are allowed. */
export interface RuleContext {
  scope: 'global' | 'guild';
  /** The application's flags: `handler` needs EMBEDDED (1 << 17). */
  applicationFlags: number;
}
