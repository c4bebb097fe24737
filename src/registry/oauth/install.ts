/**
 * What consenting to `bot` or `applications.commands` does: installs the app in the guild
 * the user picked (only a guild they can manage: owner, ADMINISTRATOR or MANAGE_GUILD), or
 * with `integration_type=1` on the user's own account. The registry models a guild install
 * as the bot's membership, as world files and the management API do, so the bot joins
 * too, with a role named after the app holding the `permissions` asked for (the service's
 * managed role).
 */
import type { RegistryContext } from '../registry-context.js';
import { ALL_PERMISSIONS, hasPermissions, memberPermissions } from '../domain/member-permissions.js';
import { PERMISSION } from '../domain/permissions.js';
import { invalidField, ServiceError } from '../http/service-error.js';
import { trackGuilds } from '../services/guild-snapshot.js';
import type { ApplicationRecord, GuildRecord, UserRecord } from '../store/records.js';
import { mapAsync } from '../async-lists.js';

/** Where and how the user chose to install the app. */
export interface InstallChoice {
  scopes: readonly string[];
  integrationType: 0 | 1;
  guildId: string | undefined;
  permissions: string;
}

/** Installs `application` as the user chose; throws the service's error when they cannot. */
export async function installApplication(context: RegistryContext, application: ApplicationRecord, user: UserRecord, choice: InstallChoice): Promise<void> {
  const { store } = context;
  const wantsBot = choice.scopes.includes('bot');
  const wantsCommands = wantsBot || choice.scopes.includes('applications.commands');
  if (!wantsCommands) return;
  if (choice.integrationType === 1) {
    await store.world.installForUser(user.id, application.id);
    context.bus.emit('worldChanged', { kind: 'user_install', id: user.id });
    return;
  }
  if (choice.guildId === undefined) {
    if (wantsBot) throw invalidField(['guild_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
    return;
  }
  const guild = await store.world.guild(choice.guildId);
  if (!guild) throw new ServiceError('unknownGuild');
  if (!hasPermissions(await permissionsIn(context, guild, user), PERMISSION.MANAGE_GUILD)) throw new ServiceError('missingPermissions');
  // Bots connected to the gateway hear it: GUILD_CREATE for the app, GUILD_MEMBER_ADD and its role for the others.
  const { changes } = await trackGuilds(store, () => [guild.id], async () => await store.transaction(async () => {
    await store.world.install(guild.id, application.id);
    if (await store.world.member(guild.id, application.id)) return;
    const roles: string[] = [];
    if (wantsBot && choice.permissions !== '0') {
      const role = { id: context.nextId(), guild_id: guild.id, name: application.name, permissions: choice.permissions, position: (await store.world.roles(guild.id)).length };
      await store.world.putRole(role);
      roles.push(role.id);
    }
    await store.world.putMember({ guild_id: guild.id, user_id: application.id, roles, nick: null, joined_at: new Date(context.now()).toISOString() });
  }));
  for (const edits of changes) context.bus.emit('guildEdited', edits);
  context.bus.emit('worldChanged', { kind: 'install', id: guild.id });
}

/** Guilds where the user may add an app: those they own or hold MANAGE_GUILD (or ADMINISTRATOR) in. */
export async function manageableGuilds(context: RegistryContext, user: UserRecord): Promise<Array<{ id: string; name: string; icon: null; owner: boolean; permissions: string }>> {
  const { world } = context.store;
  return (await mapAsync(await world.guilds(), async (guild) => {
    const bits = await permissionsIn(context, guild, user);
    if (!hasPermissions(bits, PERMISSION.MANAGE_GUILD)) return [];
    return [{ id: guild.id, name: guild.name, icon: null, owner: guild.owner_id === user.id, permissions: bits.toString() }];
  })).flat();
}

/** The user's permission bits in a guild: all of them for its owner (a member or not), none for a stranger. */
async function permissionsIn(context: RegistryContext, guild: GuildRecord, user: UserRecord): Promise<bigint> {
  if (guild.owner_id === user.id) return ALL_PERMISSIONS;
  const member = await context.store.world.member(guild.id, user.id);
  return member ? memberPermissions(guild, member, await context.store.world.roles(guild.id)) : 0n;
}
