/**
 * What a list option offers in its chip: its choices, True/False for a BOOLEAN, the place's
 * people, roles or channels (only of the types the option allows), in the order shown.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { IndexedOption } from '../../api/wire-types.js';
import { channelLabel, displayName, placeChannels, placeRoles, placeUsers, roleLabel, type PlaceWorld } from '../world/world-model.js';

/** One entry of a list option: its value, its label, and its group for a MENTIONABLE. */
export interface OptionEntry {
  /** Members or Roles, for a MENTIONABLE's two groups. */
  group?: string;
  value: string;
  label: string;
}

const LIST_TYPES: ReadonlySet<number> = new Set([
  ApplicationCommandOptionType.Boolean, ApplicationCommandOptionType.User, ApplicationCommandOptionType.Role,
  ApplicationCommandOptionType.Mentionable, ApplicationCommandOptionType.Channel,
]);

/** Whether the option is chosen from a list rather than typed. */
export function isListOption(option: IndexedOption): boolean {
  return (option.choices?.length ?? 0) > 0 || LIST_TYPES.has(option.type);
}

/** The entries of a list option at this place. */
export function optionEntries(option: IndexedOption, place: PlaceWorld): OptionEntry[] {
  if (option.choices?.length) return option.choices.map((choice) => ({ value: String(choice.value), label: choice.name_localized ?? choice.name }));
  const users = () => placeUsers(place).map(({ user, nick }) => ({ group: 'Members', value: user.id, label: `${displayName(user, nick)} (@${user.username})` }));
  const roles = () => placeRoles(place).map((role) => ({ group: 'Roles', value: role.id, label: roleLabel(role) }));
  switch (option.type) {
    case ApplicationCommandOptionType.Boolean:
      return [{ value: 'true', label: 'True' }, { value: 'false', label: 'False' }];
    case ApplicationCommandOptionType.User:
      return users();
    case ApplicationCommandOptionType.Role:
      return roles();
    case ApplicationCommandOptionType.Mentionable:
      return [...users(), ...roles()];
    case ApplicationCommandOptionType.Channel:
      return placeChannels(place, option.channel_types).map((channel) => ({ value: channel.id, label: channelLabel(channel) }));
    default:
      return [];
  }
}
