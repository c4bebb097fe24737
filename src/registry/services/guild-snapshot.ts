/**
 * Guilds as the store holds them, before and after a world edit, and what the edit
 * changed in them (domain/guild-diff.ts), for the gateway to tell connected bots.
 */
import { diffGuild, type GuildEdits, type GuildSnapshot } from '../domain/guild-diff.js';
import type { Store } from '../store/store.js';
import { mapAsync } from '../async-lists.js';

/** A guild with its roles, channels, members (with their users) and installs; undefined when there is none. */
export async function snapshotGuild(store: Store, guildId: string): Promise<GuildSnapshot | undefined> {
  const guild = await store.world.guild(guildId);
  if (!guild) return undefined;
  const members = (await mapAsync(await store.world.members(guildId), async (member) => {
    const user = await store.world.user(member.user_id);
    return user ? [{ member, user }] : [];
  })).flat();
  return {
    guild, roles: await store.world.roles(guildId), channels: await store.world.channels(guildId), members, installs: await store.world.installs(guildId),
  };
}

/**
 * Runs `work` and answers what it changed in the guilds `guildIds` names (asked before and
 * after the work, so a guild the work creates is seen too). Guilds with no change are left out.
 */
export async function trackGuilds<T>(
  store: Store, guildIds: () => readonly string[] | Promise<readonly string[]>, work: () => Promise<T>,
): Promise<{ result: T; changes: GuildEdits[] }> {
  const before = new Map(await mapAsync(await guildIds(), async (id) => [id, await snapshotGuild(store, id)] as const));
  const result = await work();
  const ids = [...new Set([...before.keys(), ...(await guildIds())])];
  const changes = await mapAsync(ids, async (guildId) => ({ guildId, edits: diffGuild(before.get(guildId), await snapshotGuild(store, guildId)) }));
  return { result, changes: changes.filter((change) => change.edits.length > 0) };
}
