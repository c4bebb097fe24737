/**
 * Channels and messages in the shapes of discord-api-types v10 (`APIChannel`,
 * `APIMessage`). A channel's fields depend on its type, as in the real API: voice
 * channels have a bitrate, threads their metadata, DMs their recipients.
 */
import { InteractionType, type APIMessage, type APIMessageInteraction, type APIUser, type MessageFlags } from 'discord-api-types/v10';
import type { ChannelRecord, MessageRecord, UserRecord } from '../store/records.js';
import { snowflakeTime } from './snowflake.js';
import { apiUser } from './user-view.js';
import { isThread } from '../domain/world-rules.js';

/** What a channel's view needs besides the channel: filled in by the caller from the store. */
export interface ChannelContext {
  /** Users in a DM or group DM; the viewer is left out, as the real API does. */
  recipients: readonly UserRecord[];
  lastMessageId: string | null;
  /** A thread's creator or a group DM's owner, when known. */
  ownerId: string | null;
}

/** The channel object for `GET /channels/{id}` and `GET /guilds/{id}/channels` (an `APIChannel`). */
export function channelView(channel: ChannelRecord, context: ChannelContext): Record<string, unknown> {
  const flags = { flags: 0 };
  if (channel.guild_id === null) {
    return {
      id: channel.id, type: channel.type, last_message_id: context.lastMessageId, ...flags,
      recipients: context.recipients.map(apiUser),
      ...(channel.type === 3 ? { name: channel.name, icon: null, owner_id: context.ownerId } : {}),
    };
  }
  const base = {
    id: channel.id, type: channel.type, guild_id: channel.guild_id, name: channel.name, position: channel.position,
    permission_overwrites: [], parent_id: channel.parent_id, nsfw: channel.nsfw, ...flags,
  };
  const textual = { last_message_id: context.lastMessageId, rate_limit_per_user: 0 };
  switch (channel.type) {
    case 0:
    case 5:
      return { ...base, ...textual, topic: null, default_auto_archive_duration: 1440 };
    case 2:
    case 13:
      return { ...base, ...textual, bitrate: 64_000, user_limit: 0, rtc_region: null };
    case 15:
    case 16:
      return { ...base, topic: null, available_tags: [], default_reaction_emoji: null, default_sort_order: null, default_forum_layout: 0 };
    default:
      if (!isThread(channel.type)) return base;
      return {
        // A thread carries owner_id (storedChannelView always finds one) and message_count, as
        // the service's do: discord.py reads both and drops the whole guild when one is missing.
        ...base, ...textual, ...(context.ownerId === null ? {} : { owner_id: context.ownerId }), member_count: 0, message_count: 0,
        thread_metadata: {
          archived: false, auto_archive_duration: 1440, locked: false,
          archive_timestamp: new Date(snowflakeTime(channel.id)).toISOString(),
          create_timestamp: new Date(snowflakeTime(channel.id)).toISOString(),
        },
      };
  }
}

/** A stand-in for an author the world no longer knows. */
function unknownAuthor(id: string): APIUser {
  return { id, username: 'Deleted User', global_name: null, discriminator: '0', avatar: null };
}

/**
 * The deprecated `interaction` of a command's original response, which the service still
 * sends beside `interaction_metadata`: discord.py 2.x finds the View of a button by it.
 */
function messageInteraction(metadata: Record<string, unknown> | null): APIMessageInteraction | undefined {
  if (metadata === null || metadata.type !== 2 || typeof metadata.name !== 'string' || 'original_response_message_id' in metadata) return undefined;
  return { id: metadata.id as string, type: InteractionType.ApplicationCommand, name: metadata.name, user: metadata.user as APIUser };
}

/** The message object for `GET /channels/{id}/messages[/{id}]`. */
export function messageView(message: MessageRecord, author: UserRecord | undefined): APIMessage {
  const interaction = messageInteraction(message.interaction_metadata);
  return {
    id: message.id,
    channel_id: message.channel_id,
    author: author ? apiUser(author) : unknownAuthor(message.author_id),
    content: message.content,
    timestamp: message.timestamp,
    edited_timestamp: message.edited_timestamp,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments as unknown as APIMessage['attachments'],
    embeds: message.embeds as unknown as APIMessage['embeds'],
    components: message.components as unknown as NonNullable<APIMessage['components']>,
    pinned: false,
    type: message.type,
    flags: message.flags as MessageFlags,
    ...(message.application_id === null ? {} : { application_id: message.application_id }),
    ...(message.webhook_id === null ? {} : { webhook_id: message.webhook_id }),
    ...(message.interaction_metadata === null
      ? {}
      : { interaction_metadata: message.interaction_metadata as unknown as NonNullable<APIMessage['interaction_metadata']> }),
    ...(interaction === undefined ? {} : { interaction }),
  };
}
