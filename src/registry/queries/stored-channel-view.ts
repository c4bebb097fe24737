/**
 * A channel's view filled in from the store (its recipients, last message, owner), for the
 * routes, the gateway and interaction payloads.
 */
import { channelView, type ChannelContext, type ChannelView } from '../domain/channel-view.js';
import type { ChannelRecord, UserRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { isThread } from '../domain/world-rules.js';
import { mapAsync } from '../async-lists.js';

/** A thread's owner: the world file names no thread creator, so its guild's owner stands in. */
async function threadOwner(store: Store, channel: ChannelRecord): Promise<string | null> {
  return channel.guild_id === null ? null : ((await store.world.guild(channel.guild_id))?.owner_id ?? null);
}

/**
 * A channel's view with what the store knows about it; `viewerId` (null for the
 * management API) is left out of a DM's recipients. A group DM's owner is its first recipient.
 */
export async function storedChannelView(store: Store, channel: ChannelRecord, viewerId: string | null): Promise<ChannelView> {
  return channelView(channel, { ...await channelSurroundings(store, channel, viewerId), lastMessageId: await store.messages.lastMessageId(channel.id) });
}

/**
 * What the world says around a channel (its recipients but the viewer, its owner): all of its
 * view but the last message, which the messages table keeps and every message changes.
 */
export async function channelSurroundings(store: Store, channel: ChannelRecord, viewerId: string | null): Promise<Omit<ChannelContext, 'lastMessageId'>> {
  const recipientIds = channel.guild_id === null ? await store.world.recipients(channel.id) : [];
  const others = recipientIds.filter((id) => id !== viewerId);
  const recipients = (await mapAsync(others, async (id) => await store.world.user(id))).filter((user): user is UserRecord => user !== undefined);
  return {
    recipients,
    ownerId: channel.type === 3 ? (recipientIds[0] ?? null) : isThread(channel.type) ? await threadOwner(store, channel) : null,
  };
}
