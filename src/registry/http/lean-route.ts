/**
 * A route's plain requests answered straight from node:http, ahead of Fastify: used for
 * `POST /api/v10/interactions`, the request every interaction starts with, where Fastify's
 * routing, hooks and body reading were a quarter of the registry's time before the app has
 * the interaction (docs/benchmarks.md). Only the plainest form of the request is taken here:
 * the exact method and path (no query, no other API version or escape), `Content-Type:
 * application/json` and a `Content-Length` within the body limit. Anything else (a chunked,
 * empty or too large body, another type, a preflight) goes on to Fastify's route, which
 * answers the same way: the body is parsed by the same function, an error is answered as the
 * app's error handler answers it, with the CORS headers its hook adds
 * (test/registry/lean-route.test.ts compares the two answers). A connection whose requests
 * are all plain is answered a level lower still, from its bytes (lean-connections.ts), with
 * the same answers (`leanAnswer`).
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { crossOriginHeaders } from './cors.js';
import { answeredError } from './framework-errors.js';
import { DEFAULT_BODY_LIMIT, parseJsonBody } from './json-body.js';
import { JSON_TYPE } from './json-type.js';

/** What the route's handler reads of the request (as Fastify's request has it). */
export interface LeanRequest {
  headers: IncomingMessage['headers'];
  url: string;
  protocol: 'http';
  socket: IncomingMessage['socket'];
}

/** The route's work on a plain request: succeeds once it may be answered 204, or throws what the route's handler would. */
export type LeanHandler = (request: LeanRequest, body: unknown) => Promise<void>;

/** The length of a plain request's body, from its headers; undefined for a request that is not plain. */
export function plainLength(contentType: unknown, contentLength: unknown, transferEncoding: unknown): number | undefined {
  if (contentType !== JSON_TYPE || typeof contentLength !== 'string' || transferEncoding !== undefined || !/^[1-9]\d{0,8}$/.test(contentLength)) return undefined;
  const length = Number(contentLength);
  return length <= DEFAULT_BODY_LIMIT ? length : undefined;
}

/** Whether the request is one the lean path takes, decided from its head alone. */
function isPlain(request: IncomingMessage, method: string, url: string): boolean {
  const { headers } = request;
  return request.method === method && request.url === url && plainLength(headers['content-type'], headers['content-length'], headers['transfer-encoding']) !== undefined;
}

/** An answer as the route gives it: 204 with the CORS headers, or the app's error handler's answer. */
export interface LeanAnswer {
  status: number;
  headers: Record<string, string> | undefined;
  body?: string;
}

/**
 * Runs `handle` on the body `read` gives (it throws the service's 50109 for a body that is
 * not JSON, as `parseJsonBody` does); answers as the route would. Never rejects.
 */
export async function leanAnswer(app: FastifyInstance, handle: LeanHandler, request: LeanRequest, read: () => unknown): Promise<LeanAnswer> {
  try {
    await handle(request, read());
    return { status: 204, headers: crossOriginHeaders(request) };
  } catch (error) {
    const known = answeredError(error, app.log);
    const body = JSON.stringify(known.body());
    return { status: known.status, headers: { ...crossOriginHeaders(request), ...known.headers, 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(body)) }, body };
  }
}

/**
 * Takes `method url`'s plain requests from the app's server before Fastify sees them;
 * `handle` succeeds with a 204, or throws what the route's handler would.
 */
export function answerAheadOfFastify(app: FastifyInstance, method: string, url: string, handle: LeanHandler): void {
  const server = app.server;
  const fastify = server.listeners('request') as Array<(request: IncomingMessage, response: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!isPlain(request, method, url)) {
      for (const listener of fastify) listener(request, response);
      return;
    }
    const lean: LeanRequest = { headers: request.headers, url, protocol: 'http', socket: request.socket };
    // Bytes, decoded once whole (as a decoder across chunks would): a small body is one chunk.
    // The body is whole once its Content-Length has arrived (the parser passes no byte beyond
    // it): taken then, not at `end`, which the stream emits on a later tick.
    const length = Number(request.headers['content-length']);
    const chunks: Buffer[] = [];
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (received !== length) return;
      const text = (chunks.length === 1 ? chunks[0] as Buffer : Buffer.concat(chunks)).toString('utf8');
      void leanAnswer(app, handle, lean, () => parseJsonBody(text)).then((answer) => response.writeHead(answer.status, answer.headers).end(answer.body));
    });
  });
}
