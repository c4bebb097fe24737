/**
 * The plain requests a lean connection reads itself (http/plain-request.ts) against the
 * parser nobody here wrote: every request it takes, sent to a node:http server, reaches
 * that server as the same method, path, headers and body; and what it leaves (a request
 * node:http would read another way, refuse, or read more of) it leaves whole.
 */
import { once } from 'node:events';
import { createServer, maxHeaderSize, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainRequest } from '../../src/registry/http/plain-request.js';

const LINE = 'POST /api/v10/interactions HTTP/1.1\r\n';
const BODY = '{"type":2,"application_id":"1","channel_id":"2","data":{"id":"3","name":"ping","type":1,"version":"4"},"nonce":"é"}';

/** A request's bytes from its header lines (name, separator, value) and body. */
function requestBytes(lines: ReadonlyArray<readonly [string, string, string]>, body = BODY, line = LINE, end = '\r\n'): Buffer {
  return Buffer.concat([Buffer.from(`${line}${lines.map(([name, separator, value]) => `${name}${separator}${value}${end}`).join('')}\r\n`, 'latin1'), Buffer.from(body)]);
}

const PLAIN: Array<readonly [string, string, string]> = [
  ['Host', ': ', '127.0.0.1:8484'],
  ['Authorization', ': ', 'MTU3OTE0.kfxZRW-ZCZ_tfn'],
  ['Content-Type', ': ', 'application/json'],
  ['Content-Length', ': ', String(Buffer.byteLength(BODY))],
];

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: Server;
let port: number;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await once(server, 'close');
});

/** What node:http makes of `bytes` sent on a connection of their own, and what it answered. */
async function throughNode(bytes: Buffer): Promise<{ requests: Seen[]; answer: string }> {
  const from = seen.length;
  const socket = connect({ port, host: '127.0.0.1' });
  let answer = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => {
    answer += chunk;
    // One answer is all a request that is whole gets; it is the last thing to wait for.
    if (/^HTTP\/1\.1 \d{3} /.test(answer) && answer.includes('\r\n\r\n')) socket.end();
  });
  socket.write(bytes);
  await once(socket, 'close');
  return { requests: seen.slice(from), answer };
}

describe('a plain request', () => {
  it('is read from one whole request with the headers node:http gives', async () => {
    const bytes = requestBytes(PLAIN);
    const plain = plainRequest(bytes, LINE, maxHeaderSize);
    expect(plain?.body.toString()).toBe(BODY);
    const { requests } = await throughNode(bytes);
    expect(requests).toHaveLength(1);
    expect({ ...plain?.headers }).toEqual({ ...requests[0]?.headers });
  });

  it.each([
    ['another method', requestBytes(PLAIN, BODY, 'PUT /api/v10/interactions HTTP/1.1\r\n')],
    ['a query', requestBytes(PLAIN, BODY, 'POST /api/v10/interactions?x=1 HTTP/1.1\r\n')],
    ['HTTP/1.0', requestBytes(PLAIN, BODY, 'POST /api/v10/interactions HTTP/1.0\r\n')],
    ['no Host', requestBytes(PLAIN.filter(([name]) => name !== 'Host'))],
    ['a second Content-Length', requestBytes([...PLAIN, ['content-length', ': ', '5']])],
    ['a repeated header', requestBytes([...PLAIN, ['X-A', ': ', '1'], ['x-a', ': ', '2']])],
    ['Transfer-Encoding', requestBytes([...PLAIN, ['Transfer-Encoding', ': ', 'identity']])],
    ['Expect', requestBytes([...PLAIN, ['Expect', ': ', '100-continue']])],
    ['Upgrade', requestBytes([...PLAIN, ['Upgrade', ': ', 'websocket']])],
    ['Connection: close', requestBytes([...PLAIN, ['Connection', ': ', 'close']])],
    ['a __proto__ header', requestBytes([...PLAIN, ['__proto__', ': ', 'x']])],
    ['a value with blanks before it', requestBytes([...PLAIN, ['X-A', ':  ', 'v']])],
    ['a value with a blank after it', requestBytes([...PLAIN, ['X-A', ': ', 'v ']])],
    ['a value past Latin-1 ASCII', requestBytes([...PLAIN, ['X-A', ': ', 'caf\u00e9']])],
    ['an empty value', requestBytes([...PLAIN, ['X-A', ': ', '']])],
    ['bare LF line ends', requestBytes(PLAIN, BODY, LINE, '\n')],
    ['another media type', requestBytes(PLAIN.map(([name, separator, value]) => (name === 'Content-Type' ? [name, separator, 'application/json; charset=utf-8'] : [name, separator, value])))],
    ['a body cut short', requestBytes(PLAIN, BODY.slice(0, -1))],
    ['bytes past the body', Buffer.concat([requestBytes(PLAIN), Buffer.from('POST')])],
    ['a head without its end', Buffer.from(`${LINE}Host: x\r\n`)],
  ])('is not %s', (_name, bytes) => {
    expect(plainRequest(bytes, LINE, maxHeaderSize)).toBeUndefined();
  });

  it('is not a head past node:http\'s limit', () => {
    const bytes = requestBytes([...PLAIN, ['X-Long', ': ', 'x'.repeat(200)]]);
    expect(plainRequest(bytes, LINE, bytes.length)).toBeDefined();
    expect(plainRequest(bytes, LINE, 200)).toBeUndefined();
  });

  it('reads exactly what node:http reads, for every mutated request it takes', async () => {
    const name = fc.oneof(
      fc.constantFrom('Host', 'host', 'HOST', 'Authorization', 'Content-Type', 'content-length', 'Connection', 'Origin', 'X-Discord-Locale',
        'Accept-Language', 'User-Agent', 'Cookie', 'Set-Cookie', 'TE', 'Keep-Alive', 'Content-Encoding', 'Transfer-Encoding', 'Proxy-Connection', 'x_under', 'X.dot', '!#$%'),
      fc.string({ minLength: 1, maxLength: 6 }),
    );
    const value = fc.oneof(
      fc.constantFrom('keep-alive', 'Keep-Alive', 'close', 'application/json', '127.0.0.1', 'a b', 'a  b', 'v ', 'v\t', ' v', 'en-US, fr;q=0.5', '0', '00', '+5', '9'),
      fc.string({ maxLength: 8 }),
      fc.string({ unit: 'binary-ascii', maxLength: 8 }),
    );
    const separator = fc.constantFrom(': ', ':', ' : ', ':\t', ':  ');
    // Half of the added headers are clean ones, so that many mutated requests stay plain.
    const clean = fc.tuple(fc.constantFrom('Origin', 'User-Agent', 'Accept', 'X-Discord-Locale', 'Connection', 'Cookie'), fc.constantFrom(': ', ':'), fc.constantFrom('keep-alive', 'en-US', 'a=b; c', '*/*'));
    const extra = fc.array(fc.oneof(clean, fc.tuple(name, separator, value)), { maxLength: 3 });
    const lengthShift = fc.constantFrom(0, 0, 0, -1, 1);
    const order = fc.boolean();
    let taken = 0;
    await fc.assert(fc.asyncProperty(extra, lengthShift, order, async (added, shift, reversed) => {
      const length = String(Buffer.byteLength(BODY) + shift);
      const lines = [...PLAIN.map(([n, s, v]) => [n, s, n === 'Content-Length' ? length : v] as const), ...added];
      const bytes = requestBytes(reversed ? lines.reverse() : lines);
      const plain = plainRequest(bytes, LINE, maxHeaderSize);
      if (plain === undefined) return;
      taken++;
      const { requests, answer } = await throughNode(bytes);
      expect(answer.startsWith('HTTP/1.1 204 ')).toBe(true);
      expect(requests).toHaveLength(1);
      const [request] = requests as [Seen];
      expect([request.method, request.url]).toEqual(['POST', '/api/v10/interactions']);
      expect({ ...plain.headers }).toEqual({ ...request.headers });
      expect(plain.body.equals(request.body)).toBe(true);
    }), { numRuns: 400 });
    // The mutations must leave many requests plain, or the property says little.
    expect(taken).toBeGreaterThan(60);
  });
});
