/**
 * `POST /api/v10/interactions` over a socket is answered ahead of Fastify (http/lean-route.ts)
 * when it is plain: it must answer exactly as the Fastify route does (reached here through
 * `inject`, which never passes the socket's listener): the same status, body and headers,
 * CORS included, for an accepted invocation and for every kind of refusal; a request that
 * is not plain goes on to Fastify.
 */
import { EventEmitter } from 'node:events';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { connect, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { comparable, type Answer } from '../helpers/route-answers.js';


let registry: ListeningRegistry;
/** Requests to the invocation path that reached Fastify. */
let throughFastify = 0;
let command: { id: string; name: string; version: string };

beforeAll(async () => {
  registry = await builtRegistry({}, (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.split('?')[0] === '/api/v10/interactions') throughFastify++;
      done();
    });
  });
  const created = await registry.app.inject({
    method: 'POST', url: `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`,
    headers: { authorization: `Bot ${EXAMPLE.app.token}` }, payload: { name: 'ping', description: 'Answers pong' },
  });
  command = created.json();
});

afterAll(() => registry.close());

function overSocket(headers: OutgoingHttpHeaders, body: string, path = '/api/v10/interactions'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${registry.url}${path}`, { method: 'POST', headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text });
      });
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

async function throughInject(headers: OutgoingHttpHeaders, body: string): Promise<Answer> {
  const response = await registry.app.inject({ method: 'POST', url: '/api/v10/interactions', headers: headers as Record<string, string>, payload: body });
  return { status: response.statusCode, headers: response.headers, body: response.body };
}

const json = (headers: OutgoingHttpHeaders = {}): OutgoingHttpHeaders => ({ 'content-type': 'application/json', ...headers });
const person = (headers: OutgoingHttpHeaders = {}) => json({ authorization: EXAMPLE.alice.token, ...headers });
const invocation = (data: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => JSON.stringify({
  type: 2, application_id: EXAMPLE.app.id, guild_id: EXAMPLE.guild, channel_id: EXAMPLE.general,
  data: { id: command.id, name: command.name, type: 1, version: command.version, ...data }, ...extra,
});

const CASES: Array<[string, () => OutgoingHttpHeaders, () => string]> = [
  ['an accepted invocation (204)', () => person(), () => invocation()],
  ['an accepted invocation from another origin', () => person({ origin: 'https://elsewhere.example' }), () => invocation()],
  ['no token (401)', () => json(), () => invocation()],
  ['a bot token (403)', () => json({ authorization: `Bot ${EXAMPLE.app.token}` }), () => invocation()],
  ['a body that is not JSON (50109)', () => person(), () => '{"type": 2,'],
  ['a body nested too deep (50109)', () => person(), () => `${'['.repeat(200)}${']'.repeat(200)}`],
  ['a body that is no object (50035)', () => person(), () => '[1, 2]'],
  ['a missing channel (50035)', () => person(), () => JSON.stringify({ type: 2, application_id: EXAMPLE.app.id, data: {} })],
  ['an unknown command (404)', () => person(), () => invocation({ id: '123456789012345678' })],
  ['an outdated version (50035), from another origin', () => person({ origin: 'https://elsewhere.example' }), () => invocation({ version: '1' })],
];

describe('an invocation answered ahead of Fastify', () => {
  it.each(CASES)('answers %s as the Fastify route does', async (_name, headers, body) => {
    const before = throughFastify;
    const lean = await overSocket(headers(), body());
    expect(throughFastify).toBe(before);
    const routed = await throughInject(headers(), body());
    expect(throughFastify).toBe(before + 1);
    expect(comparable(lean)).toEqual(comparable(routed));
  });

  it('leaves every request that is not plain to Fastify', async () => {
    const before = throughFastify;
    // Another media type spelling, a chunked body, an empty body, and a query.
    await overSocket(person({ 'content-type': 'application/json; charset=utf-8' }), invocation());
    await overSocket(person({ 'transfer-encoding': 'chunked' }), invocation());
    expect((await overSocket(person(), '')).status).toBe(400);
    expect((await overSocket(person(), invocation(), '/api/v10/interactions?x=1')).status).toBe(204);
    expect(throughFastify).toBe(before + 4);
  });

  it('reads a body that arrives in pieces whole, a character split between them included', async () => {
    // A nonce of 25 characters, the last two bytes long: decoded a piece at a time, its halves
    // would be two replacement characters, 26 in all, and refused as too long (50035).
    const body = Buffer.from(invocation({}, { nonce: `${'n'.repeat(24)}é` }));
    const cut = body.length - 3;
    expect([body[cut - 1], body[cut]]).toEqual([...Buffer.from('é')]);
    const url = new URL(registry.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true });
      let text = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('end', () => resolve(text)).on('error', reject);
      socket.write(`POST /api/v10/interactions HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\n`
        + `Authorization: ${EXAMPLE.alice.token}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      socket.write(body.subarray(0, cut));
      setTimeout(() => socket.write(body.subarray(cut)), 50);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 204 No Content');
  });

  it('takes a body once its Content-Length has arrived, before its stream ends', async () => {
    // The stream's `end` comes a tick or more after the last byte: the invocation does not wait for it.
    const body = Buffer.from(invocation());
    const request = Object.assign(new Readable({ read: () => undefined }), {
      method: 'POST', url: '/api/v10/interactions', socket: new Socket(),
      headers: { host: new URL(registry.url).host, 'content-type': 'application/json', 'content-length': String(body.length), authorization: EXAMPLE.alice.token },
    });
    const status = new Promise<number>((resolve) => {
      const response = Object.assign(new EventEmitter(), { writeHead: (code: number) => ({ end: () => resolve(code) }) });
      registry.app.server.emit('request', request, response);
    });
    request.push(body.subarray(0, 10));
    request.push(body.subarray(10));
    expect(await status).toBe(204);
    expect(request.readableEnded).toBe(false);
  });
});
