/**
 * `GET /users/@me`: the bot user for a bot token, the person (with the `locale` their
 * command lists follow) for a user session token, and for an OAuth2 Bearer token with
 * `identify` the user who authorized it (the app's owner for client credentials).
 * `GET /users/{id}`: any user of the world, for a bot token (discord.js `users.fetch`,
 * oceanic `rest.users.get`); 10013 for an id nobody has.
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { apiUser, currentUserView } from '../domain/user-view.js';
import { identify } from '../http/auth.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import type { UserRecord } from '../store/records.js';
import { snowflakeParams } from './path-values.js';

/** Registers `GET /users/@me` and `GET /users/{id}`. */
export function registerUserRoutes(app: FastifyInstance, context: RegistryContext): void {
  resource(app, '/api/v10/users/@me', {
    GET: async (request) => {
      const { world } = context.store;
      const caller = await identify(context.store, request, context.now());
      let user: UserRecord | undefined;
      if (caller?.kind === 'bot') user = await world.user(caller.application.id);
      else if (caller?.kind === 'user') user = caller.user;
      else if (caller?.kind === 'bearer') {
        if (!caller.scopes.includes('identify')) throw new ServiceError('missingScope');
        const ownerId = caller.application.owner_id;
        user = caller.user ?? (ownerId === null ? undefined : await world.user(ownerId));
      }
      if (!user) throw new ServiceError('unauthorized');
      return currentUserView(user);
    },
  });
  resource(app, '/api/v10/users/:userId', {
    GET: async (request) => {
      const caller = await identify(context.store, request, context.now());
      if (caller?.kind !== 'bot') throw new ServiceError('unauthorized');
      const { userId } = snowflakeParams(request, { userId: 'user_id' });
      const user = await context.store.world.user(userId);
      if (!user) throw new ServiceError('unknownUser');
      return apiUser(user);
    },
  });
}
