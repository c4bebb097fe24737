/**
 * Guilds, roles and members in the shapes of discord-api-types v10, so discord.js and
 * other libraries parse what the read endpoints answer without special cases. Fields the
 * simulated world does not model read as a plain new guild's do.
 */
import type {
  APIGuild, APIGuildMember, APIRole, GuildMemberFlags, GuildSystemChannelFlags, RoleFlags,
} from 'discord-api-types/v10';
import type { GuildRecord, MemberRecord, RoleRecord, UserRecord } from '../store/records.js';
import { apiUser } from './user-view.js';

/** A role as `GET /guilds/{id}/roles` and the guild object list it: permissions as a decimal string. */
export function roleView(role: RoleRecord): APIRole {
  return {
    id: role.id,
    name: role.name,
    color: role.color ?? 0,
    colors: { primary_color: role.color ?? 0, secondary_color: null, tertiary_color: null },
    hoist: role.hoist ?? false,
    icon: null,
    unicode_emoji: null,
    position: role.position,
    permissions: role.permissions,
    managed: false,
    mentionable: false,
    flags: 0 as RoleFlags,
  };
}

/**
 * What the service sends beyond discord-api-types' `APIGuild`, as Discord's OpenAPI spec
 * requires it: `home_header`, `region` (voice regions moved to channels; the service
 * answers "deprecated") and `nsfw`.
 */
type GuildView = APIGuild & { home_header: null; region: string; nsfw: boolean };

/** The full guild object, roles included, as `GET /guilds/{id}` answers it. */
export function guildView(guild: GuildRecord, roles: readonly RoleRecord[]): GuildView {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    home_header: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.owner_id,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: roles.map(roleView),
    emojis: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0 as GuildSystemChannelFlags,
    rules_channel_id: null,
    max_presences: null,
    max_members: 500_000,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    premium_subscription_count: 0,
    preferred_locale: guild.locale as APIGuild['preferred_locale'],
    public_updates_channel_id: null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw: false,
    nsfw_level: 0,
    stickers: [],
    premium_progress_bar_enabled: false,
    hub_type: null,
    safety_alerts_channel_id: null,
    incidents_data: null,
  };
}

/** A member with its user; `roles` never lists @everyone (the guild's id), as in the real API. */
export function memberView(member: MemberRecord, user: UserRecord): APIGuildMember {
  return {
    user: apiUser(user),
    nick: member.nick,
    avatar: null,
    banner: null,
    roles: member.roles.filter((role) => role !== member.guild_id),
    joined_at: member.joined_at,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}
