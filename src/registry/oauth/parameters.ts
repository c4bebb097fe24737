/**
 * OAuth2 request parameters from a query string or a form body. RFC 6749 §3.1 and §3.2:
 * a parameter sent twice is an error, and one sent without a value counts as omitted;
 * both sources are read through this one rule so the endpoints cannot disagree.
 */
import { oauthError, type OAuthError } from './oauth-error.js';

/** Parameter values by name, and the names that came more than once. */
export interface Parameters {
  values: ReadonlyMap<string, string>;
  repeated: ReadonlySet<string>;
}

/** From Fastify's parsed query (a repeated name arrives as an array). */
export function queryParameters(query: unknown): Parameters {
  const values = new Map<string, string>();
  const repeated = new Set<string>();
  if (typeof query === 'object' && query !== null) {
    for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
      const list = (Array.isArray(value) ? value : [value]).filter((entry): entry is string => typeof entry === 'string' && entry !== '');
      if (list.length > 1) repeated.add(name);
      if (list[0] !== undefined) values.set(name, list[0]);
    }
  }
  return { values, repeated };
}

/** From an `application/x-www-form-urlencoded` body. */
export function formParameters(form: URLSearchParams): Parameters {
  const values = new Map<string, string>();
  const repeated = new Set<string>();
  for (const [name, value] of form) {
    if (value === '') continue;
    if (values.has(name)) repeated.add(name);
    else values.set(name, value);
  }
  return { values, repeated };
}

/** The first of `names` (every name when omitted) that was sent twice, as the RFC's invalid_request. */
export function repeatedParameter(parameters: Parameters, names?: readonly string[]): OAuthError | undefined {
  const name = (names ?? [...parameters.repeated]).find((candidate) => parameters.repeated.has(candidate));
  return name === undefined ? undefined : oauthError('invalid_request', `Duplicate "${name}" in request.`);
}
