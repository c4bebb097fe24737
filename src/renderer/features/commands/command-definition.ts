/**
 * The index's commands as the shared rules read them. The index answers localized views
 * (`name_localized`, no dictionaries); the rules check default names, so a view converts
 * to a `CommandDefinition` with no localizations and the service's defaults.
 */
import type { ApplicationCommandOptionType, ApplicationCommandType } from 'discord-api-types/v10';
import type { ChoiceDefinition, CommandDefinition, OptionDefinition } from '../../../shared/command-rules/definition.js';
import type { IndexedChoice, IndexedCommand, IndexedOption } from '../../api/wire-types.js';

function choiceDefinition(choice: IndexedChoice): ChoiceDefinition {
  return { name: choice.name, name_localizations: null, value: choice.value };
}

/** One option of the index as the rules read it (`required` and `autocomplete` only when true). */
export function optionDefinition(option: IndexedOption): OptionDefinition {
  const definition: OptionDefinition = {
    type: option.type as ApplicationCommandOptionType,
    name: option.name,
    name_localizations: null,
    description: option.description,
    description_localizations: null,
  };
  if (option.required) definition.required = true;
  if (option.autocomplete) definition.autocomplete = true;
  if (option.choices) definition.choices = option.choices.map(choiceDefinition);
  if (option.options) definition.options = option.options.map(optionDefinition);
  if (option.channel_types) definition.channel_types = option.channel_types;
  for (const key of ['min_value', 'max_value', 'min_length', 'max_length'] as const) {
    const value = option[key];
    if (value !== undefined) definition[key] = value;
  }
  return definition;
}

/** The command of the index as the rules read it. */
export function commandDefinition(command: IndexedCommand): CommandDefinition {
  return {
    type: command.type as ApplicationCommandType,
    name: command.name,
    name_localizations: null,
    description: command.description,
    description_localizations: null,
    options: (command.options ?? []).map(optionDefinition),
    default_member_permissions: command.default_member_permissions ?? null,
    dm_permission: command.dm_permission ?? null,
    default_permission: true,
    nsfw: command.nsfw ?? false,
    integration_types: command.integration_types ?? null,
    contexts: command.contexts ?? null,
    ...(command.handler === undefined ? {} : { handler: command.handler }),
  };
}

/** The options of the index along a path (`['group', 'sub']`), for localized names and descriptions. */
export function indexedBranch(command: IndexedCommand, path: readonly string[]): IndexedOption[] {
  const branch: IndexedOption[] = [];
  let options = command.options ?? [];
  for (const name of path) {
    const found = options.find((option) => option.name === name);
    if (!found) break;
    branch.push(found);
    options = found.options ?? [];
  }
  return branch;
}

/** The options the form asks for at `path` (the leaf's own options), as the index has them. */
export function indexedLeafOptions(command: IndexedCommand, path: readonly string[]): IndexedOption[] {
  if (path.length === 0) return command.options ?? [];
  const branch = indexedBranch(command, path);
  return branch.length === path.length ? (branch[branch.length - 1]?.options ?? []) : [];
}
