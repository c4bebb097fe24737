/**
 * How a stored command reads on the wire. Single-command answers carry the full
 * localization dictionaries; list answers carry `name_localized` / `description_localized`
 * for the request's locale instead, unless `with_localizations=true` asks for the dictionaries.
 */
import type { ChoiceDefinition, OptionDefinition } from '../../shared/command-rules/definition.js';
import { pickLocalized, type Locale } from '../../shared/locales.js';
import type { StoredCommand } from '../store/records.js';

export type LocalizationView = { mode: 'dictionaries' } | { mode: 'localized'; locale: Locale | undefined };

type Localizable = {
  name: string;
  name_localizations: Record<string, string> | null;
  description?: string;
  description_localizations?: Record<string, string> | null;
};

function localize<T extends Localizable>(item: T, view: LocalizationView): Record<string, unknown> {
  const { name_localizations, description_localizations, ...rest } = item;
  const out: Record<string, unknown> = rest;
  if (view.mode === 'dictionaries') {
    out.name_localizations = name_localizations;
    if ('description' in item) out.description_localizations = description_localizations ?? null;
    return out;
  }
  const name = pickLocalized(name_localizations, view.locale);
  if (name !== undefined) out.name_localized = name;
  const description = pickLocalized(description_localizations, view.locale);
  if (description !== undefined) out.description_localized = description;
  return out;
}

function choiceView(choice: ChoiceDefinition, view: LocalizationView): Record<string, unknown> {
  return localize(choice, view);
}

function optionView(option: OptionDefinition, view: LocalizationView): Record<string, unknown> {
  const out = localize(option, view);
  if (option.choices) out.choices = option.choices.map((choice) => choiceView(choice, view));
  if (option.options) out.options = option.options.map((child) => optionView(child, view));
  return out;
}

/**
 * The command object the service answers with (discord/discord-api-spec's
 * ApplicationCommandResponse): never `default_permission`, which the service accepts but no
 * longer answers; for a global command `dm_permission` (true when not given), `contexts`
 * (null when not given) and `integration_types` ([0] when not given); for a guild command none
 * of the three, which are "only for globally-scoped commands" (discord-api-types #1777, observed).
 */
export function commandView(command: StoredCommand, view: LocalizationView): Record<string, unknown> {
  const { options, dm_permission, integration_types, contexts, default_permission: _unanswered, handler, ...definition } = command.definition;
  const out: Record<string, unknown> = {
    id: command.id,
    application_id: command.application_id,
    version: command.version,
    ...localize(definition, view),
  };
  if (command.guild_id !== null) out.guild_id = command.guild_id;
  else Object.assign(out, { dm_permission: dm_permission ?? true, contexts, integration_types: integration_types ?? [0] });
  if (options.length > 0) out.options = options.map((option) => optionView(option, view));
  if (handler !== undefined) out.handler = handler;
  return out;
}
