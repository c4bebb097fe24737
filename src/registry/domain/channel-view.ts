/**
 * Channels in the shapes of discord-api-types v10, one typed view per channel type, as the
 * real API has them: voice channels have a bitrate, forums their tags, threads their
 * metadata (and no position or overwrites of their own), DMs their recipients.
 */
import {
  ChannelType, ForumLayoutType, type APIChannel, type APIDMChannel, type APIGroupDMChannel,
  type APIGuildCategoryChannel, type APIGuildChannel, type APIGuildForumChannel, type APIGuildMediaChannel,
  type APIGuildStageVoiceChannel, type APIGuildVoiceChannel, type APINewsChannel,
  type APITextChannel, type APIThreadChannel, type APIThreadMetadata, type ThreadChannelType,
} from 'discord-api-types/v10';
import type { ChannelRecord, UserRecord } from '../store/records.js';
import { NO_FLAGS } from './no-flags.js';
import { snowflakeTime } from './snowflake.js';
import { apiUser } from './user-view.js';

/** What a channel's view needs besides the channel: filled in by the caller from the store. */
export interface ChannelContext {
  /** Users in a DM or group DM; the viewer is left out, as the real API does. */
  recipients: readonly UserRecord[];
  lastMessageId: string | null;
  /** A thread's creator or a group DM's owner, when known. */
  ownerId: string | null;
}

/**
 * Every channel the registry answers with. Directory channels (type 14, only in hub
 * guilds) are outside discord-api-types' `APIChannel`; they read as a plain guild channel.
 */
export type ChannelView = APIChannel | APIGuildChannel<ChannelType.GuildDirectory>;

/** The fields every guild channel but a thread has. */
function guildBase(channel: ChannelRecord & { guild_id: string }) {
  return {
    id: channel.id, guild_id: channel.guild_id, name: channel.name ?? '', position: channel.position,
    permission_overwrites: [], nsfw: channel.nsfw, flags: NO_FLAGS,
  };
}

/** A thread's metadata: never archived or locked here, created with its id. */
function threadMetadata(channel: ChannelRecord, type: ThreadChannelType): APIThreadMetadata {
  const created = new Date(snowflakeTime(channel.id)).toISOString();
  return {
    archived: false, auto_archive_duration: 1440, locked: false, archive_timestamp: created, create_timestamp: created,
    ...(type === ChannelType.PrivateThread ? { invitable: true } : {}),
  };
}

/**
 * A thread carries owner_id (storedChannelView always finds one) and message_count, as the
 * service's do: discord.py reads both and drops the whole guild when one is missing.
 */
function threadView(
  channel: ChannelRecord & { guild_id: string }, type: ThreadChannelType, context: ChannelContext,
): APIThreadChannel {
  return {
    id: channel.id, type, guild_id: channel.guild_id, name: channel.name ?? '', nsfw: channel.nsfw, flags: NO_FLAGS,
    ...(channel.parent_id === null ? {} : { parent_id: channel.parent_id }),
    last_message_id: context.lastMessageId, rate_limit_per_user: 0,
    ...(context.ownerId === null ? {} : { owner_id: context.ownerId }),
    member_count: 0, message_count: 0, total_message_sent: 0,
    thread_metadata: threadMetadata(channel, type),
  } satisfies APIThreadChannel;
}

/** A DM or group DM: its recipients but the viewer, and a group's name, icon and owner. */
function privateView(channel: ChannelRecord, context: ChannelContext): APIDMChannel | APIGroupDMChannel {
  const shared = { id: channel.id, last_message_id: context.lastMessageId, flags: NO_FLAGS, recipients: context.recipients.map(apiUser) };
  if (channel.type !== ChannelType.GroupDM) return { ...shared, type: ChannelType.DM, name: null } satisfies APIDMChannel;
  return {
    ...shared, type: ChannelType.GroupDM, name: channel.name, icon: null,
    ...(context.ownerId === null ? {} : { owner_id: context.ownerId }),
  } satisfies APIGroupDMChannel;
}

/** The channel object for `GET /channels/{id}`, `GET /guilds/{id}/channels`, GUILD_CREATE and CHANNEL_*. */
export function channelView(channel: ChannelRecord, context: ChannelContext): ChannelView {
  const guildId = channel.guild_id;
  if (guildId === null) return privateView(channel, context);
  const inGuild = { ...channel, guild_id: guildId };
  const base = guildBase(inGuild);
  const parent = { parent_id: channel.parent_id };
  const textual = { last_message_id: context.lastMessageId, rate_limit_per_user: 0 };
  const voice = { ...base, ...parent, ...textual, bitrate: 64_000, user_limit: 0, rtc_region: null };
  const threadOnly = { ...base, ...parent, topic: null, available_tags: [], default_reaction_emoji: null, default_sort_order: null };
  const type = channel.type;
  switch (type) {
    case ChannelType.GuildText:
      return { ...base, ...parent, ...textual, type, topic: null, default_auto_archive_duration: 1440 } satisfies APITextChannel;
    case ChannelType.GuildAnnouncement:
      return { ...base, ...parent, ...textual, type, topic: null, default_auto_archive_duration: 1440 } satisfies APINewsChannel;
    case ChannelType.GuildVoice:
      return { ...voice, type } satisfies APIGuildVoiceChannel;
    case ChannelType.GuildStageVoice:
      return { ...voice, type } satisfies APIGuildStageVoiceChannel;
    case ChannelType.GuildForum:
      return { ...threadOnly, type, default_forum_layout: ForumLayoutType.NotSet } satisfies APIGuildForumChannel;
    case ChannelType.GuildMedia:
      return { ...threadOnly, type } satisfies APIGuildMediaChannel;
    case ChannelType.GuildCategory:
      return { ...base, parent_id: null, type } satisfies APIGuildCategoryChannel;
    case ChannelType.PublicThread:
    case ChannelType.PrivateThread:
    case ChannelType.AnnouncementThread:
      return threadView(inGuild, type, context);
    default:
      return { ...base, ...parent, type: ChannelType.GuildDirectory } satisfies APIGuildChannel<ChannelType.GuildDirectory>;
  }
}
