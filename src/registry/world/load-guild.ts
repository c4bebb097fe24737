/**
 * Loads one guild of a world file: the guild, then its roles, channels, members and
 * installed apps, each replacing what the store held for that guild. Members keep their
 * `joined_at` across reloads unless the file gives one, and every installed app's bot is
 * a member, as in the real service.
 */
import type { WorldFile } from '../../shared/world-file.js';
import { channelIdProblem, parentProblem } from '../domain/world-rules.js';
import { DEFAULT_EVERYONE_PERMISSIONS } from '../domain/permissions.js';
import type { Store } from '../store/store.js';
import { problem, refuse, WorldError, WORLD_CODES } from './world-error.js';

type WorldGuild = WorldFile['guilds'][number];
type Path = Array<string | number>;

/** The clock (for new members' `joined_at`) and the id generator (for entry point commands). */
export interface LoadContext {
  now: () => number;
  nextId: () => string;
}

/** Loads one guild at `at` (its path in the file, for messages naming the field). */
export async function loadGuild(store: Store, guild: WorldGuild, at: Path, context: LoadContext): Promise<void> {
  if (!await store.world.user(guild.owner_id)) throw new WorldError(problem([...at, 'owner_id'], `unknown user "${guild.owner_id}"`));
  await store.world.putGuild({ id: guild.id, name: guild.name, owner_id: guild.owner_id, locale: guild.locale ?? 'en-US' });
  const roleIds = await loadRoles(store, guild, at);
  await loadChannels(store, guild, at);
  await loadMembers(store, guild, at, roleIds, context);
}

async function loadRoles(store: Store, guild: WorldGuild, at: Path): Promise<Set<string>> {
  for (const [index, role] of guild.roles.entries()) {
    const other = await store.world.role(role.id);
    if (other && other.guild_id !== guild.id) {
      throw new WorldError(problem([...at, 'roles', index, 'id'], `already a role of guild "${other.guild_id}"`, WORLD_CODES.taken));
    }
  }
  const roleIds = new Set([guild.id, ...guild.roles.map((role) => role.id)]);
  const offset = guild.roles.some((role) => role.id === guild.id) ? 0 : 1;
  if (offset === 1) {
    await store.world.putRole({ id: guild.id, guild_id: guild.id, name: '@everyone', permissions: DEFAULT_EVERYONE_PERMISSIONS, position: 0 });
  }
  for (const [index, role] of guild.roles.entries()) {
    // @everyone is always at the bottom.
    const position = role.id === guild.id ? 0 : (role.position ?? index + offset);
    await store.world.putRole({
      id: role.id, guild_id: guild.id, name: role.name, permissions: role.permissions, position, color: role.color ?? 0, hoist: role.hoist ?? false,
    });
  }
  for (const old of await store.world.roles(guild.id)) if (!roleIds.has(old.id)) await store.world.deleteRole(old);
  return roleIds;
}

async function loadChannels(store: Store, guild: WorldGuild, at: Path): Promise<void> {
  const inFile = new Map(guild.channels.map((channel) => [channel.id, channel]));
  for (const [index, channel] of guild.channels.entries()) {
    const here = [...at, 'channels', index];
    refuse(here, channelIdProblem(await store.world.channel(channel.id), guild.id));
    refuse(here, parentProblem(channel, channel.parent_id ? inFile.get(channel.parent_id) : undefined));
  }
  for (const [index, channel] of guild.channels.entries()) {
    await store.world.putChannel({
      id: channel.id, guild_id: guild.id, name: channel.name, type: channel.type,
      parent_id: channel.parent_id ?? null, nsfw: channel.nsfw ?? false, position: channel.position ?? index,
    });
  }
  // Only after every kept channel has its new parent, so deleting an old one takes no kept thread along.
  for (const old of await store.world.channels(guild.id)) if (!inFile.has(old.id)) await store.world.deleteChannel(old.id);
}

async function loadMembers(store: Store, guild: WorldGuild, at: Path, roleIds: Set<string>, context: LoadContext): Promise<void> {
  const now = new Date(context.now()).toISOString();
  const kept = new Set<string>();
  for (const [index, member] of guild.members.entries()) {
    const here = [...at, 'members', index];
    if (!await store.world.user(member.user_id)) throw new WorldError(problem([...here, 'user_id'], `unknown user "${member.user_id}"`));
    const unknownRole = member.roles.findIndex((role) => !roleIds.has(role));
    if (unknownRole !== -1) throw new WorldError(problem([...here, 'roles', unknownRole], `unknown role "${member.roles[unknownRole]}"`));
    const old = await store.world.member(guild.id, member.user_id);
    await store.world.putMember({
      guild_id: guild.id, user_id: member.user_id, roles: member.roles, nick: member.nick ?? null,
      joined_at: member.joined_at ?? old?.joined_at ?? now,
    });
    kept.add(member.user_id);
  }
  for (const [index, applicationId] of guild.applications.entries()) {
    if (!await store.world.application(applicationId)) {
      throw new WorldError(problem([...at, 'applications', index], `unknown application "${applicationId}"`));
    }
    await store.world.install(guild.id, applicationId);
    // The app's bot is a member of every guild it is installed in.
    if (!await store.world.member(guild.id, applicationId)) {
      await store.world.putMember({ guild_id: guild.id, user_id: applicationId, roles: [], nick: null, joined_at: now });
    }
    kept.add(applicationId);
  }
  const installed = new Set(guild.applications);
  for (const applicationId of await store.world.installs(guild.id)) if (!installed.has(applicationId)) await store.world.uninstall(guild.id, applicationId);
  for (const old of await store.world.members(guild.id)) if (!kept.has(old.user_id)) await store.world.deleteMember(guild.id, old.user_id);
}
