/**
 * Who may hear an event, decided from the world as it is now: the members of a guild,
 * or the people who can view a channel (VIEW_CHANNEL in a guild, recipients of a DM or
 * group DM), with the same rule the read endpoints use (domain/read-visibility.ts).
 */
import { canView } from '../queries/read-visibility.js';
import type { Store } from '../store/store.js';
import { filterAsync } from '../async-lists.js';

/** Everyone who is a member of the guild. */
export async function guildMemberIds(store: Store, guildId: string): Promise<Set<string>> {
  return new Set((await store.world.members(guildId)).map((member) => member.user_id));
}

/** Everyone who can view the channel; nobody for a channel that does not exist. */
export async function channelViewerIds(store: Store, channelId: string): Promise<Set<string>> {
  const channel = await store.world.channel(channelId);
  if (!channel) return new Set();
  if (channel.guild_id === null) return new Set(await store.world.recipients(channel.id));
  const guild = await store.world.guild(channel.guild_id);
  if (!guild) return new Set();
  const viewers = await filterAsync(await store.world.members(guild.id), async (member) => await canView(store, guild, member));
  return new Set(viewers.map((member) => member.user_id));
}
