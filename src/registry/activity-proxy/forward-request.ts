/**
 * One HTTP request through the Activity proxy: the page's request streamed to its mapped
 * target, the answer streamed back under the sandbox's policy. A page (HTML) is read whole
 * (up to a bound), decoded, and given the response's nonce on its inline scripts, as
 * Discord's proxy rewrites it; it is never cached, since the next answer has another nonce.
 * A target that refuses the connection gets the frame a 502, one that does not answer in time
 * a 504, each with a body that names the mapping.
 */
import { request as httpRequest, type Agent as HttpAgent, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { MappedRequest } from '../../shared/url-mappings.js';
import { requestHeaders, responseHeaders } from './forwarded-headers.js';
import { sandboxPolicy, scriptNonce, withScriptNonces } from './sandbox-policy.js';

/** The largest page rewritten; a larger one passes as it is (its inline scripts then stay blocked). */
const MAX_PAGE_BYTES = 8 * 1024 * 1024;

/** Why a forward failed before the target answered. */
export interface ForwardFailure {
  status: 502 | 504;
  message: string;
}

/** How the mapping is named in every failure's message. */
function mappingNamed(mapped: MappedRequest): string {
  return `(mapping ${mapped.mapping.prefix} -> ${mapped.mapping.target})`;
}

/** The target could not be reached (502), or said nothing in time (504). */
export function targetFailure(mapped: MappedRequest, error: NodeJS.ErrnoException | 'timeout', timeoutMs: number): ForwardFailure {
  if (error === 'timeout') return { status: 504, message: `${mapped.host} did not answer within ${timeoutMs / 1000} s ${mappingNamed(mapped)}.` };
  const why = error.code === 'ECONNREFUSED' ? 'refused the connection (is its server running?)' : `failed: ${error.code ?? error.message}`;
  return { status: 502, message: `${mapped.host} ${why} ${mappingNamed(mapped)}.` };
}

export interface ForwardOptions {
  origin: string;
  mapped: MappedRequest;
  /** How long the target has to begin its answer. */
  timeoutMs: number;
  agents: { http: HttpAgent; https: HttpsAgent };
  /** The target failed before answering: the caller answers the frame and reports it. */
  failed(failure: ForwardFailure): void;
}

function isPage(headers: IncomingMessage['headers']): boolean {
  return /^\s*text\/html\b/i.test(headers['content-type'] ?? '');
}

/** The page's bytes decoded from its content-coding; undefined for a coding this proxy does not read. */
function decoded(body: Buffer, coding: string | undefined): Buffer | undefined {
  switch ((coding ?? 'identity').trim().toLowerCase()) {
    case 'identity': case '': return body;
    case 'gzip': case 'x-gzip': return gunzipSync(body);
    case 'deflate': return inflateSync(body);
    case 'br': return brotliDecompressSync(body);
    default: return undefined;
  }
}

/** Sends the target's page with nonces on its inline scripts, or as it came when it cannot be read. */
function sendPage(answer: IncomingMessage, response: ServerResponse, origin: string): void {
  const chunks: Buffer[] = [];
  let size = 0;
  answer.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_PAGE_BYTES) chunks.push(chunk);
  });
  answer.on('end', () => {
    const nonce = scriptNonce();
    const body = Buffer.concat(chunks);
    let page: Buffer | undefined;
    try {
      page = size <= MAX_PAGE_BYTES ? decoded(body, answer.headers['content-encoding']) : undefined;
    } catch {
      page = undefined;
    }
    const headers = responseHeaders(answer.headers, sandboxPolicy(origin, nonce));
    if (page === undefined) {
      if (size > MAX_PAGE_BYTES) return void response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('The Activity\'s page is over 8 MB: the proxy does not serve it.\n');
      return void response.writeHead(answer.statusCode ?? 502, headers).end(body);
    }
    const rewritten = Buffer.from(withScriptNonces(page.toString('utf8'), nonce));
    for (const name of ['content-encoding', 'content-length', 'etag', 'last-modified']) delete headers[name];
    headers['cache-control'] = 'no-store';
    headers['content-length'] = String(rewritten.length);
    response.writeHead(answer.statusCode ?? 200, headers).end(rewritten);
  });
  answer.on('error', () => response.destroy());
}

/** Forwards `request` to its mapped target and streams the answer to `response`. */
export function forwardRequest(request: IncomingMessage, response: ServerResponse, options: ForwardOptions): void {
  const { mapped } = options;
  const headers = requestHeaders(request.headers, mapped.host);
  // A page's nonce changes with each answer: a cached copy (a 304) would keep the old one.
  if (request.headers['sec-fetch-dest'] === 'iframe' || request.headers['sec-fetch-dest'] === 'document') {
    delete headers['if-none-match'];
    delete headers['if-modified-since'];
  }
  const send = mapped.secure ? httpsRequest : httpRequest;
  let state: 'waiting' | 'answered' | 'failed' = 'waiting';
  const outgoing = send({
    host: mapped.hostname, port: mapped.port, method: request.method, path: mapped.path, headers,
    agent: mapped.secure ? options.agents.https : options.agents.http, ...(mapped.secure ? { servername: mapped.hostname } : {}),
  });
  const fail = (failure: ForwardFailure) => {
    if (state === 'failed') return;
    // Cut off mid-answer: the frame sees the stream break, as from any server.
    if (state === 'answered') return void response.destroy();
    state = 'failed';
    outgoing.destroy();
    options.failed(failure);
  };
  // The target's time runs from the request's last byte: a long upload is the page's time, not the target's.
  let timer: NodeJS.Timeout | undefined;
  outgoing.on('finish', () => {
    if (state !== 'waiting') return;
    timer = setTimeout(() => fail(targetFailure(mapped, 'timeout', options.timeoutMs)), options.timeoutMs);
  });
  outgoing.on('response', (answer) => {
    clearTimeout(timer);
    if (state !== 'waiting') return void answer.destroy();
    state = 'answered';
    if (isPage(answer.headers) && request.method !== 'HEAD') return sendPage(answer, response, options.origin);
    response.writeHead(answer.statusCode ?? 502, responseHeaders(answer.headers, sandboxPolicy(options.origin, scriptNonce())));
    answer.pipe(response);
    answer.on('error', () => response.destroy());
  });
  outgoing.on('error', (error: NodeJS.ErrnoException) => {
    clearTimeout(timer);
    fail(targetFailure(mapped, error, options.timeoutMs));
  });
  // The frame went away: so does the request to the target.
  response.on('close', () => {
    clearTimeout(timer);
    if (!response.writableFinished) outgoing.destroy();
  });
  request.pipe(outgoing);
}
