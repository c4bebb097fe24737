/**
 * A test's option values made into the options an invocation carries, as the client's form
 * makes them: numbers and booleans from their text, a choice by its value or its name, and
 * people, channels and roles by name or mention turned into their ids. What still does not
 * fit the option is sent as written, so the invocation check refuses it with the service's
 * own message, as it would refuse the client.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { OptionDefinition } from '../../shared/command-rules/definition.js';
import type { Store } from '../store/store.js';
import { driverError, findChannel, findRole, findUser } from './names.js';

export interface GivenOption {
  name: string;
  value: unknown;
}

const INTEGER_TEXT = /^\s*-?\d+\s*$/;
const DECIMAL_TEXT = /^\s*-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?\s*$/;

/** The leaf options of an invocation, in definition order, `focused` marked (sent as typed, as the client sends it). */
export async function leafWireOptions(
  store: Store, guildId: string | null, definitions: readonly OptionDefinition[], given: readonly GivenOption[], focused?: string,
): Promise<Array<Record<string, unknown>>> {
  for (const option of given) {
    if (!definitions.some((definition) => definition.name === option.name)) {
      const names = definitions.map((definition) => definition.name).join(', ') || 'none';
      throw driverError(['options', option.name], `no option "${option.name}" here; the options are: ${names}`);
    }
  }
  if (focused !== undefined && !definitions.some((definition) => definition.name === focused)) {
    throw driverError(['focused'], `no option "${focused}" to autocomplete here`);
  }
  const leaves: Array<Record<string, unknown>> = [];
  for (const definition of definitions) {
    const option = given.find((entry) => entry.name === definition.name);
    if (definition.name === focused) {
      leaves.push({ name: definition.name, type: definition.type, value: option === undefined ? '' : String(option.value), focused: true });
    } else if (option !== undefined && option.value !== undefined && option.value !== null) {
      leaves.push({ name: definition.name, type: definition.type, value: await optionValue(store, guildId, definition, option.value) });
    }
  }
  return leaves;
}

/** Wraps leaf options in the subcommand (and group) of `path`, as the service nests them. */
export function nestOptions(path: readonly string[], leaves: unknown[]): unknown[] {
  let options = leaves;
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const isGroup = depth === 0 && path.length === 2;
    options = [{ name: path[depth], type: isGroup ? ApplicationCommandOptionType.SubcommandGroup : ApplicationCommandOptionType.Subcommand, options }];
  }
  return options;
}

/** One value as the option's type wants it. */
async function optionValue(store: Store, guildId: string | null, option: OptionDefinition, value: unknown): Promise<unknown> {
  if (typeof value !== 'string') return value;
  const at = ['options', option.name];
  const choice = option.choices?.find((entry) => String(entry.value) === value) ?? option.choices?.find((entry) => entry.name.toLowerCase() === value.toLowerCase());
  if (choice) return choice.value;
  switch (option.type) {
    case ApplicationCommandOptionType.Integer:
      return INTEGER_TEXT.test(value) ? Number(value.trim()) : value;
    case ApplicationCommandOptionType.Number:
      return DECIMAL_TEXT.test(value) ? Number(value.trim()) : value;
    case ApplicationCommandOptionType.Boolean:
      return value === 'true' ? true : value === 'false' ? false : value;
    case ApplicationCommandOptionType.User:
      return (await findUser(store, value, at)).id;
    case ApplicationCommandOptionType.Channel:
      return (await findChannel(store, guildId === null ? null : (await store.world.guild(guildId) ?? null), value, at)).id;
    case ApplicationCommandOptionType.Role:
      if (guildId === null) throw driverError(at, 'roles exist only in a guild');
      return (await findRole(store, guildId, value, at)).id;
    case ApplicationCommandOptionType.Mentionable:
      return mentionable(store, guildId, value, at);
    default:
      return value;
  }
}

/** A role mention or name in a guild, else a person. */
async function mentionable(store: Store, guildId: string | null, value: string, at: string[]): Promise<string> {
  if (guildId !== null && (/^<@&\d+>$/.test(value) || (await store.world.roles(guildId)).some((role) => role.name.toLowerCase() === value.replace(/^@/, '').toLowerCase()))) {
    return (await findRole(store, guildId, value, at)).id;
  }
  return (await findUser(store, value, at)).id;
}
