/**
 * One plain request found in a connection's bytes (lean-connections.ts): the narrowest form
 * of HTTP/1.1 that node:http's parser (llhttp) reads one way only, and nothing else. Bytes
 * that hold anything more, less or other are not read here at all: the connection goes to
 * node:http, which answers them as it answers any request. So this reads no HTTP that
 * node:http would read otherwise (test/registry/plain-request.test.ts holds the two to the
 * same headers and body on mutated requests).
 *
 * Plain here: the one request line given; header lines `name: value`, the name a token, the
 * value visible ASCII with single spaces inside, each name once (node:http drops or joins
 * repeats by rules of its own), `Host` present (node:http refuses a request without one);
 * no `Transfer-Encoding`, `Expect`, `Upgrade` or `Set-Cookie`, `Connection` absent or `keep-alive`; the
 * route's own rule on `Content-Type` and `Content-Length` (lean-route.ts); the head within
 * node:http's limit; and the bytes end exactly where the body does.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { plainLength } from './lean-route.js';

/**
 * A header line as plain reads it: a token, a colon, at most one space, a value without
 * blanks at either end, CRLF. Sticky: each match starts where the last ended, so the lines
 * are read in one pass, a third of the time of splitting them first (cold, as an invocation
 * finds the code after the client's and the bot's turns).
 */
const HEADER_LINE = /([!#$%&'*+\-.^_`|~0-9A-Za-z]+): ?([\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?)\r\n/y;

/** Headers a plain request goes without: each changes how node:http reads or answers it, or what its value looks like (`set-cookie`, an array). */
const NOT_PLAIN = new Set(['transfer-encoding', 'expect', 'upgrade', 'set-cookie', '__proto__']);

export interface PlainRequest {
  /** By lowercase name, as node:http gives them. */
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * The request `bytes` hold, if they hold exactly one plain request starting with
 * `requestLine` (`METHOD /path HTTP/1.1\r\n`) whose head is at most `maxHeadBytes`.
 */
export function plainRequest(bytes: Buffer, requestLine: string, maxHeadBytes: number): PlainRequest | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n', 0, 'latin1');
  if (headEnd === -1 || headEnd + 4 > maxHeadBytes) return undefined;
  // The request line and the header lines, each with its CRLF.
  const head = bytes.toString('latin1', 0, headEnd + 2);
  if (!head.startsWith(requestLine)) return undefined;
  const headers: Record<string, string> = Object.create(null) as Record<string, string>;
  HEADER_LINE.lastIndex = requestLine.length;
  while (HEADER_LINE.lastIndex < head.length) {
    const match = HEADER_LINE.exec(head);
    if (match === null) return undefined;
    const name = (match[1] as string).toLowerCase();
    if (name in headers || NOT_PLAIN.has(name)) return undefined;
    headers[name] = match[2] as string;
  }
  const connection = headers.connection;
  if (headers.host === undefined || (connection !== undefined && connection.toLowerCase() !== 'keep-alive')) return undefined;
  const length = plainLength(headers['content-type'], headers['content-length'], undefined);
  const bodyStart = headEnd + 4;
  if (length === undefined || bytes.length !== bodyStart + length) return undefined;
  return { headers, body: bytes.subarray(bodyStart) };
}
