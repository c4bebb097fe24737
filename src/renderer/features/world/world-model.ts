/**
 * The world as the client holds it after READY: guilds with their channels (threads among
 * them), roles and members, and the person's DMs and group DMs. Plain data and pure reads,
 * so the slices and the pickers share one way of naming and finding things.
 */
import type { APIRole, APIUser } from 'discord-api-types/v10';
import type { InvocationLookup } from '../../../shared/invocation/index.js';
import type { WireChannel, WireGuild, WireMember } from '../../api/wire-types.js';
import { compareSnowflakes } from '../../app/text-order.js';

export interface ClientGuild {
  id: string;
  name: string;
  ownerId: string;
  roles: APIRole[];
  /** Channels and threads together, as the sidebar and the channel picker list them. */
  channels: WireChannel[];
  members: WireMember[];
}

/** The place the DMs live under, in the guild list's first button. */
export const HOME = '@me';

export const CHANNEL_TYPE = {
  GuildText: 0, DM: 1, GuildVoice: 2, GroupDM: 3, GuildCategory: 4, GuildAnnouncement: 5,
  AnnouncementThread: 10, PublicThread: 11, PrivateThread: 12, GuildStageVoice: 13, GuildForum: 15, GuildMedia: 16,
} as const;

export function isThread(type: number): boolean {
  return type === CHANNEL_TYPE.AnnouncementThread || type === CHANNEL_TYPE.PublicThread || type === CHANNEL_TYPE.PrivateThread;
}

/** A guild of READY as the client keeps it. */
export function clientGuild(guild: WireGuild): ClientGuild {
  return {
    id: guild.id, name: guild.name, ownerId: guild.owner_id, roles: guild.roles,
    channels: [...guild.channels, ...guild.threads.map((thread) => ({ ...thread, guild_id: guild.id }))],
    members: guild.members,
  };
}

/** The guild a channel or thread belongs to (undefined for DMs): interactions name it. */
export function guildOfChannel(guilds: readonly ClientGuild[], channelId: string): string | undefined {
  return guilds.find((guild) => guild.channels.some((channel) => channel.id === channelId))?.id;
}

/** How a person is named: their nick in the guild, else their display name, else their username. */
export function displayName(user: Pick<APIUser, 'username' | 'global_name'>, nick?: string | null): string {
  return nick || user.global_name || user.username;
}

/** A channel's name as the sidebar shows it: DMs by the other people in them. */
export function channelLabel(channel: WireChannel): string {
  if (channel.type === CHANNEL_TYPE.DM || channel.type === CHANNEL_TYPE.GroupDM) {
    if (channel.name) return channel.name;
    const names = (channel.recipients ?? []).map((user) => displayName(user));
    return names.length > 0 ? names.join(', ') : 'Empty DM';
  }
  return channel.name ?? channel.id;
}

/** A sidebar row: a category with its channels, or a channel with its threads. */
export interface ChannelNode {
  channel: WireChannel;
  children: ChannelNode[];
}

function byPosition(a: WireChannel, b: WireChannel): number {
  // Voice channels sort below text channels in a category, as in the real client.
  const voice = (channel: WireChannel) => (channel.type === CHANNEL_TYPE.GuildVoice || channel.type === CHANNEL_TYPE.GuildStageVoice ? 1 : 0);
  return voice(a) - voice(b) || (a.position ?? 0) - (b.position ?? 0) || compareSnowflakes(a.id, b.id);
}

/**
 * The guild's sidebar: channels without a category first, then each category with its
 * channels; threads under their parent channel.
 */
export function channelTree(channels: readonly WireChannel[]): ChannelNode[] {
  const threadsOf = (parentId: string): ChannelNode[] => channels
    .filter((channel) => isThread(channel.type) && channel.parent_id === parentId)
    .sort(byPosition)
    .map((channel) => ({ channel, children: [] }));
  const withThreads = (channel: WireChannel): ChannelNode => ({ channel, children: threadsOf(channel.id) });
  const plain = channels.filter((channel) => !isThread(channel.type) && channel.type !== CHANNEL_TYPE.GuildCategory);
  const categoryIds = new Set(channels.filter((channel) => channel.type === CHANNEL_TYPE.GuildCategory).map((channel) => channel.id));
  const loose = plain.filter((channel) => !channel.parent_id || !categoryIds.has(channel.parent_id)).sort(byPosition).map(withThreads);
  const categories = channels
    .filter((channel) => channel.type === CHANNEL_TYPE.GuildCategory)
    .sort(byPosition)
    .map((category) => ({
      channel: category,
      children: plain.filter((channel) => channel.parent_id === category.id).sort(byPosition).map(withThreads),
    }));
  return [...loose, ...categories];
}

/** Whether messages can be read and commands used in a channel (not a category). */
export function isMessageChannel(channel: WireChannel): boolean {
  return channel.type !== CHANNEL_TYPE.GuildCategory && channel.type !== CHANNEL_TYPE.GuildForum && channel.type !== CHANNEL_TYPE.GuildMedia;
}

/** The first channel worth opening in a guild: its first text channel in sidebar order. */
export function firstChannel(channels: readonly WireChannel[]): WireChannel | undefined {
  const flat = channelTree(channels).flatMap((node) => (node.channel.type === CHANNEL_TYPE.GuildCategory ? node.children : [node]));
  return flat.find((node) => node.channel.type === CHANNEL_TYPE.GuildText)?.channel ?? flat.find((node) => isMessageChannel(node.channel))?.channel;
}

/** What the options form can pick from and check ids against at one place. */
export interface PlaceWorld {
  guild: ClientGuild | undefined;
  channel: WireChannel | undefined;
  me: APIUser | undefined;
}

/** The people an option may name here: guild members, or the people in the DM. */
export function placeUsers(place: PlaceWorld): Array<{ user: APIUser; nick: string | null }> {
  if (place.guild) return place.guild.members.map((member) => ({ user: member.user, nick: member.nick ?? null }));
  const people = [...(place.me ? [place.me] : []), ...(place.channel?.recipients ?? [])];
  return people.map((user) => ({ user, nick: null }));
}

/** A role as people read it: `@name`; the @everyone role's name already carries its `@`. */
export function roleLabel(role: Pick<APIRole, 'name'>): string {
  return role.name.startsWith('@') ? role.name : `@${role.name}`;
}

/** The roles an option may name here (none outside a guild). */
export function placeRoles(place: PlaceWorld): APIRole[] {
  return place.guild ? [...place.guild.roles].sort((a, b) => b.position - a.position) : [];
}

/** The channels an option may name here, of the allowed types when the option lists them. */
export function placeChannels(place: PlaceWorld, channelTypes?: readonly number[]): WireChannel[] {
  const channels = place.guild ? place.guild.channels : place.channel ? [place.channel] : [];
  return channels.filter((channel) => !channelTypes || channelTypes.length === 0 || channelTypes.includes(channel.type));
}

/** The shared check's view of this place: which ids name users, roles and channels. */
export function placeLookup(place: PlaceWorld): InvocationLookup {
  const users = new Set(placeUsers(place).map((entry) => entry.user.id));
  const roles = new Set(placeRoles(place).map((role) => role.id));
  const channels = new Map(placeChannels(place).map((channel) => [channel.id, channel.type]));
  return {
    user: (id) => users.has(id),
    role: (id) => roles.has(id),
    channel: (id) => (channels.has(id) ? { type: channels.get(id) as number } : undefined),
    attachment: () => false,
  };
}
