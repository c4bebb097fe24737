/**
 * `POST /_slashbench/oauth/codes/expire` `{code}`: ends an authorization code's ten-minute
 * life now, so the client's Authorize flow can show an expired code (`invalid_grant`)
 * without waiting. With the session token of the person the code was issued to; a code
 * that is unknown or someone else's is 404 alike, so the route reveals nothing about codes.
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { resource } from '../http/resource.js';
import { invalidField, ServiceError } from '../http/service-error.js';
import { MANAGEMENT_BASE, worldEditor } from './management-access.js';

/** Registers the OAuth management route. */
export function registerOAuthManagementRoutes(app: FastifyInstance, context: RegistryContext): void {
  resource(app, `${MANAGEMENT_BASE}/oauth/codes/expire`, {
    POST: async (request, reply) => {
      const user = await worldEditor(context, request);
      const body = request.body as { code?: unknown } | null | undefined;
      const code = typeof body === 'object' && body !== null ? body.code : undefined;
      if (code === undefined || code === null) throw invalidField(['code'], 'BASE_TYPE_REQUIRED', 'This field is required');
      if (typeof code !== 'string' || code.length === 0 || code.length > 512) {
        throw invalidField(['code'], 'STRING_TYPE_CONVERT', 'Must be the code of an authorize redirect.');
      }
      const record = await context.store.oauth.code(code);
      if (!record || record.user_id !== user.id) throw new ServiceError('notFound');
      await context.store.oauth.expireCode(code, context.now());
      return reply.code(204).send();
    },
  });
}
