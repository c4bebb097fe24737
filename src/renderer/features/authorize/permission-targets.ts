/**
 * Who a command permission overwrite can name in a guild (permissions v2): roles
 * (`@everyone` is the role whose id is the guild's), members, and channels, with "All
 * Channels" as the guild id minus one. Read from the guild the client holds from READY.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { guildMemberPermissions, hasPermissions } from '../../../shared/member-permissions.js';
import type { PermissionOverwrite } from '../../api/authorize-http.js';
import { CHANNEL_TYPE, displayName, roleLabel, type ClientGuild } from '../world/world-model.js';

export interface PermissionTarget {
  id: string;
  type: PermissionOverwrite['type'];
  label: string;
}

export const OVERWRITE_TYPE = { role: 1, user: 2, channel: 3 } as const;

/** The id that stands for every channel of the guild. */
export function allChannelsId(guildId: string): string {
  return (BigInt(guildId) - 1n).toString();
}

/**
 * Whether the person may edit command permissions in the guild: the service refuses
 * (50013) anyone without Manage Server and Manage Roles there, so only such guilds are offered.
 */
export function mayEditCommandPermissions(guild: ClientGuild, userId: string): boolean {
  const member = guild.members.find((candidate) => candidate.user.id === userId);
  if (!member) return false;
  const bits = guildMemberPermissions({ id: guild.id, ownerId: guild.ownerId, roles: guild.roles }, userId, member.roles);
  return hasPermissions(bits, PermissionFlagsBits.ManageGuild | PermissionFlagsBits.ManageRoles);
}

/** Every role, member and channel an overwrite may name, in that order. */
export function permissionTargets(guild: ClientGuild): PermissionTarget[] {
  const roles = guild.roles.map((role) => ({ id: role.id, type: OVERWRITE_TYPE.role, label: role.id === guild.id ? '@everyone' : roleLabel(role) }));
  const members = guild.members.filter((member) => !member.user.bot)
    .map((member) => ({ id: member.user.id, type: OVERWRITE_TYPE.user, label: displayName(member.user, member.nick) }));
  const channels = guild.channels
    .filter((channel) => channel.type !== CHANNEL_TYPE.GuildCategory && channel.name)
    .map((channel) => ({ id: channel.id, type: OVERWRITE_TYPE.channel, label: `#${channel.name}` }));
  return [
    ...roles, ...members,
    { id: allChannelsId(guild.id), type: OVERWRITE_TYPE.channel, label: 'All Channels' },
    ...channels,
  ] as PermissionTarget[];
}

/** An overwrite in words: "@Moderator: allowed". */
export function describeOverwrite(overwrite: PermissionOverwrite, targets: readonly PermissionTarget[]): string {
  const target = targets.find((entry) => entry.id === overwrite.id && entry.type === overwrite.type);
  return `${target?.label ?? overwrite.id}: ${overwrite.permission ? 'allowed' : 'denied'}`;
}

/** The draft with `overwrite` in it: one overwrite per target, the newest wins. */
export function withOverwrite(draft: readonly PermissionOverwrite[], overwrite: PermissionOverwrite): PermissionOverwrite[] {
  return [...draft.filter((entry) => entry.id !== overwrite.id), overwrite];
}
