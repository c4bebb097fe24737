/**
 * The token and revocation endpoints, form-encoded only (RFC 6749 §3.2, RFC 7009): they
 * are registered inside the OAuth plugin whose body parser reads forms (oauth/form-body.ts),
 * and answer in the OAuth shape, never the service's `{code, message}`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { requestOrigin } from '../http/request-origin.js';
import { resource } from '../http/resource.js';
import { OAUTH_PATHS } from '../oauth/discovery.js';
import { formOf } from '../oauth/form-body.js';
import { revokeToken } from '../oauth/revocation.js';
import type { SigningKeys } from '../oauth/signing-keys.js';
import { exchangeToken, type OAuthAnswer } from '../oauth/token-exchange.js';

/** Registers `POST /api/v10/oauth2/token` and `POST /api/v10/oauth2/token/revoke` on the form plugin. */
export function registerTokenRoutes(scope: FastifyInstance, context: RegistryContext, keys: SigningKeys): void {
  const send = (reply: FastifyReply, answer: OAuthAnswer) => reply.code(answer.status).headers(answer.headers).send(answer.body);
  resource(scope, OAUTH_PATHS.token, {
    POST: async (request, reply) => send(reply, await exchangeToken(context, keys, {
      authorization: request.headers.authorization, form: formOf(request.body), issuer: requestOrigin(request),
    })),
  });
  resource(scope, OAUTH_PATHS.revoke, {
    POST: async (request, reply) => send(reply, await revokeToken(context, { authorization: request.headers.authorization, form: formOf(request.body) })),
  });
}
