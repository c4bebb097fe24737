/**
 * People in the world and the apps they installed to their accounts:
 * `POST /_slashbench/users`, `PATCH /_slashbench/users/{id}` (switching `locale` among
 * others), `DELETE /_slashbench/users/{id}`, `GET`/`POST /_slashbench/users/{id}/token` (their
 * token, a new one), and `PUT`/`DELETE
 * /_slashbench/users/{id}/applications/{app}`. Bots in the guilds a person is in hear their
 * member change (a new name) or leave (a deleted person).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { userCreateBody, userEditBody } from '../../shared/world-edits.js';
import type { RegistryContext } from '../registry-context.js';
import { currentUserView } from '../domain/user-view.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { parseWorldBody, refuseProblem } from '../http/world-body.js';
import type { UserRecord } from '../store/records.js';
import { generateToken } from '../store/secrets.js';
import { problem, WORLD_CODES } from '../world/world-error.js';
import { announceChange, editWorld, MANAGEMENT_BASE, worldEditor } from './management-access.js';
import { snowflakeParams } from './path-values.js';
import { filterAsync } from '../async-lists.js';

/** Registers the people and user-install edits. */
export function registerUserManagementRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  const tokenTaken = async (token: string | undefined, userId: string) => {
    const holder = token === undefined ? undefined : await store.world.userByToken(token);
    return holder && holder.id !== userId ? problem(['token'], 'already the token of another user', WORLD_CODES.taken) : undefined;
  };
  /** A person (not a bot user) named by the path. */
  const person = async (request: FastifyRequest): Promise<UserRecord> => {
    const { userId } = snowflakeParams(request, { userId: 'user_id' });
    const user = await store.world.user(userId);
    if (!user) throw new ServiceError('unknownUser');
    if (user.bot) throw new ServiceError('missingAccess');
    return user;
  };

  resource(app, `${MANAGEMENT_BASE}/users`, {
    POST: async (request, reply) => {
      await worldEditor(context, request);
      const body = parseWorldBody(userCreateBody, request.body);
      const id = body.id ?? context.nextId();
      if (await store.world.user(id) || await store.world.application(id)) refuseProblem(problem(['id'], 'already the id of a user or application', WORLD_CODES.taken));
      refuseProblem(await tokenTaken(body.token, id));
      const token = body.token ?? generateToken(id);
      const user: UserRecord = { id, username: body.username, global_name: body.global_name ?? null, locale: body.locale ?? null, bot: false };
      await store.world.putUser(user, token);
      announceChange(context, 'user', id);
      // The store keeps only the token's digest; the keychain keeps it to show again.
      return reply.code(201).send({ ...currentUserView(user), ...(body.token === undefined ? { token } : {}) });
    },
  });

  /** The guilds a person is a member of: where bots hear about them. */
  const guildsOf = (userId: string) => async () =>
    (await filterAsync(await store.world.guilds(), async (guild) => (await store.world.member(guild.id, userId)) !== undefined)).map((guild) => guild.id);
  /** Why a person cannot be deleted: the caller themselves, or the owner of a guild or app (which needs one). */
  const deletionProblem = async (caller: UserRecord, user: UserRecord) => {
    if (caller.id === user.id) return problem(['user_id'], 'you cannot delete yourself: act as someone else first', WORLD_CODES.invalid);
    const guild = (await store.world.guilds()).find((entry) => entry.owner_id === user.id);
    if (guild) return problem(['user_id'], `owns guild "${guild.id}": give it another owner first`, WORLD_CODES.invalid);
    const application = (await store.world.applications()).find((entry) => entry.owner_id === user.id);
    if (application) return problem(['user_id'], `owns application "${application.id}": give it another owner first`, WORLD_CODES.invalid);
    return undefined;
  };

  resource(app, `${MANAGEMENT_BASE}/users/:userId`, {
    PATCH: async (request) => {
      await worldEditor(context, request);
      const user = await person(request);
      const body = parseWorldBody(userEditBody, request.body);
      refuseProblem(await tokenTaken(body.token, user.id));
      const edited: UserRecord = {
        ...user,
        ...(body.username === undefined ? {} : { username: body.username }),
        ...(body.global_name === undefined ? {} : { global_name: body.global_name }),
        ...(body.locale === undefined ? {} : { locale: body.locale }),
      };
      await editWorld(context, { kind: 'user', id: user.id }, guildsOf(user.id), async () => await store.world.putUser(edited, body.token ?? null));
      return currentUserView(edited);
    },
    DELETE: async (request, reply) => {
      const caller = await worldEditor(context, request);
      const user = await person(request);
      refuseProblem(await deletionProblem(caller, user));
      await editWorld(context, { kind: 'user', id: user.id }, guildsOf(user.id), async () => await store.world.deleteUser(user.id));
      return reply.code(204).send();
    },
  });

  resource(app, `${MANAGEMENT_BASE}/users/:userId/token`, {
    // Null when the registry knows only its digest (given before the keychain), or none was given.
    GET: async (request) => {
      await worldEditor(context, request);
      const user = await person(request);
      return { id: user.id, token: await store.credentials.userToken(user.id) };
    },
    // A new token for a person: their old one stops working; the keychain keeps the new one.
    POST: async (request) => {
      await worldEditor(context, request);
      const user = await person(request);
      const token = await store.transaction(async () => await store.credentials.resetUserToken(user.id));
      announceChange(context, 'user', user.id);
      return { id: user.id, token };
    },
  });

  const installPath = `${MANAGEMENT_BASE}/users/:userId/applications/:applicationId`;
  const openInstall = async (request: FastifyRequest) => {
    await worldEditor(context, request);
    const user = await person(request);
    const { applicationId } = snowflakeParams(request, { applicationId: 'application_id' });
    if (!await store.world.application(applicationId)) throw new ServiceError('unknownApplication');
    return { user, applicationId };
  };
  resource(app, installPath, {
    PUT: async (request, reply) => {
      const { user, applicationId } = await openInstall(request);
      await store.world.installForUser(user.id, applicationId);
      announceChange(context, 'user_install', user.id);
      return reply.code(204).send();
    },
    DELETE: async (request, reply) => {
      const { user, applicationId } = await openInstall(request);
      await store.world.uninstallForUser(user.id, applicationId);
      announceChange(context, 'user_install', user.id);
      return reply.code(204).send();
    },
  });
}
