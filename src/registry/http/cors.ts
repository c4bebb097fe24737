/**
 * Cross-origin access to the client's REST surface, so a client page served by one
 * registry can use another (a remote registry in the client's settings) and browser tools
 * can call it: the API (`/api/*`) and the management routes the client uses
 * (`/_slashbench/*`), both answering only a token sent in `Authorization`. Any origin, no
 * credentials (no cookie is ever read), preflights answered. The host contract
 * (`/_host/*`, which mints tokens and keeps settings), the pages and the OAuth2 forms stay
 * same-origin: they get no CORS header, so a browser keeps other sites from reading them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The request headers the client and bot libraries send. */
export const CORS_ALLOWED_HEADERS = ['authorization', 'content-type', 'x-discord-locale', 'x-service-locale', 'x-audit-log-reason'];

export const CORS_ALLOWED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The response headers a page may read besides the safelisted ones: the rate limits. */
const EXPOSED_HEADERS = [
  'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-reset-after',
  'x-ratelimit-bucket', 'x-ratelimit-global', 'x-ratelimit-scope',
];

/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = 600;

/** Where other origins may read answers: the paths that authenticate by token (or code) only. */
const CROSS_ORIGIN_PREFIXES = ['/api/', '/_slashbench/'];

/** Whether the request's path (without the query) is under one of those prefixes. */
export function isCrossOriginPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return CROSS_ORIGIN_PREFIXES.some((prefix) => path.startsWith(prefix)) && !path.split('/').includes('..');
}

function isPreflight(request: FastifyRequest): boolean {
  return request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
}

/** What an answer to a request that is no preflight carries for another origin: nothing for a same-origin request or path. */
export function crossOriginHeaders(request: Pick<FastifyRequest, 'headers' | 'url'>): Record<string, string> | undefined {
  if (request.headers.origin === undefined || !isCrossOriginPath(request.url)) return undefined;
  return { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED_HEADERS.join(', ') };
}

export function registerCors(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and rarely has work to do.
  app.addHook('onRequest', (request, reply, done) => {
    const headers = crossOriginHeaders(request);
    if (headers === undefined) return done();
    if (!isPreflight(request)) {
      reply.headers(headers);
      return done();
    }
    reply.header('access-control-allow-origin', '*');
    // Answered here: the route never runs (a hook that sends must not call done).
    reply.code(204).headers({
      'access-control-allow-methods': CORS_ALLOWED_METHODS.join(', '),
      'access-control-allow-headers': CORS_ALLOWED_HEADERS.join(', '),
      'access-control-max-age': String(PREFLIGHT_MAX_AGE),
    }).send();
  });
}
