/**
 * The OAuth2 server in one registration: the authorize API and the identity and discovery
 * endpoints on the app (JSON), the token, revocation and browser authorize page inside an
 * encapsulated plugin whose parser reads forms (the app's own parsers take JSON only).
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { registerFormBody } from '../oauth/form-body.js';
import { SigningKeys } from '../oauth/signing-keys.js';
import { registerAuthorizeRoutes } from './oauth-authorize.js';
import { registerOAuthIdentityRoutes } from './oauth-identity.js';
import { registerAuthorizePageRoutes } from './oauth-page.js';
import { registerTokenRoutes } from './oauth-token.js';

/** Registers every OAuth2 route; buildApp calls it once. */
export function registerOAuthRoutes(app: FastifyInstance, context: RegistryContext): void {
  const keys = new SigningKeys(context.store, context.now);
  registerAuthorizeRoutes(app, context);
  registerOAuthIdentityRoutes(app, context, keys);
  void app.register(async (scope) => {
    registerFormBody(scope);
    registerTokenRoutes(scope, context, keys);
    registerAuthorizePageRoutes(scope, context);
  });
}
