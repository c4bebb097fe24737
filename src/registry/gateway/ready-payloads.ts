/**
 * What a session learns when it starts: READY, and for bots one GUILD_CREATE per guild.
 * A bot's READY lists its shard's guilds as unavailable, as the service's does, and
 * discord.js waits for their GUILD_CREATEs before it is ready. A client's READY carries
 * its guilds whole (as the real client's does), so the simulator needs one message only.
 */
import { storedChannelView } from '../queries/stored-channel-view.js';
import { guildView, memberView } from '../domain/guild-view.js';
import { currentUserView } from '../domain/user-view.js';
import { isThread } from '../domain/world-rules.js';
import type { ApplicationRecord, ChannelRecord, GuildRecord, UserRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { shardOf } from './protocol.js';
import { filterAsync, mapAsync } from '../async-lists.js';

/** Where the session is and who it is: the parts of READY that are not world state. */
export interface ReadyContext {
  sessionId: string;
  /** `ws://host/gateway`, no query, as `/gateway/bot` answers it. */
  gatewayUrl: string;
  shard: [number, number];
}

/**
 * A guild as GUILD_CREATE has it (and a client's READY): the guild object with its
 * channels, threads (apart, as `threads`), every member with its user, and the lists the
 * world does not model, empty. `viewerId` is whose `joined_at` it carries.
 */
export async function guildCreateView(store: Store, guild: GuildRecord, viewerId: string): Promise<Record<string, unknown>> {
  const members = await store.world.members(guild.id);
  const channels = await store.world.channels(guild.id);
  const users = new Map((await store.world.users()).map((user) => [user.id, user]));
  const memberViews = members.flatMap((member) => {
    const user = users.get(member.user_id);
    return user ? [memberView(member, user)] : [];
  });
  const view = async (channel: ChannelRecord) => await storedChannelView(store, channel, viewerId);
  return {
    ...guildView(guild, await store.world.roles(guild.id)),
    joined_at: members.find((member) => member.user_id === viewerId)?.joined_at ?? new Date(0).toISOString(),
    large: false,
    unavailable: false,
    member_count: memberViews.length,
    members: memberViews,
    channels: await mapAsync(channels.filter((channel) => !isThread(channel.type)), view),
    threads: await mapAsync(channels.filter((channel) => isThread(channel.type)), view),
    voice_states: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    embedded_activities: [],
  };
}

/** The bot user of an app; the world always has one, this stands in if it does not. */
async function botUser(store: Store, application: ApplicationRecord): Promise<UserRecord> {
  return await store.world.user(application.id) ?? { id: application.id, username: application.name, global_name: null, locale: null, bot: true };
}

/** The guilds of a bot's shard, by id. */
export async function shardGuilds(store: Store, application: ApplicationRecord, shard: [number, number]): Promise<GuildRecord[]> {
  const ids = (await store.world.guildsOf(application.id)).filter((id) => shardOf(id, shard[1]) === shard[0]);
  return (await mapAsync(ids, async (id) => await store.world.guild(id))).filter((guild): guild is GuildRecord => guild !== undefined);
}

/** A bot's READY and the GUILD_CREATEs that follow it. */
export async function botReady(store: Store, application: ApplicationRecord, context: ReadyContext): Promise<{ ready: unknown; guilds: unknown[] }> {
  const guilds = await shardGuilds(store, application, context.shard);
  const ready = {
    v: 10,
    user: currentUserView(await botUser(store, application)),
    guilds: guilds.map((guild) => ({ id: guild.id, unavailable: true })),
    session_id: context.sessionId,
    session_type: 'normal',
    resume_gateway_url: context.gatewayUrl,
    shard: context.shard,
    application: { id: application.id, flags: application.flags, flags_new: String(application.flags) },
    private_channels: [],
    relationships: [],
    presences: [],
    guild_join_requests: [],
    geo_ordered_rtc_regions: [],
    user_settings: {},
  };
  return { ready, guilds: await mapAsync(guilds, async (guild) => await guildCreateView(store, guild, application.id)) };
}

/** The guilds a person is a member of. */
export async function memberGuilds(store: Store, userId: string): Promise<GuildRecord[]> {
  return await filterAsync(await store.world.guilds(), async (guild) => (await store.world.member(guild.id, userId)) !== undefined);
}

/**
 * A client's READY: the person (with locale), their guilds whole, their DMs and group DMs,
 * and the Activity instances running where they are (so a page opened after a launch offers
 * Join on its launch message, as EMBEDDED_ACTIVITY_UPDATE would tell a page that was open).
 */
export async function clientReady(store: Store, user: UserRecord, context: ReadyContext): Promise<unknown> {
  const mine = await filterAsync(await store.world.privateChannels(), async (channel) => (await store.world.recipients(channel.id)).includes(user.id));
  const privateChannels = await mapAsync(mine, async (channel) => await storedChannelView(store, channel, user.id));
  const guilds = await memberGuilds(store, user.id);
  const places = new Set([...guilds.map((guild) => guild.id), ...mine.map((channel) => channel.id)]);
  const running = (await store.activities.running()).filter((instance) => places.has(instance.guild_id ?? instance.channel_id));
  return {
    v: 10,
    user: currentUserView(user),
    user_settings: { locale: user.locale ?? 'en-US' },
    guilds: await mapAsync(guilds, async (guild) => await guildCreateView(store, guild, user.id)),
    private_channels: privateChannels,
    embedded_activities: running.map((instance) => ({
      instance_id: instance.id, application_id: instance.application_id, channel_id: instance.channel_id, guild_id: instance.guild_id,
      participants: [...instance.participants],
    })),
    session_id: context.sessionId,
    session_type: 'normal',
    resume_gateway_url: context.gatewayUrl,
    relationships: [],
    presences: [],
  };
}
