/**
 * A member's permission bit set in a guild, the one computation the registry and the client
 * share: the owner and administrators have every bit; everyone else has @everyone's bits
 * (the role whose id is the guild's) OR those of their roles.
 */

/** Every permission bit the API defines today, and room to grow. */
export const ALL_PERMISSIONS = (1n << 53n) - 1n;

const ADMINISTRATOR = 1n << 3n;

export interface PermissionGuild {
  id: string;
  ownerId: string;
  roles: ReadonlyArray<{ id: string; permissions: string }>;
}

export function guildMemberPermissions(guild: PermissionGuild, userId: string, memberRoles: readonly string[]): bigint {
  if (userId === guild.ownerId) return ALL_PERMISSIONS;
  const held = new Set([guild.id, ...memberRoles]);
  let bits = 0n;
  for (const role of guild.roles) if (held.has(role.id)) bits |= BigInt(role.permissions);
  return (bits & ADMINISTRATOR) === 0n ? bits : ALL_PERMISSIONS;
}

/** Whether `bits` hold every bit of `required`. */
export function hasPermissions(bits: bigint, required: bigint): boolean {
  return (bits & required) === required;
}
