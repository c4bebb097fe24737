/**
 * What a guild holds that a command permission overwrite may name (its roles, channels and
 * the world's users), read once, for `overwriteWarnings` to check stored overwrites against.
 */
import type { OverwriteTargets } from '../domain/permission-overwrites.js';
import type { Store } from '../store/store.js';

export async function overwriteTargets(store: Store, guildId: string): Promise<OverwriteTargets> {
  const roles = new Set((await store.world.roles(guildId)).map((role) => role.id));
  const channels = new Set((await store.world.channels(guildId)).map((channel) => channel.id));
  const users = new Set((await store.world.users()).map((user) => user.id));
  return {
    guildId,
    isRole: (id) => roles.has(id),
    isUser: (id) => users.has(id),
    isChannel: (id) => channels.has(id),
  };
}
