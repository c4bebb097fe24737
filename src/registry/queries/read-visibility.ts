/**
 * What a reader may see, the way the real service decides it: a bot sees the guilds its
 * app is installed in and the DMs it is in; a person sees the guilds they are a member of
 * and their DMs and group DMs; a guild channel needs VIEW_CHANNEL. Something that exists
 * but is out of sight is 403 Missing Access; something that does not exist is a 404.
 */
import { ServiceError } from '../http/service-error.js';
import type { ChannelRecord, GuildRecord, MemberRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { hasPermissions, memberPermissions } from '../domain/member-permissions.js';
import { PERMISSION } from '../domain/permissions.js';

/** Who reads: a bot (whose user id is its application's id) or a person. */
export interface Viewer {
  userId: string;
  bot: boolean;
}

/** The guild, when the viewer is in it. */
export async function visibleGuild(store: Store, viewer: Viewer, guildId: string): Promise<GuildRecord> {
  const guild = await store.world.guild(guildId);
  if (!guild) throw new ServiceError('unknownGuild');
  const inside = viewer.bot ? await store.world.isInstalled(guild.id, viewer.userId) : await store.world.member(guild.id, viewer.userId) !== undefined;
  if (!inside) throw new ServiceError('missingAccess');
  return guild;
}

/**
 * Whether a member may see a guild channel: VIEW_CHANNEL. A thread takes its parent's
 * permissions; the world has no per-channel overwrites yet, so for every channel, thread
 * or not, that is the member's guild-wide set.
 */
export async function canView(store: Store, guild: GuildRecord, member: MemberRecord): Promise<boolean> {
  return hasPermissions(memberPermissions(guild, member, await store.world.roles(guild.id)), PERMISSION.VIEW_CHANNEL);
}

/** The channel, when the viewer may see it. */
export async function visibleChannel(store: Store, viewer: Viewer, channelId: string): Promise<ChannelRecord> {
  const channel = await store.world.channel(channelId);
  if (!channel) throw new ServiceError('unknownChannel');
  if (channel.guild_id === null) {
    if (!(await store.world.recipients(channel.id)).includes(viewer.userId)) throw new ServiceError('missingAccess');
    return channel;
  }
  const guild = await visibleGuild(store, viewer, channel.guild_id);
  const member = await store.world.member(guild.id, viewer.userId);
  if (!member || !await canView(store, guild, member)) throw new ServiceError('missingAccess');
  return channel;
}
