/**
 * The default HTTP client for deliveries, shaped like the slice of `fetch` the delivery code
 * uses (a quarter of undici's fetch in CPU per request), since delivery sits on every
 * invocation. A plain `http:` endpoint is reached on a connection kept warm for it
 * (warm-sockets.ts), a TLS one through node:https with keep-alive. Either way the request's
 * bytes are node:http's for a headers object: the caller's headers in order, then Host,
 * Authorization for a URL with credentials, Connection: keep-alive and Content-Length.
 * Each URL is parsed once.
 */
import type { IncomingMessage, RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { MESSAGE_FILES_TOTAL_LIMIT } from '../../shared/attachment-limits.js';
import { DEFAULT_BODY_LIMIT } from '../http/json-body.js';
import { watchDeadline } from './request-deadline.js';
import { postWarm } from './warm-sockets.js';
import type { Timers } from '../timers.js';

/** TLS endpoints go through node:https, with its keep-alive agent; plain ones through warm-sockets.ts. */
const httpsAgent = new HttpsAgent({ keepAlive: true });

/**
 * The most of an answer the registry reads: an interaction response with the files a
 * message may carry (a multipart answer) and a JSON body's limit. An endpoint that streams
 * without end is cut off here instead of filling memory until the deadline.
 */
export const MAX_ANSWER_BYTES = MESSAGE_FILES_TOTAL_LIMIT + DEFAULT_BODY_LIMIT;

/** The `code` of the rejection for an answer past MAX_ANSWER_BYTES. */
export const ANSWER_TOO_LARGE = 'ANSWER_TOO_LARGE';

export interface PostInit {
  method: string;
  headers: Record<string, string>;
  /** Text (sent as UTF-8), or its bytes. */
  body: string | Buffer;
  /** The deadline for the whole exchange, answer included: past it the request rejects with a `TimeoutError`. */
  timeoutMs: number;
  /** Where the deadline's timer is set: the machine's by default (request-deadline.ts). */
  timers?: Timers;
  /** Cancels the request: it rejects with an `AbortError`. */
  signal?: AbortSignal;
}

/** A URL as node:http takes it, and the headers node:http would add for it. */
interface Target {
  secure: boolean;
  options: RequestOptions;
  /** `Host` (with the port unless it is the scheme's) and, for a URL with credentials, `Authorization`. */
  added: Array<[string, string]>;
}

/** Parsed URLs; deliveries go to a few endpoints again and again. Bounded, like any cache of what callers send. */
const targets = new Map<string, Target>();
const MAX_TARGETS = 256;

function targetOf(url: string): Target {
  let target = targets.get(url);
  if (target === undefined) {
    const parsed = new URL(url);
    const { auth, ...options } = urlToHttpOptions(parsed);
    // What node:http adds after the caller's headers, in its order: Host, then Authorization from the URL.
    const added: Array<[string, string]> = [['Host', parsed.host]];
    if (auth) added.push(['Authorization', `Basic ${Buffer.from(auth).toString('base64')}`]);
    target = { secure: parsed.protocol === 'https:', options, added };
    if (targets.size >= MAX_TARGETS) targets.clear();
    targets.set(url, target);
  }
  return target;
}

/** The request's headers as node:http writes them for a headers object, as a flat list of names and values. */
function headLines(target: Target, init: PostInit): string[] {
  const lines: string[] = [];
  const given = new Set<string>();
  for (const name in init.headers) {
    lines.push(name, init.headers[name] as string);
    given.add(name.toLowerCase());
  }
  for (const [name, value] of target.added) if (!given.has(name.toLowerCase())) lines.push(name, value);
  if (!given.has('connection')) lines.push('Connection', 'keep-alive');
  if (!given.has('content-length') && !given.has('transfer-encoding')) lines.push('Content-Length', String(Buffer.byteLength(init.body)));
  return lines;
}

/** What `httpPost` answers: the slice of a fetch Response the delivery code reads. */
export interface PostAnswer {
  status: number;
  headers: Headers;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
}

/** An answer too large to read (past MAX_ANSWER_BYTES). */
function answerTooLarge(): Error {
  return Object.assign(new Error(`the answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB`), { code: ANSWER_TOO_LARGE });
}

/** A header node:http would refuse to send (control characters, a line break). */
const INVALID_HEADER = /[^\t\x20-\x7e\x80-\xff]/;

/**
 * POSTs and reads the whole answer; rejects like fetch on a network error, a cancel or the
 * deadline (request-deadline.ts), and past MAX_ANSWER_BYTES.
 */
export async function httpPost(url: string, init: PostInit): Promise<PostAnswer> {
  const target = targetOf(url);
  const lines = headLines(target, init);
  if (target.secure) return await postOverTls(target, lines, init);
  // One look over every name and value (a tab, which either may hold, between them), and
  // each alone only to name the one refused.
  if (INVALID_HEADER.test(lines.join('\t'))) {
    const name = lines.find((_, index) => index % 2 === 0 && (INVALID_HEADER.test(lines[index] as string) || INVALID_HEADER.test(lines[index + 1] as string)));
    throw Object.assign(new TypeError(`Invalid character in header content ["${name}"]`), { code: 'ERR_INVALID_CHAR' });
  }
  let head = `${init.method} ${target.options.path ?? '/'} HTTP/1.1\r\n`;
  for (let index = 0; index < lines.length; index += 2) head += `${lines[index] as string}: ${lines[index + 1] as string}\r\n`;
  const answer = await postWarm({
    host: target.options.hostname ?? 'localhost', port: Number(target.options.port ?? 80), head: `${head}\r\n`, body: init.body,
    timeoutMs: init.timeoutMs, ...(init.timers ? { timers: init.timers } : {}), signal: init.signal, maxAnswerBytes: MAX_ANSWER_BYTES, tooLarge: answerTooLarge,
  });
  return answerOf(answer.status, answer.headers, answer.body);
}

function answerOf(status: number, headers: Headers, bytes: Buffer): PostAnswer {
  const view = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return { status, headers, arrayBuffer: async () => view, text: async () => bytes.toString('utf8') };
}

/** The same over node:https. */
function postOverTls(target: Target, lines: string[], init: PostInit): Promise<PostAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest({ ...target.options, method: init.method, headers: lines, agent: httpsAgent }, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        else request.destroy(answerTooLarge());
      });
      response.on('error', reject);
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        resolve(answerOf(response.statusCode ?? 0, headers, Buffer.concat(chunks)));
      });
    });
    const unwatch = watchDeadline(init.timeoutMs, init.signal, (reason) => request.destroy(reason), init.timers);
    request.on('error', reject);
    request.on('close', unwatch);
    request.end(init.body);
  });
}
