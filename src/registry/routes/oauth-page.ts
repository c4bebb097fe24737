/**
 * The authorize page for browser flows (`/oauth2/authorize`, where the native addon's
 * `buildAuthorizeUrl` points): the same checks and decision as the authorize API, as HTML
 * forms. Step one asks for the session token (a world token or a host session, as
 * `identify` takes them), step two for consent (and a guild); the
 * answer is a 303 to the client's redirect URI. Requests the RFC forbids redirecting
 * (unknown client, unregistered redirect URI) get an error page; the others are redirected
 * with `error=`. Registered in the form plugin: the forms POST form-encoded bodies.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { requestOrigin } from '../http/request-origin.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { readAuthorizationRequest, type AuthorizationRequest } from '../oauth/authorization-request.js';
import { authorizedPage, consentPage, errorPage, PAGE_HEADERS, signInPage, type PageContext } from '../oauth/authorize-page.js';
import { decide } from '../oauth/consent.js';
import { OAUTH_PATHS } from '../oauth/discovery.js';
import { formOf } from '../oauth/form-body.js';
import { manageableGuilds } from '../oauth/install.js';

/** Registers `GET`/`POST /oauth2/authorize` and `GET /oauth2/authorized` on the form plugin. */
export function registerAuthorizePageRoutes(scope: FastifyInstance, context: RegistryContext): void {
  const page = (reply: FastifyReply, status: number, html: string) => reply.code(status).headers(PAGE_HEADERS).send(html);

  /** The checked request, or the reply already sent for a refused one. */
  const open = async (request: FastifyRequest, reply: FastifyReply): Promise<AuthorizationRequest | undefined> => {
    const checked = await readAuthorizationRequest(context.store, request.query);
    if (checked.ok) return checked.value;
    if (checked.location === undefined) void page(reply, 400, errorPage(checked.error));
    else void reply.code(303).headers({ ...PAGE_HEADERS, location: checked.location }).send();
    return undefined;
  };
  const pageContext = (request: FastifyRequest, authorization: AuthorizationRequest, error?: string): PageContext => {
    const query = request.url.indexOf('?');
    return {
      application: authorization.application, scopes: authorization.scopes,
      action: `${OAUTH_PATHS.authorize}${query === -1 ? '' : request.url.slice(query)}`,
      ...(error === undefined ? {} : { error }),
    };
  };

  resource(scope, OAUTH_PATHS.authorize, {
    GET: async (request, reply) => {
      const authorization = await open(request, reply);
      if (authorization) return page(reply, 200, signInPage(pageContext(request, authorization)));
      return reply;
    },
    POST: async (request, reply) => {
      const authorization = await open(request, reply);
      if (!authorization) return reply;
      const form = formOf(request.body) ?? new URLSearchParams();
      const token = form.get('token') ?? '';
      const user = token.length > 0 && token.length <= 512 ? await context.store.personByToken(token) : undefined;
      if (!user || user.bot) return page(reply, 401, signInPage(pageContext(request, authorization, 'That session token is not valid.')));
      const guildId = form.get('guild_id') || authorization.guildId;
      const consent = async (error?: string) => consentPage({
        ...pageContext(request, authorization, error), user, token, guildId,
        guilds: authorization.integrationType === 0 && authorization.scopes.some((scope) => scope === 'bot' || scope === 'applications.commands')
          ? await manageableGuilds(context, user) : [],
      });
      const decision = form.get('decision');
      if (decision !== 'authorize' && decision !== 'cancel') return page(reply, 200, await consent());
      try {
        const location = await decide(context, requestOrigin(request), authorization, user, {
          authorize: decision === 'authorize', ...(guildId ? { guildId } : {}),
        });
        return reply.code(303).headers({ ...PAGE_HEADERS, location }).send();
      } catch (error) {
        if (error instanceof ServiceError) return page(reply, error.status, await consent(error.message));
        throw error;
      }
    },
  });
  resource(scope, '/oauth2/authorized', {
    GET: (request, reply) => page(reply, 200, authorizedPage((request.query as Record<string, unknown>).error !== undefined)),
  });
}
