/**
 * Who is calling. Bots send `Bot <token>`, OAuth2 clients `Bearer <token>`, and the
 * simulated chat client sends a user's token with no prefix, as the real client does.
 * Every route asks here; none trusts anything else about the caller.
 */
import type { FastifyRequest } from 'fastify';
import type { ApplicationRecord, UserRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { ServiceError } from './service-error.js';

export type Caller =
  | { kind: 'bot'; application: ApplicationRecord }
  | { kind: 'bearer'; application: ApplicationRecord; user: UserRecord | null; scopes: string[] }
  | { kind: 'user'; user: UserRecord };

/** The caller a request's Authorization header names, or undefined when it names no one valid. */
export async function identify(store: Store, request: Pick<FastifyRequest, 'headers'>, now: number): Promise<Caller | undefined> {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length === 0 || header.length > 512) return undefined;
  const space = header.indexOf(' ');
  const prefix = space === -1 ? '' : header.slice(0, space);
  const token = space === -1 ? header : header.slice(space + 1).trim();
  if (prefix === 'Bot') {
    const application = await store.world.applicationByBotToken(token);
    return application && { kind: 'bot', application };
  }
  if (prefix === 'Bearer') {
    const grant = await store.tokens.find(token);
    if (!grant || grant.expires_at <= now) return undefined;
    const application = await store.world.application(grant.application_id);
    if (!application) return undefined;
    const user = grant.user_id === null ? null : (await store.world.user(grant.user_id) ?? null);
    return { kind: 'bearer', application, user, scopes: grant.scopes };
  }
  if (space !== -1) return undefined;
  const user = await store.personByToken(token);
  return user && !user.bot ? { kind: 'user', user } : undefined;
}

/**
 * The person behind a user session token, as the simulated client sends it: the routes of
 * the client (invoking, uploads, command indexes, consent). A bot is told it cannot use the
 * route (403 20001); an OAuth2 Bearer token or no valid token is 401.
 */
export async function authenticatePerson(store: Store, request: Pick<FastifyRequest, 'headers'>, now: number): Promise<UserRecord> {
  const caller = await identify(store, request, now);
  if (caller?.kind === 'user') return caller.user;
  if (caller?.kind === 'bot') throw new ServiceError('botsCannotUse');
  throw new ServiceError('unauthorized');
}

/**
 * The application allowed to manage commands: its bot, or a client-credentials Bearer
 * token with `applications.commands.update` (spec, Authentication 1).
 */
export async function authenticateApplication(store: Store, request: FastifyRequest, now: number): Promise<Caller & { application: ApplicationRecord }> {
  const caller = await identify(store, request, now);
  if (!caller) throw new ServiceError('unauthorized');
  if (caller.kind === 'bot') return caller;
  if (caller.kind === 'user') throw new ServiceError('unauthorized');
  if (caller.user !== null) throw new ServiceError('missingAccess');
  if (!caller.scopes.includes('applications.commands.update')) throw new ServiceError('missingScope');
  return caller;
}
