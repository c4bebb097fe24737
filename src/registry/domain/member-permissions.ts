/**
 * A member's permission bit set in a guild: the owner and administrators have every bit;
 * everyone else has @everyone's bits OR those of their roles. Both the read endpoints
 * (VIEW_CHANNEL) and command visibility (ADMINISTRATOR, default_member_permissions) ask here.
 */
import type { GuildRecord, MemberRecord, RoleRecord } from '../store/records.js';
import { PERMISSION } from './permissions.js';

/** Every permission bit the API defines today, and room to grow. */
export const ALL_PERMISSIONS = (1n << 53n) - 1n;

export function memberPermissions(guild: GuildRecord, member: MemberRecord, roles: ReadonlyArray<RoleRecord>): bigint {
  if (member.user_id === guild.owner_id) return ALL_PERMISSIONS;
  const held = new Set([guild.id, ...member.roles]);
  let bits = 0n;
  for (const role of roles) if (held.has(role.id)) bits |= BigInt(role.permissions);
  return (bits & PERMISSION.ADMINISTRATOR) === 0n ? bits : ALL_PERMISSIONS;
}

/** Whether `bits` hold every bit of `required`. */
export function hasPermissions(bits: bigint, required: bigint): boolean {
  return (bits & required) === required;
}
