/**
 * Who may hear an event, decided from the world as it is now: the members of a guild,
 * or the people who can view a channel (VIEW_CHANNEL in a guild, recipients of a DM or
 * group DM), with the same rule the read endpoints use (domain/read-visibility.ts).
 */
import { canView } from '../queries/read-visibility.js';
import type { Store } from '../store/store.js';

/** Everyone who is a member of the guild. */
export function guildMemberIds(store: Store, guildId: string): Set<string> {
  return new Set(store.world.members(guildId).map((member) => member.user_id));
}

/** Everyone who can view the channel; nobody for a channel that does not exist. */
export function channelViewerIds(store: Store, channelId: string): Set<string> {
  const channel = store.world.channel(channelId);
  if (!channel) return new Set();
  if (channel.guild_id === null) return new Set(store.world.recipients(channel.id));
  const guild = store.world.guild(channel.guild_id);
  if (!guild) return new Set();
  return new Set(store.world.members(guild.id).filter((member) => canView(store, guild, member)).map((member) => member.user_id));
}
