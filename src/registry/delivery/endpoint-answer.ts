/**
 * How an interactions endpoint answered, read as the service reads it: 200 with an
 * interaction response, 202 (or 204) to say the bot will use the callback route, or one
 * of the ways an answer is wrong. Pure functions, so every outcome is tested without a server.
 */

import type { IncomingFile } from '../http/request-files.js';
import { isMultipart, readMultipartAnswer } from './multipart-answer.js';

/**
 * - `response`: 200 with a JSON interaction response (an object with an integer `type`)
 * - `acknowledged`: 202 or 204; the bot answers through the callback route
 * - `timeout`: no complete answer before the deadline
 * - `network-error`: no connection, or it broke
 * - `bad-status`: any other status
 * - `bad-body`: 200 whose body is not JSON, has no integer `type`, or is not sent as application/json
 */
export type DeliveryOutcome = 'response' | 'acknowledged' | 'timeout' | 'network-error' | 'bad-status' | 'bad-body';

/** An inline interaction response as the bot sent it; only `type` is checked here. */
export interface InteractionResponseBody {
  type: number;
  [field: string]: unknown;
}

/** The endpoint's side of a delivery. */
export interface Answer {
  outcome: DeliveryOutcome;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** The raw body text (truncated for `bad-status`). */
  responseBody?: string;
  /** The parsed body, for `response` only. */
  response?: InteractionResponseBody;
  /** The files of a multipart answer, for `response` only. */
  files?: IncomingFile[];
  /** Why the outcome is not `response` or `acknowledged`, in words a developer can act on. */
  error?: string;
}

/** Classifies an answer's bytes: a multipart one (an answer with files) is read part by part. */
export async function readEndpointAnswer(status: number, headers: Headers, bytes: Uint8Array<ArrayBuffer>): Promise<Answer> {
  const contentType = headers.get('content-type');
  if (status !== 200 || contentType === null || !isMultipart(contentType)) return readAnswer(status, headers, new TextDecoder().decode(bytes));
  const responseHeaders = Object.fromEntries(headers);
  const parts = await readMultipartAnswer(bytes, contentType);
  if ('problem' in parts) return { outcome: 'bad-body', status, responseHeaders, error: parts.problem };
  const parsed = parseResponse(parts.payload);
  if (typeof parsed === 'string') return { outcome: 'bad-body', status, responseHeaders, responseBody: parts.payload, error: parsed };
  return { outcome: 'response', status, responseHeaders, responseBody: parts.payload, response: parsed, files: parts.files };
}

/** Enough of an error page to recognise it, not a whole framework's HTML. */
export const MAX_ERROR_BODY_CHARS = 2000;

/** Classifies an answer that arrived in full. */
export function readAnswer(status: number, headers: Headers, text: string): Answer {
  const responseHeaders = Object.fromEntries(headers);
  if (status === 202 || status === 204) return { outcome: 'acknowledged', status, responseHeaders, responseBody: text };
  if (status !== 200) {
    // A 401 after the URL passed verification: the bot checks signatures with another key now.
    const hint = status === 401 ? ": it refused a correctly signed request; check that it verifies with this application's verify_key" : '';
    return { outcome: 'bad-status', status, responseHeaders, responseBody: truncate(text), error: `the endpoint answered ${status}${hint}` };
  }
  const parsed = parseResponse(text);
  if (typeof parsed === 'string') return { outcome: 'bad-body', status, responseHeaders, responseBody: text, error: parsed };
  const typeProblem = contentTypeProblem(headers.get('content-type'));
  if (typeProblem !== undefined) return { outcome: 'bad-body', status, responseHeaders, responseBody: text, error: typeProblem };
  return { outcome: 'response', status, responseHeaders, responseBody: text, response: parsed };
}

/** The parsed interaction response, or why the body is not one. */
function parseResponse(text: string): InteractionResponseBody | string {
  if (text.trim().length === 0) return 'the endpoint answered 200 with an empty body (answer 202 to use the callback route)';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the endpoint answered 200 with a body that is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'the endpoint answered 200 with JSON that is not an object';
  }
  const type = (value as Record<string, unknown>).type;
  if (typeof type !== 'number' || !Number.isInteger(type)) {
    return 'the endpoint answered 200 with an object that has no integer "type"';
  }
  return value as InteractionResponseBody;
}

/**
 * The service reads an inline answer only when it says it is JSON: an endpoint whose answer
 * lacks `Content-Type: application/json` fails, even with a valid body
 * (discord/discord-api-docs#7285). A charset parameter is fine.
 */
function contentTypeProblem(contentType: string | null): string | undefined {
  const media = contentType?.split(';')[0]?.trim().toLowerCase();
  if (media === 'application/json') return undefined;
  const said = contentType === null ? 'no Content-Type' : `Content-Type "${contentType}"`;
  return `the endpoint answered 200 with ${said}; an interaction response must be sent as application/json`;
}

function truncate(text: string): string {
  return text.length <= MAX_ERROR_BODY_CHARS ? text : `${text.slice(0, MAX_ERROR_BODY_CHARS)}… (${text.length} characters)`;
}

/** Connection failures: nothing listening, no such host, no route to it. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT',
]);

/**
 * Why fetch failed, from its `cause` (undici wraps the socket error, sometimes in an
 * AggregateError when several addresses were tried): "could not connect: ECONNREFUSED".
 */
export function describeFetchFailure(error: unknown): string {
  const cause = rootCause(error);
  const code = typeof cause.code === 'string' ? cause.code : undefined;
  if (code !== undefined && CONNECT_CODES.has(code)) return `could not connect: ${code}`;
  if (code !== undefined) return `the connection failed: ${code}${cause.message ? ` (${cause.message})` : ''}`;
  return `the request failed: ${cause.message ?? String(error)}`;
}

function rootCause(error: unknown): { code?: unknown; message?: string } {
  let current: unknown = error;
  for (let depth = 0; depth < 5; depth += 1) {
    if (current instanceof AggregateError && current.errors.length > 0) current = current.errors[0];
    const record = current as { code?: unknown; cause?: unknown; message?: string } | null;
    if (record === null || typeof record !== 'object') break;
    if (typeof record.code === 'string' || record.cause === undefined) return record;
    current = record.cause;
  }
  return { message: String(current) };
}
