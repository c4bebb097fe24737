/**
 * How mentions in text read (`<@id>` as @name, `<@&id>` as @role, `<#id>` as #channel),
 * from the world the client holds at the open place. Provided around the message list.
 */
import { createContext } from 'react';
import type { PlaceWorld } from '../world/world-model.js';
import { channelLabel, displayName, placeChannels, placeRoles, placeUsers } from '../world/world-model.js';

export interface MentionNames {
  user(id: string): string | undefined;
  role(id: string): string | undefined;
  channel(id: string): string | undefined;
}

export const NO_NAMES: MentionNames = { user: () => undefined, role: () => undefined, channel: () => undefined };

export const MentionContext = createContext<MentionNames>(NO_NAMES);

/** The names of the place's people, roles and channels (a role's without the @ that @everyone's name carries: the text adds it). */
export function mentionNames(place: PlaceWorld): MentionNames {
  const users = new Map(placeUsers(place).map(({ user, nick }) => [user.id, displayName(user, nick)]));
  const roles = new Map(placeRoles(place).map((role) => [role.id, role.name.replace(/^@/, '')]));
  const channels = new Map(placeChannels(place).map((channel) => [channel.id, channelLabel(channel)]));
  return { user: (id) => users.get(id), role: (id) => roles.get(id), channel: (id) => channels.get(id) };
}
