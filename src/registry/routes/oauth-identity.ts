/**
 * What an OAuth client reads about itself and its user: the token's grant
 * (`GET /oauth2/@me`), OpenID Connect userinfo, the id_token keys (JWKS) and the discovery
 * documents. `GET /users/@me` with an `identify` token is users.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { partialApplicationView } from '../domain/application-view.js';
import type { RegistryContext } from '../registry-context.js';
import { apiUser } from '../domain/user-view.js';
import { identify } from '../http/auth.js';
import { requestOrigin } from '../http/request-origin.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { OAUTH_PATHS, serverMetadata } from '../oauth/discovery.js';
import type { SigningKeys } from '../oauth/signing-keys.js';

/** Registers `/oauth2/@me`, `/oauth2/userinfo`, `/oauth2/keys` and the two `/.well-known` documents. */
export function registerOAuthIdentityRoutes(app: FastifyInstance, context: RegistryContext, keys: SigningKeys): void {
  resource(app, OAUTH_PATHS.current, {
    GET: async (request) => {
      const { caller, expiresAt } = await bearer(context, request);
      const { application } = caller;
      return {
        application: partialApplicationView(application),
        scopes: caller.scopes,
        expires: new Date(expiresAt).toISOString(),
        ...(caller.user && caller.scopes.includes('identify') ? { user: apiUser(caller.user) } : {}),
      };
    },
  });
  resource(app, OAUTH_PATHS.userinfo, {
    GET: async (request) => {
      const { caller } = await bearer(context, request);
      if (!caller.scopes.includes('openid') || !caller.user) throw new ServiceError('missingScope');
      const { user } = caller;
      return {
        sub: user.id, preferred_username: user.username,
        ...(user.global_name === null ? {} : { nickname: user.global_name }),
        locale: user.locale ?? 'en-US',
      };
    },
  });
  resource(app, OAUTH_PATHS.keys, { GET: () => keys.jwks() });
  const metadata = (request: FastifyRequest) => serverMetadata(requestOrigin(request));
  resource(app, '/.well-known/openid-configuration', { GET: metadata });
  resource(app, '/.well-known/oauth-authorization-server', { GET: metadata });
}

/** The Bearer token's caller and expiry; 401 for any other credential. */
async function bearer(context: RegistryContext, request: FastifyRequest) {
  const caller = await identify(context.store, request, context.now());
  const token = request.headers.authorization?.slice('Bearer '.length).trim() ?? '';
  const grant = caller?.kind === 'bearer' ? await context.store.tokens.find(token) : undefined;
  if (caller?.kind !== 'bearer' || !grant) throw new ServiceError('unauthorized');
  return { caller, expiresAt: grant.expires_at };
}
