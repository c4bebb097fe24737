/**
 * Loads a world file into the store in one transaction: all of it, or none when a
 * reference is broken. Loading is idempotent: entities with the same ids are replaced (a
 * guild's roles, channels, members and installs become the file's), entities the file
 * does not name are left alone, and an application keeps its key pair, and its token
 * when the file has none, so bots keep working after a reload or an import of an export.
 */
import type { WorldFile } from '../../shared/world-file.js';
import { generateApplicationKeys } from '../domain/application-keys.js';
import { ensureEntryPoint } from '../services/entry-point.js';
import type { Store } from '../store/store.js';
import { loadGuild, type LoadContext } from './load-guild.js';
import { loadMessages, loadPrivateChannels } from './load-private.js';
import { problem, WorldError, WORLD_CODES } from './world-error.js';

export { WorldError } from './world-error.js';
export type { LoadContext } from './load-guild.js';

/** Loads a parsed world file atomically; throws WorldError (with the field's path) and writes nothing on refusal. */
export async function loadWorld(store: Store, world: WorldFile, context: LoadContext): Promise<void> {
  await store.transaction(async () => {
    for (const [index, user] of world.users.entries()) await loadUser(store, world, user, index);
    for (const [index, app] of world.applications.entries()) await loadApplication(store, app, index, context);
    for (const [index, user] of world.users.entries()) await loadUserInstalls(store, user, index);
    for (const [index, guild] of world.guilds.entries()) await loadGuild(store, guild, ['guilds', index], context);
    await loadPrivateChannels(store, world.channels ?? []);
    await loadMessages(store, world.messages ?? []);
  });
}

function fail(path: Array<string | number>, message: string, code?: string): never {
  throw new WorldError(problem(path, message, code));
}

async function loadUser(store: Store, world: WorldFile, user: WorldFile['users'][number], index: number): Promise<void> {
  if (await store.world.application(user.id) || world.applications.some((app) => app.id === user.id)) {
    fail(['users', index, 'id'], `already the id of an application (its bot user)`, WORLD_CODES.taken);
  }
  const holder = user.token === undefined ? undefined : await store.world.userByToken(user.token);
  if (holder && holder.id !== user.id) fail(['users', index, 'token'], 'already the token of another user', WORLD_CODES.taken);
  await store.world.putUser(
    { id: user.id, username: user.username, global_name: user.global_name ?? null, locale: user.locale ?? null, bot: false },
    user.token ?? null,
  );
}

async function loadApplication(store: Store, app: WorldFile['applications'][number], index: number, context: LoadContext): Promise<void> {
  const at = ['applications', index];
  if (app.owner_id !== undefined && !await store.world.user(app.owner_id)) fail([...at, 'owner_id'], `unknown user "${app.owner_id}"`);
  const existing = await store.world.application(app.id);
  if (!existing && app.bot_token === undefined) fail([...at, 'bot_token'], 'required for a new application', WORLD_CODES.required);
  const holder = app.bot_token === undefined ? undefined : await store.world.applicationByBotToken(app.bot_token);
  if (holder && holder.id !== app.id) fail([...at, 'bot_token'], 'already the token of another application', WORLD_CODES.taken);
  const keys = existing ?? (() => {
    const made = generateApplicationKeys();
    return { public_key: made.publicKey, private_key: made.privateKey };
  })();
  await store.world.putApplication(
    {
      id: app.id, name: app.name, owner_id: app.owner_id ?? null, flags: app.flags ?? 0,
      interactions_endpoint_url: app.interactions_endpoint_url ?? null, redirect_uris: app.redirect_uris ?? [],
      activity_url: app.activity_url ?? null, url_mappings: app.url_mappings ?? [], public_key: keys.public_key, private_key: keys.private_key,
    },
    app.bot_token ?? null,
    app.client_secret ?? null,
  );
  // The bot user of an app has the app's id.
  await store.world.putUser({ id: app.id, username: app.name, global_name: null, locale: null, bot: true }, null);
  await ensureEntryPoint(store, app.id, app.flags ?? 0, context.nextId);
}

/** A user's `applications`, when given, become exactly their user-installed apps. */
async function loadUserInstalls(store: Store, user: WorldFile['users'][number], index: number): Promise<void> {
  if (user.applications === undefined) return;
  const wanted = new Set(user.applications);
  for (const [position, applicationId] of user.applications.entries()) {
    if (!await store.world.application(applicationId)) fail(['users', index, 'applications', position], `unknown application "${applicationId}"`);
    await store.world.installForUser(user.id, applicationId);
  }
  for (const applicationId of await store.world.userApplications(user.id)) {
    if (!wanted.has(applicationId)) await store.world.uninstallForUser(user.id, applicationId);
  }
}
