/**
 * The authorize API the chat client's consent screen calls with the user's session token
 * (no prefix, as the real client sends it): `GET /oauth2/authorize?...` describes the
 * request (app, user, scopes, the guilds the user could add the app to), and `POST` with
 * `{authorize, guild_id?, permissions?, integration_type?}` answers `{location}`, the
 * client's redirect URI with a `code` and the `state`, or with `error=access_denied`.
 * A refused request is 400 `{error, error_description}`, plus `location` when the RFC
 * allows sending the refusal back to the client (oauth/authorization-request.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { authenticatePerson } from '../http/auth.js';
import { requestOrigin } from '../http/request-origin.js';
import { resource } from '../http/resource.js';
import { readAuthorizationRequest, type AuthorizationRefusal } from '../oauth/authorization-request.js';
import { consentView, decide, readDecision } from '../oauth/consent.js';
import { OAUTH_PATHS } from '../oauth/discovery.js';
import { oauthErrorBody } from '../oauth/oauth-error.js';
import type { UserRecord } from '../store/records.js';

/** Registers `GET` and `POST /api/v10/oauth2/authorize`. */
export function registerAuthorizeRoutes(app: FastifyInstance, context: RegistryContext): void {
  const refused = (reply: FastifyReply, refusal: AuthorizationRefusal) =>
    reply.code(400).send({ ...oauthErrorBody(refusal.error), ...(refusal.location === undefined ? {} : { location: refusal.location }) });

  resource(app, OAUTH_PATHS.authorizeApi, {
    GET: async (request, reply) => {
      const user = await sessionUser(context, request);
      const checked = await readAuthorizationRequest(context.store, request.query);
      if (!checked.ok) return refused(reply, checked);
      return await consentView(context, checked.value, user);
    },
    POST: async (request, reply) => {
      const user = await sessionUser(context, request);
      const checked = await readAuthorizationRequest(context.store, request.query);
      if (!checked.ok) return refused(reply, checked);
      const decision = readDecision(request.body);
      const location = await decide(context, requestOrigin(request), checked.value, user, decision);
      // The location carries a code: nothing on the way may keep it.
      return reply.header('cache-control', 'no-store').send({ location });
    },
  });
}

/** The person behind a session token; bots and OAuth tokens cannot authorize apps. */
async function sessionUser(context: RegistryContext, request: FastifyRequest): Promise<UserRecord> {
  return await authenticatePerson(context.store, request, context.now());
}
