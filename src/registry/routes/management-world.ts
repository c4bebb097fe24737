/**
 * `GET /_slashbench/world` exports the whole world (no tokens or secrets);
 * `PUT /_slashbench/world` imports a world file: checked whole, then written in one
 * transaction, or refused with a 50035 naming the bad field and nothing written.
 *
 * An import merges: what the file names is replaced (a named guild becomes exactly the
 * file's roles, channels, members and installs), what it does not name is kept. A new
 * person or app the file gives no token (an export from another registry carries none) gets
 * one made here, answered once in the imported world where a world file carries it
 * (`users[].token`, `applications[].bot_token`): the registry keeps only digests and cannot
 * show it again. Bots connected to the gateway hear what the import changed in their guilds.
 */
import type { FastifyInstance } from 'fastify';
import { worldFileSchema, type WorldFile } from '../../shared/world-file.js';
import type { RegistryContext } from '../registry-context.js';
import { resource } from '../http/resource.js';
import { parseWorldBody, worldProblemError } from '../http/world-body.js';
import { generateToken } from '../store/secrets.js';
import type { Store } from '../store/store.js';
import { exportWorld } from '../world/export-world.js';
import { loadWorld, WorldError } from '../world/load-world.js';
import { editWorld, MANAGEMENT_BASE, worldEditor } from './management-access.js';
import { mapAsync } from '../async-lists.js';

/** A world file may be large: a whole QA setup with its messages. */
export const WORLD_BODY_LIMIT = 32 * 1024 * 1024;

/** Tokens made for a world's new people and apps, by id. */
interface MintedTokens {
  users: Map<string, string>;
  applications: Map<string, string>;
}

/** The world with a token made for each new person and app that has none. */
async function withMintedTokens(store: Store, world: WorldFile): Promise<{ world: WorldFile; minted: MintedTokens }> {
  const minted: MintedTokens = { users: new Map(), applications: new Map() };
  const users = await mapAsync(world.users, async (user) => {
    if (user.token !== undefined || await store.world.user(user.id)) return user;
    const token = generateToken(user.id);
    minted.users.set(user.id, token);
    return { ...user, token };
  });
  const applications = await mapAsync(world.applications, async (app) => {
    if (app.bot_token !== undefined || await store.world.application(app.id)) return app;
    const token = generateToken(app.id);
    minted.applications.set(app.id, token);
    return { ...app, bot_token: token };
  });
  return { world: { ...world, users, applications }, minted };
}

/** The world after the import, with the tokens it made (and only those) where a world file carries them. */
async function importAnswer(store: Store, minted: MintedTokens): Promise<WorldFile> {
  const world = await exportWorld(store);
  return {
    ...world,
    users: world.users.map((user) => (minted.users.has(user.id) ? { ...user, token: minted.users.get(user.id) } : user)),
    applications: world.applications.map((app) => (minted.applications.has(app.id) ? { ...app, bot_token: minted.applications.get(app.id) } : app)),
  };
}

/** Registers the world export and import. */
export function registerWorldManagementRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  const allGuilds = async () => (await store.world.guilds()).map((guild) => guild.id);
  resource(app, `${MANAGEMENT_BASE}/world`, {
    GET: async (request) => {
      await worldEditor(context, request);
      return await exportWorld(store);
    },
    PUT: {
      bodyLimit: WORLD_BODY_LIMIT,
      handler: async (request) => {
        await worldEditor(context, request);
        const { world, minted } = await withMintedTokens(store, parseWorldBody(worldFileSchema, request.body));
        await editWorld(context, { kind: 'world', id: '' }, allGuilds, async () => {
          try {
            await loadWorld(store, world, { now: context.now, nextId: context.nextId });
          } catch (error) {
            if (error instanceof WorldError) throw worldProblemError(error.problem);
            throw error;
          }
        });
        return await importAnswer(store, minted);
      },
    },
  });
}
