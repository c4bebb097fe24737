/**
 * Guilds as the store holds them, before and after a world edit, and what the edit
 * changed in them (domain/guild-diff.ts), for the gateway to tell connected bots.
 */
import { diffGuild, type GuildEdits, type GuildSnapshot } from '../domain/guild-diff.js';
import type { Store } from '../store/store.js';

/** A guild with its roles, channels, members (with their users) and installs; undefined when there is none. */
export function snapshotGuild(store: Store, guildId: string): GuildSnapshot | undefined {
  const guild = store.world.guild(guildId);
  if (!guild) return undefined;
  const members = store.world.members(guildId).flatMap((member) => {
    const user = store.world.user(member.user_id);
    return user ? [{ member, user }] : [];
  });
  return {
    guild, roles: store.world.roles(guildId), channels: store.world.channels(guildId), members, installs: store.world.installs(guildId),
  };
}

/**
 * Runs `work` and answers what it changed in the guilds `guildIds` names (asked before and
 * after the work, so a guild the work creates is seen too). Guilds with no change are left out.
 */
export function trackGuilds<T>(store: Store, guildIds: () => readonly string[], work: () => T): { result: T; changes: GuildEdits[] } {
  const before = new Map(guildIds().map((id) => [id, snapshotGuild(store, id)]));
  const result = work();
  const ids = new Set([...before.keys(), ...guildIds()]);
  const changes = [...ids]
    .map((guildId) => ({ guildId, edits: diffGuild(before.get(guildId), snapshotGuild(store, guildId)) }))
    .filter((change) => change.edits.length > 0);
  return { result, changes };
}
