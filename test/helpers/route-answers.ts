/**
 * Sending a catalogue request and reading the answer the way a client of the service does:
 * whether a refusal is in the service's format (`{message, code[, errors]}` as JSON), in
 * the OAuth shape, the host contract's or an HTML page, as the route's catalogue entry says.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { routeUrl, type Refusals, type RouteRequest } from './route-catalogue.js';

/** The inject options for `request` to `method pattern`, with `authorization` when given. */
export function injection(method: string, pattern: string, request: RouteRequest, authorization: string | undefined): InjectOptions {
  const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
  const options: InjectOptions = { method: method as InjectOptions['method'], url: routeUrl(pattern, request.params, request.query), headers };
  if (request.body === undefined) return options;
  const encoding = request.encoding ?? 'json';
  if (encoding === 'form') headers['content-type'] = 'application/x-www-form-urlencoded';
  else if (encoding === 'bytes') headers['content-type'] = 'application/octet-stream';
  else headers['content-type'] = 'application/json';
  return { ...options, payload: encoding === 'json' ? JSON.stringify(request.body) : (request.body as string | Buffer) };
}

/** An answer as two ways of serving one route are compared (status, headers, body). */
export interface Answer<Body = string> {
  status: number;
  headers: Record<string, unknown>;
  body: Body;
}

/** Headers that differ between any two answers (the moment, the connection). */
const PER_ANSWER = ['date', 'connection', 'keep-alive'];

/** The answer without the headers any two answers differ in. */
export function comparable<Body>(answer: Answer<Body>): Answer<Body> {
  return { status: answer.status, headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_ANSWER.includes(name))), body: answer.body };
}

function json(response: LightMyRequestResponse): Record<string, unknown> | undefined {
  if (!/^application\/json/.test(String(response.headers['content-type'] ?? ''))) return undefined;
  try {
    const body: unknown = JSON.parse(response.body);
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A refusal in the service's format: JSON `{message, code}` (no code on a plain 429), `errors` an object when present. */
export function isServiceRefusal(response: LightMyRequestResponse): boolean {
  const body = json(response);
  if (!body || typeof body.message !== 'string') return false;
  if (response.statusCode === 429 && body.code === undefined) return typeof body.retry_after === 'number';
  if (typeof body.code !== 'number') return false;
  const allowed = new Set(['message', 'code', 'errors', 'retry_after', 'global']);
  if (Object.keys(body).some((key) => !allowed.has(key))) return false;
  return body.errors === undefined || (typeof body.errors === 'object' && body.errors !== null && !Array.isArray(body.errors));
}

/** An RFC 6749 §5.2 error: `{error, error_description?}` (the authorize API may add `location`). */
export function isOAuthRefusal(response: LightMyRequestResponse): boolean {
  const body = json(response);
  return !!body && typeof body.error === 'string' && /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/.test(body.error)
    && (body.error_description === undefined || typeof body.error_description === 'string');
}

/** The host contract's error: `{code, message}` with a string code. */
export function isHostRefusal(response: LightMyRequestResponse): boolean {
  const body = json(response);
  return !!body && typeof body.code === 'string' && typeof body.message === 'string';
}

/**
 * The service answers JSON with exactly `application/json` (api-facts.md, Error body):
 * discord.py, oceanic.js, eris and slash-create compare the header exactly. A problem to
 * report, or undefined when the answer is not JSON or carries the exact value.
 */
export function jsonTypeProblem(response: LightMyRequestResponse): string | undefined {
  const type = String(response.headers['content-type'] ?? '');
  return /json/i.test(type) && type !== 'application/json' ? `Content-Type "${type}"` : undefined;
}

export function isPage(response: LightMyRequestResponse): boolean {
  return /^text\/html/.test(String(response.headers['content-type'] ?? ''));
}

/**
 * Whether a 4xx is in a format the route may answer: its own kind of refusal, or the
 * service's (every route answers a body it cannot read, or an unknown path, that way).
 */
export function refusalInFormat(response: LightMyRequestResponse, refusals: Refusals): boolean {
  if (isServiceRefusal(response)) return true;
  if (refusals === 'oauth') return isOAuthRefusal(response);
  if (refusals === 'host') return isHostRefusal(response);
  if (refusals === 'page') return isPage(response);
  return false;
}
