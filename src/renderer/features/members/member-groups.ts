/**
 * The member list's rows, as the real client groups them: in a guild, each member under
 * their highest hoisted role (highest position first), everyone else under "Members" (the
 * simulated world has no presence, so no "Online"/"Offline" split); in a DM or group DM,
 * the person and the recipients. Names are nick > global_name > username, coloured by the
 * member's highest coloured role; rows sort by name within their group.
 */
import type { APIRole, APIUser } from 'discord-api-types/v10';
import type { WireMember } from '../../api/wire-types.js';
import { compareNames, compareSnowflakes } from '../../app/text-order.js';
import { displayName, type PlaceWorld } from '../world/world-model.js';

export interface MemberRow {
  user: APIUser;
  name: string;
  /** The name's colour (`#rrggbb`), or null for the default. */
  color: string | null;
}

export interface MemberGroup {
  /** The hoisted role's id, or `members`. */
  id: string;
  label: string;
  members: MemberRow[];
}

/** The group of everyone without a hoisted role. */
export const MEMBERS_GROUP = 'members';

/** Higher position first; equal positions: the older (smaller) id first, as the client sorts roles. */
function byRank(a: APIRole, b: APIRole): number {
  return b.position - a.position || a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The member's roles, best first (@everyone, whose id is the guild's, is never among them). */
function rolesOf(member: WireMember, roles: ReadonlyMap<string, APIRole>): APIRole[] {
  return member.roles.flatMap((id) => roles.get(id) ?? []).sort(byRank);
}

/** A role colour (an RGB integer, 0 for none) as CSS. */
export function colorCss(color: number): string | null {
  return color === 0 ? null : `#${color.toString(16).padStart(6, '0')}`;
}

function byName(a: MemberRow, b: MemberRow): number {
  return compareNames(a.name, b.name) || compareSnowflakes(a.user.id, b.user.id);
}

/** A guild's members grouped by highest hoisted role, then the rest. */
export function guildMemberGroups(members: readonly WireMember[], guildRoles: readonly APIRole[]): MemberGroup[] {
  const roles = new Map(guildRoles.map((role) => [role.id, role]));
  const grouped = new Map<string, MemberRow[]>();
  for (const member of members) {
    const ranked = rolesOf(member, roles);
    const hoisted = ranked.find((role) => role.hoist);
    const colored = ranked.find((role) => role.color !== 0);
    const row = { user: member.user, name: displayName(member.user, member.nick), color: colored ? colorCss(colored.color) : null };
    const key = hoisted?.id ?? MEMBERS_GROUP;
    grouped.set(key, [...(grouped.get(key) ?? []), row]);
  }
  const hoistedGroups = [...roles.values()]
    .filter((role) => role.hoist && grouped.has(role.id))
    .sort(byRank)
    .map((role) => ({ id: role.id, label: role.name, members: (grouped.get(role.id) ?? []).sort(byName) }));
  const rest = grouped.get(MEMBERS_GROUP);
  return rest ? [...hoistedGroups, { id: MEMBERS_GROUP, label: 'Members', members: rest.sort(byName) }] : hoistedGroups;
}

/** The people of a DM or group DM: the person and the recipients. */
export function privateMemberGroups(me: APIUser | undefined, recipients: readonly APIUser[]): MemberGroup[] {
  const people = [...(me ? [me] : []), ...recipients.filter((user) => user.id !== me?.id)];
  if (people.length === 0) return [];
  const members = people.map((user) => ({ user, name: displayName(user), color: null })).sort(byName);
  return [{ id: MEMBERS_GROUP, label: 'Members', members }];
}

/** The member list of the place the person is looking at. */
export function memberGroups(place: PlaceWorld): MemberGroup[] {
  if (place.guild) return guildMemberGroups(place.guild.members, place.guild.roles);
  return privateMemberGroups(place.me, place.channel?.recipients ?? []);
}
