/**
 * A connection whose requests are all plain invocations is answered from its bytes
 * (http/lean-connections.ts): byte for byte as node:http answers the same request on another
 * connection (but for `Date`), and at the first request that is not plain, or that comes
 * while an answer is being made, it goes to node:http, which answers it and all that
 * follows. It keeps node:http's keep-alive timeout, ends after its answer once the app
 * closes, and ends when the client ends, as node:http ends one.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerAheadOfHttp } from '../../src/registry/http/lean-connections.js';
import { answerAheadOfFastify, type LeanHandler } from '../../src/registry/http/lean-route.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';

/** A raw connection that reads HTTP/1.1 answers one at a time (each with a Content-Length body, or none). */
class RawConnection {
  readonly socket: Socket;
  readonly closed: Promise<void>;
  #text = '';
  #waiting: (() => void) | undefined;

  constructor(url: string) {
    const { hostname, port } = new URL(url);
    this.socket = connect({ host: hostname, port: Number(port), noDelay: true });
    this.socket.setEncoding('latin1').on('data', (chunk: string) => {
      this.#text += chunk;
      this.#waiting?.();
    });
    this.closed = once(this.socket, 'close').then(() => undefined);
    this.socket.on('close', () => this.#waiting?.());
  }

  send(bytes: string | Buffer): void {
    this.socket.write(bytes);
  }

  /** The next whole answer's text, or undefined once the connection closed without one. */
  async answer(): Promise<string | undefined> {
    for (;;) {
      const headEnd = this.#text.indexOf('\r\n\r\n');
      if (headEnd !== -1) {
        const length = Number(/\r\ncontent-length: (\d+)/i.exec(this.#text.slice(0, headEnd))?.[1] ?? 0);
        const end = headEnd + 4 + length;
        if (this.#text.length >= end) {
          const answer = this.#text.slice(0, end);
          this.#text = this.#text.slice(end);
          return answer;
        }
      }
      if (this.socket.destroyed) return undefined;
      await new Promise<void>((resolve) => (this.#waiting = resolve));
    }
  }
}

/** An answer with its moment taken out. */
const dated = (answer: string | undefined) => answer?.replace(/\r\nDate: [^\r]+/, '\r\nDate: (now)');

/** A plain request's bytes: the exact line, Host, the given headers, a JSON body. */
function plain(url: string, path: string, body: string, headers: Record<string, string> = {}): Buffer {
  const lines = Object.entries({ Host: new URL(url).host, ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) })
    .map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return Buffer.from(`POST ${path} HTTP/1.1\r\n${lines}\r\n${body}`, 'latin1');
}

describe('a lean connection of the registry', () => {
  let registry: ListeningRegistry;
  /** Requests node:http read (every other one was read from its connection's bytes). */
  let parsed = 0;
  let command: { id: string; name: string; version: string };

  beforeAll(async () => {
    registry = await builtRegistry({}, (app) => {
      app.server.prependListener('request', () => parsed++);
    });
    const created = await registry.app.inject({
      method: 'POST', url: `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`,
      headers: { authorization: `Bot ${EXAMPLE.app.token}` }, payload: { name: 'ping', description: 'Answers pong' },
    });
    command = created.json();
  });

  afterAll(() => registry.close());

  const invocation = (data: Record<string, unknown> = {}) => JSON.stringify({
    type: 2, application_id: EXAMPLE.app.id, guild_id: EXAMPLE.guild, channel_id: EXAMPLE.general,
    data: { id: command.id, name: command.name, type: 1, version: command.version, ...data },
  });
  const person = { Authorization: EXAMPLE.alice.token };

  const CASES: Array<[string, () => Buffer]> = [
    ['an accepted invocation', () => plain(registry.url, '/api/v10/interactions', invocation(), person)],
    ['one from another origin', () => plain(registry.url, '/api/v10/interactions', invocation(), { ...person, Origin: 'https://elsewhere.example' })],
    ['one without a token', () => plain(registry.url, '/api/v10/interactions', invocation())],
    ['a body that is not JSON', () => plain(registry.url, '/api/v10/interactions', '{"type": 2,', person)],
    ['a body nested too deep', () => plain(registry.url, '/api/v10/interactions', `${'['.repeat(200)}${']'.repeat(200)}`, person)],
    ['an unknown command, from another origin', () => plain(registry.url, '/api/v10/interactions', invocation({ id: '123456789012345678' }), { ...person, Origin: 'https://elsewhere.example' })],
    ['an outdated version', () => plain(registry.url, '/api/v10/interactions', invocation({ version: '1' }), person)],
  ];

  it.each(CASES)('answers %s as node:http answers it on another connection', async (_name, request) => {
    const lean = new RawConnection(registry.url);
    const before = parsed;
    lean.send(request());
    const leanAnswer = await lean.answer();
    expect(parsed).toBe(before);
    // A connection that began with another request is node:http's: the same request there.
    const other = new RawConnection(registry.url);
    other.send(`GET /api/v10/gateway HTTP/1.1\r\nHost: ${new URL(registry.url).host}\r\n\r\n`);
    expect(await other.answer()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    other.send(request());
    const nodeAnswer = await other.answer();
    expect(parsed).toBe(before + 2);
    expect(dated(leanAnswer)).toBe(dated(nodeAnswer));
    lean.socket.destroy();
    other.socket.destroy();
  });

  it('answers plain invocations one after another on one connection, then goes to node:http at the first other request', async () => {
    const connection = new RawConnection(registry.url);
    const before = parsed;
    for (let round = 0; round < 3; round++) {
      connection.send(plain(registry.url, '/api/v10/interactions', invocation(), person));
      expect(await connection.answer()).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    }
    expect(parsed).toBe(before);
    connection.send(`GET /api/v10/gateway HTTP/1.1\r\nHost: ${new URL(registry.url).host}\r\n\r\n`);
    expect(await connection.answer()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*"url":"ws:\/\//);
    connection.send(plain(registry.url, '/api/v10/interactions', invocation(), person));
    expect(await connection.answer()).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    expect(parsed).toBe(before + 2);
    connection.socket.destroy();
  });

  it('takes the same bytes again as the same request, checked again each time', async () => {
    const connection = new RawConnection(registry.url);
    const request = plain(registry.url, '/api/v10/interactions', invocation(), person);
    for (let round = 0; round < 3; round++) {
      connection.send(request);
      expect(await connection.answer()).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    }
    // The command changes: the very same bytes are now an outdated invocation.
    const edited = await registry.app.inject({
      method: 'PATCH', url: `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands/${command.id}`,
      headers: { authorization: `Bot ${EXAMPLE.app.token}` }, payload: { description: 'Answers pong, again' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    connection.send(request);
    expect(await connection.answer()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[^]*INTERACTION_APPLICATION_COMMAND_INVALID_VERSION/);
    command = edited.json();
    // Options and an autocomplete go through the option rules with the same (frozen) body each time.
    const echo = (await registry.app.inject({
      method: 'POST', url: `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`, headers: { authorization: `Bot ${EXAMPLE.app.token}` },
      payload: { name: 'echo', description: 'Echoes', options: [{ type: 3, name: 'text', description: 'What to say', autocomplete: true }] },
    })).json();
    for (const [type, focused] of [[2, undefined], [4, true]] as const) {
      const body = JSON.stringify({
        type, application_id: EXAMPLE.app.id, guild_id: EXAMPLE.guild, channel_id: EXAMPLE.general,
        data: { id: echo.id, name: 'echo', type: 1, version: echo.version, options: [{ type: 3, name: 'text', value: 'hi', ...(focused ? { focused } : {}) }] },
      });
      for (let round = 0; round < 3; round++) {
        connection.send(plain(registry.url, '/api/v10/interactions', body, person));
        expect(await connection.answer()).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
      }
    }
    connection.socket.destroy();
  });

  it('leaves a request split across reads, and two in one read, to node:http', async () => {
    const request = plain(registry.url, '/api/v10/interactions', invocation(), person);
    const split = new RawConnection(registry.url);
    const before = parsed;
    split.send(request.subarray(0, 40));
    // Apart, so the registry reads the first part alone.
    await new Promise((resolve) => setTimeout(resolve, 50));
    split.send(request.subarray(40));
    expect(await split.answer()).toMatch(/^HTTP\/1\.1 204 /);
    const both = new RawConnection(registry.url);
    both.send(Buffer.concat([request, plain(registry.url, '/api/v10/interactions', '{', person)]));
    expect(await both.answer()).toMatch(/^HTTP\/1\.1 204 /);
    expect(await both.answer()).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[^]*"code":50109/);
    expect(parsed).toBe(before + 3);
    split.socket.destroy();
    both.socket.destroy();
  });

  it('carries the gateway\'s upgrade on a new connection', async () => {
    const connection = new RawConnection(registry.url);
    connection.send(`GET /gateway?v=10&encoding=json HTTP/1.1\r\nHost: ${new URL(registry.url).host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n`
      + 'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n');
    expect(await connection.answer()).toMatch(/^HTTP\/1\.1 101 Switching Protocols\r\n/);
    connection.socket.destroy();
  });
});

describe('a lean connection', () => {
  let app: FastifyInstance;
  let url: string;
  /** The handler's answers, given when a test says so. */
  let gate: Promise<void>;
  let open: () => void;
  const handled: unknown[] = [];

  async function start(configure: (app: FastifyInstance) => void = () => undefined): Promise<void> {
    gate = Promise.resolve();
    app = Fastify();
    app.get('/other', async () => ({ ok: true }));
    app.post('/lean', async () => 'through Fastify');
    const handle: LeanHandler = async (_request, body) => {
      handled.push(body);
      await gate;
    };
    answerAheadOfFastify(app, 'POST', '/lean', handle);
    answerAheadOfHttp(app, 'POST', '/lean', handle);
    configure(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  }

  const hold = () => {
    gate = new Promise((resolve) => (open = resolve));
  };

  afterEach(async () => {
    open?.();
    await app.close();
  });

  it('answers a request that came while the last was being answered after it, through node:http', async () => {
    await start();
    hold();
    const connection = new RawConnection(url);
    connection.send(plain(url, '/lean', '{"n":1}'));
    await vi.waitFor(() => expect(handled.at(-1)).toEqual({ n: 1 }));
    connection.send(`GET /other HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`);
    // Time for the registry to read it while the answer is still being made.
    await new Promise((resolve) => setTimeout(resolve, 50));
    open();
    expect(await connection.answer()).toMatch(/^HTTP\/1\.1 204 No Content\r\n/);
    expect(await connection.answer()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\{"ok":true\}$/);
    connection.socket.destroy();
  });

  it('closes an idle connection after the keep-alive timeout, as node:http does', async () => {
    await start((built) => {
      built.server.keepAliveTimeout = 50;
    });
    const connection = new RawConnection(url);
    connection.send(plain(url, '/lean', '{}'));
    expect(await connection.answer()).toMatch(/^HTTP\/1\.1 204 No Content\r\n[^]*Keep-Alive: timeout=0\r\n/);
    await connection.closed;
  });

  it('ends with its answer once the app closes, and an idle one at once', async () => {
    await start();
    const idle = new RawConnection(url);
    idle.send(plain(url, '/lean', '{}'));
    await idle.answer();
    hold();
    const busy = new RawConnection(url);
    busy.send(plain(url, '/lean', '{"n":2}'));
    await vi.waitFor(() => expect(handled.at(-1)).toEqual({ n: 2 }));
    const closing = app.close();
    await idle.closed;
    open();
    expect(await busy.answer()).toMatch(/^HTTP\/1\.1 204 No Content\r\n[^]*Connection: close\r\n\r\n$/);
    await busy.closed;
    await closing;
  });

  it('ends when the client ends, as node:http ends it, the request still handled', async () => {
    await start();
    hold();
    const connection = new RawConnection(url);
    connection.send(plain(url, '/lean', '{"n":3}'));
    await vi.waitFor(() => expect(handled.at(-1)).toEqual({ n: 3 }));
    connection.socket.end();
    await connection.closed;
    expect(await connection.answer()).toBeUndefined();
  });
});
