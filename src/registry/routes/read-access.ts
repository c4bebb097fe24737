/**
 * Who reads the world through the read endpoints: bot tokens and user session tokens
 * alike. OAuth2 Bearer tokens read only `/users/@me` (routes/users.ts); here they are 401.
 */
import type { FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import type { Viewer } from '../queries/read-visibility.js';
import { identify } from '../http/auth.js';
import { ServiceError } from '../http/service-error.js';

/** The reader a request's token names, or 401. */
export async function readViewer(context: RegistryContext, request: FastifyRequest): Promise<Viewer> {
  const caller = await identify(context.store, request, context.now());
  if (caller?.kind === 'bot') return { userId: caller.application.id, bot: true };
  if (caller?.kind === 'user') return { userId: caller.user.id, bot: false };
  throw new ServiceError('unauthorized');
}
