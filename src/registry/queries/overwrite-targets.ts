/**
 * What a guild holds that a command permission overwrite may name (its roles, channels and
 * the world's users), read once, for `overwriteWarnings` to check stored overwrites against.
 */
import type { OverwriteTargets } from '../domain/permission-overwrites.js';
import type { Store } from '../store/store.js';

export function overwriteTargets(store: Store, guildId: string): OverwriteTargets {
  const roles = new Set(store.world.roles(guildId).map((role) => role.id));
  const channels = new Set(store.world.channels(guildId).map((channel) => channel.id));
  return {
    guildId,
    isRole: (id) => roles.has(id),
    isUser: (id) => store.world.user(id) !== undefined,
    isChannel: (id) => channels.has(id),
  };
}
