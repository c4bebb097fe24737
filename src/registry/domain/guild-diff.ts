/**
 * What a world edit changed inside a guild, found by comparing the guild before and after:
 * apps installed and uninstalled, roles, channels and members created, updated or deleted.
 * The gateway turns each into the event a connected bot hears (GUILD_CREATE, GUILD_DELETE,
 * GUILD_ROLE_*, CHANNEL_*, THREAD_*, GUILD_MEMBER_*). Comparing states rather than
 * listing what each route meant to do also catches the side effects: a deleted role taken
 * from its members, a deleted channel's threads, an uninstalled app's bot leaving.
 */
import type { ChannelRecord, GuildRecord, MemberRecord, RoleRecord, UserRecord } from '../store/records.js';

/** A guild and everything in it, as the store holds it at one moment. */
export interface GuildSnapshot {
  guild: GuildRecord;
  roles: RoleRecord[];
  channels: ChannelRecord[];
  /** Each member with their user, so a member who left (or whose user was deleted) can still be named. */
  members: Array<{ member: MemberRecord; user: UserRecord }>;
  installs: string[];
}

export type EditChange = 'create' | 'update' | 'delete';

/** One change inside a guild. */
export type GuildEdit =
  | { kind: 'install'; applicationId: string }
  | { kind: 'uninstall'; applicationId: string }
  | { kind: 'guild'; guild: GuildRecord }
  | { kind: 'role'; change: EditChange; role: RoleRecord }
  | { kind: 'channel'; change: EditChange; channel: ChannelRecord }
  | { kind: 'member'; change: EditChange; member: MemberRecord; user: UserRecord };

/** The changes of one guild, in the order bots should hear them. */
export interface GuildEdits {
  guildId: string;
  edits: GuildEdit[];
}

/** Records are plain data from the store: equal when their fields are. */
function same(first: unknown, second: unknown): boolean {
  return JSON.stringify(first) === JSON.stringify(second);
}

/** Created, updated and deleted entries of two lists keyed by id. */
function compare<T>(before: readonly T[], after: readonly T[], key: (item: T) => string) {
  const old = new Map(before.map((item) => [key(item), item]));
  const now = new Map(after.map((item) => [key(item), item]));
  return {
    created: after.filter((item) => !old.has(key(item))),
    updated: after.filter((item) => old.has(key(item)) && !same(old.get(key(item)), item)),
    deleted: before.filter((item) => !now.has(key(item))),
  };
}

/**
 * The edits that turn `before` into `after`. A guild that is new gets only its installs:
 * the GUILD_CREATE each bot then receives carries the rest. Order: bots that left, the
 * guild itself (its name, owner or locale), roles and channels that appeared or changed (members may name them), members, then what
 * was deleted, and last the bots that joined, whose GUILD_CREATE shows the final state.
 */
export function diffGuild(before: GuildSnapshot | undefined, after: GuildSnapshot | undefined): GuildEdit[] {
  if (!after) return (before?.installs ?? []).map((applicationId) => ({ kind: 'uninstall', applicationId }));
  const installed = after.installs.filter((id) => !before?.installs.includes(id)).map((applicationId) => ({ kind: 'install' as const, applicationId }));
  if (!before) return installed;
  const uninstalled = before.installs.filter((id) => !after.installs.includes(id)).map((applicationId) => ({ kind: 'uninstall' as const, applicationId }));
  const roles = compare(before.roles, after.roles, (role) => role.id);
  const channels = compare(before.channels, after.channels, (channel) => channel.id);
  const members = compare(before.members, after.members, (entry) => entry.member.user_id);
  const role = (change: EditChange) => (item: RoleRecord): GuildEdit => ({ kind: 'role', change, role: item });
  const channel = (change: EditChange) => (item: ChannelRecord): GuildEdit => ({ kind: 'channel', change, channel: item });
  const member = (change: EditChange) => (item: { member: MemberRecord; user: UserRecord }): GuildEdit => ({ kind: 'member', change, ...item });
  const guild: GuildEdit[] = same(before.guild, after.guild) ? [] : [{ kind: 'guild', guild: after.guild }];
  return [
    ...uninstalled,
    ...guild,
    ...roles.created.map(role('create')), ...roles.updated.map(role('update')),
    ...channels.created.map(channel('create')), ...channels.updated.map(channel('update')),
    ...members.created.map(member('create')), ...members.updated.map(member('update')), ...members.deleted.map(member('delete')),
    ...channels.deleted.map(channel('delete')), ...roles.deleted.map(role('delete')),
    ...installed,
  ];
}
