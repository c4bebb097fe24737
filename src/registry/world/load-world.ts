/**
 * Loads a world file into the store in one transaction: all of it, or none when a
 * reference is broken. Loading is idempotent: entities with the same ids are replaced,
 * and an application keeps its key pair so bots keep verifying after a reload.
 */
import type { WorldFile } from '../../shared/world-file.js';
import { generateApplicationKeys } from '../domain/application-keys.js';
import { DEFAULT_EVERYONE_PERMISSIONS } from '../domain/permissions.js';
import { ensureEntryPoint } from '../domain/entry-point.js';
import type { Store } from '../store/store.js';

export interface LoadContext {
  now: () => number;
  nextId: () => string;
}

/** A world file that parsed but does not hold together (an unknown id, say). */
export class WorldError extends Error {}

export function loadWorld(store: Store, world: WorldFile, context: LoadContext): void {
  store.transaction(() => {
    for (const user of world.users) {
      store.world.putUser(
        { id: user.id, username: user.username, global_name: user.global_name ?? null, locale: user.locale ?? null, bot: false },
        user.token ?? null,
      );
    }
    world.applications.forEach((app, index) => {
      if (app.owner_id !== undefined && !store.world.user(app.owner_id)) {
        throw new WorldError(`applications[${index}].owner_id: unknown user "${app.owner_id}"`);
      }
      const keys = store.world.application(app.id) ?? (() => {
        const made = generateApplicationKeys();
        return { public_key: made.publicKey, private_key: made.privateKey };
      })();
      store.world.putApplication(
        {
          id: app.id, name: app.name, owner_id: app.owner_id ?? null, flags: app.flags ?? 0,
          interactions_endpoint_url: app.interactions_endpoint_url ?? null, redirect_uris: app.redirect_uris ?? [],
          activity_url: app.activity_url ?? null, public_key: keys.public_key, private_key: keys.private_key,
        },
        app.bot_token,
        app.client_secret ?? null,
      );
      // The bot user of an app has the app's id.
      store.world.putUser({ id: app.id, username: app.name, global_name: null, locale: null, bot: true }, null);
      ensureEntryPoint(store, app.id, app.flags ?? 0, context.nextId);
    });
    world.guilds.forEach((guild, index) => loadGuild(store, guild, `guilds[${index}]`, context));
  });
}

function loadGuild(store: Store, guild: WorldFile['guilds'][number], at: string, context: LoadContext): void {
  if (!store.world.user(guild.owner_id)) throw new WorldError(`${at}.owner_id: unknown user "${guild.owner_id}"`);
  store.world.putGuild({ id: guild.id, name: guild.name, owner_id: guild.owner_id, locale: guild.locale ?? 'en-US' });
  const roleIds = new Set(guild.roles.map((role) => role.id));
  if (!roleIds.has(guild.id)) {
    store.world.putRole({ id: guild.id, guild_id: guild.id, name: '@everyone', permissions: DEFAULT_EVERYONE_PERMISSIONS, position: 0 });
  }
  guild.roles.forEach((role, position) => store.world.putRole({ ...role, guild_id: guild.id, position }));
  const channelIds = new Set(guild.channels.map((channel) => channel.id));
  guild.channels.forEach((channel, position) => {
    if (channel.parent_id && !channelIds.has(channel.parent_id)) {
      throw new WorldError(`${at}.channels[${position}].parent_id: unknown channel "${channel.parent_id}"`);
    }
    store.world.putChannel({
      id: channel.id, guild_id: guild.id, name: channel.name, type: channel.type,
      parent_id: channel.parent_id ?? null, nsfw: channel.nsfw ?? false, position,
    });
  });
  guild.members.forEach((member, position) => {
    if (!store.world.user(member.user_id)) throw new WorldError(`${at}.members[${position}].user_id: unknown user "${member.user_id}"`);
    const unknownRole = member.roles.find((role) => !roleIds.has(role));
    if (unknownRole) throw new WorldError(`${at}.members[${position}].roles: unknown role "${unknownRole}"`);
    store.world.putMember({
      guild_id: guild.id, user_id: member.user_id, roles: member.roles, nick: member.nick ?? null,
      joined_at: new Date(context.now()).toISOString(),
    });
  });
  guild.applications.forEach((applicationId, position) => {
    if (!store.world.application(applicationId)) {
      throw new WorldError(`${at}.applications[${position}]: unknown application "${applicationId}"`);
    }
    store.world.install(guild.id, applicationId);
    // The app's bot is a member of every guild it is installed in.
    store.world.putMember({ guild_id: guild.id, user_id: applicationId, roles: [], nick: null, joined_at: new Date(context.now()).toISOString() });
  });
}
