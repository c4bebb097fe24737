/**
 * What a test names, found in the world: a guild, a channel, a person, a role or an app,
 * by id or by name (`general`, `#general`, `@bob`, `<@123>`), as a person would point at
 * them. A name that fits nothing, or more than one thing, is refused with the names that
 * exist, so a typo in a test reads as one.
 */
import { invalidField, type ServiceError } from '../http/service-error.js';
import type { ApplicationRecord, ChannelRecord, GuildRecord, RoleRecord, UserRecord } from '../store/records.js';
import type { Store } from '../store/store.js';

/** A driver request that cannot be carried out: 400 with the field and a sentence saying why. */
export function driverError(path: ReadonlyArray<string | number>, message: string): ServiceError {
  return invalidField(path, 'DRIVER_REQUEST_INVALID', message);
}

const SNOWFLAKE = /^\d{17,20}$/;

/** The one entry whose id is `wanted`, or whose names match it (case-insensitively). */
export function pick<T extends { id: string }>(
  entries: readonly T[], wanted: string, names: (entry: T) => Array<string | null>, what: string, path: ReadonlyArray<string | number>,
): T {
  const byId = entries.find((entry) => entry.id === wanted);
  if (byId) return byId;
  const lower = wanted.toLowerCase();
  const named = entries.filter((entry) => names(entry).some((name) => name !== null && name.toLowerCase() === lower));
  if (named.length === 1) return named[0] as T;
  const known = entries.map((entry) => names(entry)[0] ?? entry.id).join(', ') || 'none';
  if (named.length > 1) throw driverError(path, `${named.length} ${what}s are named "${wanted}": give the id (${named.map((entry) => entry.id).join(', ')})`);
  throw driverError(path, `no ${what} is named "${wanted}" or has that id; the ${what}s are: ${known}`);
}

export async function findGuild(store: Store, wanted: string, path: ReadonlyArray<string | number> = ['guild']): Promise<GuildRecord> {
  return pick(await store.world.guilds(), wanted, (guild) => [guild.name], 'guild', path);
}

/** A channel of the guild by name (`general` or `#general`) or id; without a guild, a channel by id (DMs too). */
export async function findChannel(store: Store, guild: GuildRecord | null, wanted: string, path: ReadonlyArray<string | number> = ['channel']): Promise<ChannelRecord> {
  const id = /^<#(\d+)>$/.exec(wanted)?.[1] ?? wanted.replace(/^#/, '');
  if (guild === null) {
    const channel = SNOWFLAKE.test(id) ? await store.world.channel(id) : undefined;
    if (!channel) throw driverError(path, `no channel has the id "${wanted}": name a guild to find a channel by name`);
    return channel;
  }
  return pick(await store.world.channels(guild.id), id, (channel) => [channel.name], `channel of ${guild.name}`, path);
}

/** A person or bot by id, mention (`<@id>`), username or global name (`@` allowed). */
export async function findUser(store: Store, wanted: string, path: ReadonlyArray<string | number> = ['user']): Promise<UserRecord> {
  return pickUser(await store.world.users(), wanted, path);
}

/** `findUser` over a list already read. */
export function pickUser(users: readonly UserRecord[], wanted: string, path: ReadonlyArray<string | number> = ['user']): UserRecord {
  const id = /^<@!?(\d+)>$/.exec(wanted)?.[1] ?? wanted.replace(/^@/, '');
  return pick(users, id, (user) => [user.username, user.global_name], 'user', path);
}

/** A role of the guild by id, mention (`<@&id>`) or name (`@` allowed). */
export async function findRole(store: Store, guildId: string, wanted: string, path: ReadonlyArray<string | number> = ['role']): Promise<RoleRecord> {
  const id = /^<@&(\d+)>$/.exec(wanted)?.[1] ?? wanted.replace(/^@(?!everyone$)/, '');
  return pick(await store.world.roles(guildId), id, (role) => [role.name, role.name.replace(/^@/, '')], 'role', path);
}

export async function findApplication(store: Store, wanted: string, path: ReadonlyArray<string | number> = ['application']): Promise<ApplicationRecord> {
  return pickApplication(await store.world.applications(), wanted, path);
}

/** `findApplication` over a list already read. */
export function pickApplication(applications: readonly ApplicationRecord[], wanted: string, path: ReadonlyArray<string | number> = ['application']): ApplicationRecord {
  return pick(applications, wanted, (app) => [app.name], 'application', path);
}
