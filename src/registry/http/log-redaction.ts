/**
 * What the registry's log may say about a request. Logging is off by default and requests
 * are never logged line by line (app.ts), but whoever turns the logger on must not find a
 * credential in it: the Authorization header is censored wherever it appears, and the
 * tokens that travel in URLs (interaction and webhook tokens in the path, attachment keys
 * and OAuth values in the query) are masked in every logged request.
 */
import type { FastifyRequest } from 'fastify';

/** What a caller may set: where lines go and from which level. */
export interface LogSettings {
  level?: string;
  stream?: { write(line: string): void };
}

const MASK = '[redacted]';

/** Path segments that are credentials: `/webhooks/{app}/{token}` and `/interactions/{id}/{token}/callback`. */
const TOKEN_PATHS: readonly RegExp[] = [
  /^(\/api\/v\d+\/webhooks\/[^/?#]*\/)[^/?#]+/,
  /^(\/api\/v\d+\/interactions\/[^/?#]*\/)[^/?#]+(?=\/callback)/,
];

/** Query parameters that carry a credential. */
const SECRET_QUERY = /([?&](?:hm|token|access_token|refresh_token|code|code_verifier|client_secret)=)[^&#]*/gi;

/** The URL with every credential it may carry replaced by a mask. */
export function redactUrl(url: string): string {
  let masked = url;
  for (const pattern of TOKEN_PATHS) masked = masked.replace(pattern, `$1${MASK}`);
  return masked.replace(SECRET_QUERY, `$1${MASK}`);
}

/** Fastify's request serializer without headers, and with the URL's credentials masked. */
function requestSummary(request: FastifyRequest): Record<string, unknown> {
  return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
}

/** Fastify's `logger` option for the registry's settings: false, or a logger that redacts. */
export function logSettings(settings: boolean | LogSettings) {
  if (settings === false) return false;
  return {
    ...(settings === true ? {} : settings),
    serializers: { req: requestSummary },
    redact: {
      paths: ['authorization', 'headers.authorization', 'req.headers.authorization', '*.headers.authorization'],
      censor: MASK,
    },
  };
}
