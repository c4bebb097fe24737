/**
 * A member's permission bit set in a guild, from the store's records (the computation is
 * shared with the client). Both the read endpoints (VIEW_CHANNEL) and command visibility
 * (ADMINISTRATOR, default_member_permissions) ask here.
 */
import { guildMemberPermissions } from '../../shared/member-permissions.js';
import type { GuildRecord, MemberRecord, RoleRecord } from '../store/records.js';

export { ALL_PERMISSIONS, hasPermissions } from '../../shared/member-permissions.js';

export function memberPermissions(guild: GuildRecord, member: MemberRecord, roles: ReadonlyArray<RoleRecord>): bigint {
  return guildMemberPermissions({ id: guild.id, ownerId: guild.owner_id, roles }, member.user_id, member.roles);
}
