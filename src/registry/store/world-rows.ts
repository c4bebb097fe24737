/**
 * World rows as SQLite holds them and their decoding into records: booleans as 0/1,
 * lists as JSON text.
 */
import type { UrlMapping } from '../../shared/url-mappings.js';
import type { ApplicationRecord, ChannelRecord, MemberRecord, RoleRecord, UserRecord } from './records.js';

/** Every application column but the token digests, which never leave the store. */
export const APPLICATION_COLUMNS =
  'id, name, owner_id, flags, interactions_endpoint_url, redirect_uris, activity_url, url_mappings, public_key, private_key';

/** Rows as SQLite returns them, before decoding. */
export type ApplicationRow = Omit<ApplicationRecord, 'redirect_uris' | 'url_mappings'> & { redirect_uris: string; url_mappings: string };
export type UserRow = Omit<UserRecord, 'bot'> & { bot: number };
export type ChannelRow = Omit<ChannelRecord, 'nsfw'> & { nsfw: number };
export type MemberRow = Omit<MemberRecord, 'roles'> & { roles: string };
export type RoleRow = Omit<RoleRecord, 'color' | 'hoist'> & { color: number; hoist: number };

/** Every role column. */
export const ROLE_COLUMNS = 'id, guild_id, name, permissions, position, color, hoist';

/** Decodes an application row (undefined when there is none). */
export function application(row: ApplicationRow | undefined): ApplicationRecord | undefined {
  if (!row) return undefined;
  return {
    id: row.id, name: row.name, owner_id: row.owner_id, flags: row.flags,
    interactions_endpoint_url: row.interactions_endpoint_url,
    redirect_uris: JSON.parse(row.redirect_uris) as string[], activity_url: row.activity_url,
    url_mappings: JSON.parse(row.url_mappings) as UrlMapping[],
    public_key: row.public_key, private_key: row.private_key,
  };
}

/** Decodes a user row (undefined when there is none). */
export function user(row: UserRow | undefined): UserRecord | undefined {
  if (!row) return undefined;
  return { id: row.id, username: row.username, global_name: row.global_name, locale: row.locale, bot: row.bot === 1 };
}

/** Decodes a channel row. */
export function channel(row: ChannelRow): ChannelRecord {
  return {
    id: row.id, guild_id: row.guild_id, name: row.name, type: row.type,
    parent_id: row.parent_id, nsfw: row.nsfw === 1, position: row.position,
  };
}

/** Decodes a role row: colour and hoist always present. */
export function role(row: RoleRow): RoleRecord {
  return {
    id: row.id, guild_id: row.guild_id, name: row.name, permissions: row.permissions, position: row.position,
    color: row.color, hoist: row.hoist === 1,
  };
}

/** Decodes a member row. */
export function member(row: MemberRow): MemberRecord {
  return {
    guild_id: row.guild_id, user_id: row.user_id, roles: JSON.parse(row.roles) as string[],
    nick: row.nick, joined_at: row.joined_at,
  };
}
