/**
 * Bodies of the form-encoded OAuth endpoints (the token and revocation endpoints, the
 * browser authorize page). The registry's own parsers take JSON only, so these routes
 * live in an encapsulated Fastify plugin with their own: a form body becomes
 * URLSearchParams, and any other body is left undefined for the route to refuse in the
 * OAuth shape (`invalid_request`) instead of the service's JSON error.
 */
import type { FastifyInstance } from 'fastify';

/** Largest form accepted: a token request is a few hundred bytes. */
export const FORM_BODY_LIMIT = 16 * 1024;

/** Replaces the parsers of the plugin `scope` (never the whole app) with the form parser. */
export function registerFormBody(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, new URLSearchParams(body as string));
  });
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT }, (_request, _body, done) => {
    done(null, undefined);
  });
}

/** The parsed form of a request, or undefined when its body was not a form. */
export function formOf(body: unknown): URLSearchParams | undefined {
  return body instanceof URLSearchParams ? body : undefined;
}
