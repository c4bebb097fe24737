/**
 * The registry's Activity proxy, over real sockets: requests to an app's Activity origin
 * (its own listener's port on the registry's host) go by its URL mappings to real servers on
 * other ports, HTTP (streamed both ways) and WebSocket alike, under the sandbox's CSP, and
 * come back with the target's answer. It is no open proxy: unmapped apps, paths that climb
 * out of their prefix (plain or encoded), absolute-form request lines, a Host naming another
 * app's origin or another site, a second Host and oversized headers are refused, and the test
 * servers count that nothing reached them. A target that is down or
 * slow gets the page a 502 or 504 naming the mapping, and the people in the Activity hear
 * it, as they hear what the page's CSP blocked.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createActivityProxy, type ActivityProxy } from '../../src/registry/activity-proxy/activity-proxy.js';
import type { ClientEvent } from '../../src/registry/events.js';
import { EventBus } from '../../src/registry/events.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';

/** Example Activity, in examples/world.json. */
const ACTIVITY = '1184502477317230592';
/** Example Game, given its own mappings: no request for Example Activity may reach them. */
const GAME = '1184502450000000000';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A target that records what reached it and answers with `answer`. */
async function target(answer: (request: IncomingMessage, body: Buffer, response: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: body.toString('utf8') });
      answer(request, body, response);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, seen, address: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let registry: ListeningRegistry;
let proxy: ActivityProxy;
/** Example Activity's and Example Game's Activity origins' ports. */
let port: number;
let gamePort: number;
const bus = new EventBus();
const events: ClientEvent[] = [];
let root: Awaited<ReturnType<typeof target>>;
let api: Awaited<ReturnType<typeof target>>;
let game: Awaited<ReturnType<typeof target>>;
let sockets: { server: WebSocketServer; address: string };
let slow: Server;
let slowAddress: string;
let downAddress: string;

const PAGE = '<!doctype html><html><head><script type="module" src="/main.js"></script><script>window.inline = 1</script></head><body>hi</body></html>';

/** A request to an Activity origin, as a browser sends one (Host names the origin). */
function proxied(path: string, options: { port?: number; method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}) {
  const to = options.port ?? port;
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = httpRequest({
      host: '127.0.0.1', port: to, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${to}`, ...options.headers },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/** What a raw request line and headers get back (for what Node's client will not send). */
async function raw(text: string, to = port): Promise<string> {
  const socket = connect(to, '127.0.0.1');
  await once(socket, 'connect');
  socket.end(text);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

async function edit(applicationId: string, body: unknown): Promise<void> {
  const response = await fetch(`${registry.url}/_slashbench/applications/${applicationId}`, {
    method: 'PATCH', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** The client events the proxy sent until `count` of them arrived. */
async function reports(count: number): Promise<ClientEvent[]> {
  while (events.filter((event) => event.type === 'ACTIVITY_PROXY_REPORT').length < count) await once(bus, 'clientEvent');
  return events.filter((event) => event.type === 'ACTIVITY_PROXY_REPORT');
}

const reached = () => root.seen.length + api.seen.length + game.seen.length;

describe('the Activity proxy', () => {
  beforeAll(async () => {
    bus.on('clientEvent', (event: ClientEvent) => events.push(event));
    registry = await builtRegistry();
    proxy = createActivityProxy({ store: registry.store, bus, timeoutMs: 200 });
    root = await target((request, _body, response) => {
      if (request.url === '/page') {
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-security-policy': "default-src *",
          'set-cookie': ['session=1; Domain=localhost; Path=/; SameSite=None; Secure', 'plain=2; Path=/'], etag: '"v1"',
        }).end(gzipSync(PAGE));
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ root: request.url }));
    });
    api = await target((request, body, response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'x-target': 'api' }).end(body.length > 0 ? body : request.url);
    });
    game = await target((_request, _body, response) => response.writeHead(200).end('game'));
    const socketServer = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/socket' });
    await once(socketServer, 'listening');
    socketServer.on('connection', (socket, request) => socket.on('message', (data) => socket.send(`echo ${String(data)} via ${request.headers.host}`)));
    sockets = { server: socketServer, address: `127.0.0.1:${(socketServer.address() as AddressInfo).port}` };
    slow = createServer(() => undefined);
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    slowAddress = `127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    downAddress = `127.0.0.1:${(closed.address() as AddressInfo).port}`;
    closed.close();
    await edit(ACTIVITY, {
      activity_url: null,
      url_mappings: [
        { prefix: '/api', target: `${api.address}/v1` },
        { prefix: '/ws', target: sockets.address },
        { prefix: '/slow', target: slowAddress },
        { prefix: '/down', target: downAddress },
        { prefix: '/', target: root.address },
      ],
    });
    await edit(GAME, { flags: 1 << 17, url_mappings: [{ prefix: '/', target: game.address }] });
    port = await proxy.portFor(ACTIVITY);
    gamePort = await proxy.portFor(GAME);
    // Alice is in Example Activity's instance: she hears what the proxy reports.
    await registry.store.activities.put({ id: 'i-proxy', application_id: ACTIVITY, channel_id: EXAMPLE.general, guild_id: EXAMPLE.guild, participants: [EXAMPLE.alice.id], started_at: 0 });
  });

  afterAll(async () => {
    slow?.closeAllConnections();
    slow?.close();
    sockets?.server.close();
    for (const server of [root, api, game]) {
      server?.server.closeAllConnections();
      server?.server.close();
    }
    await proxy?.close();
    await registry?.close();
  });

  it('gives each app an origin of its own, the same port each time it is asked', async () => {
    expect(port).not.toBe(gamePort);
    expect(await proxy.portFor(ACTIVITY)).toBe(port);
  });

  it('maps /.proxy/<prefix> and /<prefix> to the prefix\'s target, with its path and the query', async () => {
    const viaProxy = await proxied('/.proxy/api/token?code=abc', { headers: { cookie: 'activity=1', authorization: 'Bearer t', 'x-forwarded-for': '10.0.0.1', forwarded: 'for=1' } });
    expect(viaProxy.status).toBe(200);
    expect(viaProxy.body.toString()).toBe('/v1/token?code=abc');
    const plain = await proxied('/api/token?code=abc');
    expect(plain.body.toString()).toBe('/v1/token?code=abc');
    const [first] = api.seen;
    // The target's own Host; the Activity's cookie and token go on; nothing forged about the path does.
    expect(first?.headers.host).toBe(api.address);
    expect(first?.headers.cookie).toBe('activity=1');
    expect(first?.headers.authorization).toBe('Bearer t');
    expect(first?.headers['x-forwarded-for']).toBeUndefined();
    expect(first?.headers.forwarded).toBeUndefined();
    expect(Object.keys(first?.headers ?? {}).filter((name) => name.startsWith('x-slashbench'))).toEqual([]);
  });

  it('sends every other path to the root target, the Activity\'s page rewritten under the sandbox\'s policy', async () => {
    const other = await proxied('/assets/app.js');
    expect(JSON.parse(other.body.toString())).toEqual({ root: '/assets/app.js' });
    expect(other.headers['content-security-policy']).toContain(`connect-src http://127.0.0.1:${port}/ ws://127.0.0.1:${port}/`);
    const page = await proxied('/page', { headers: { 'accept-encoding': 'gzip', 'sec-fetch-dest': 'iframe', 'if-none-match': '"v1"' } });
    expect(page.status).toBe(200);
    const policy = String(page.headers['content-security-policy'] ?? '');
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    // The inline script carries the response's nonce; the one with a src loads under 'self'.
    expect(page.body.toString()).toBe(PAGE.replace('<script>window', `<script nonce="${nonce}">window`));
    expect(policy).toContain('report-uri /.slashbench/csp-report');
    expect(policy).not.toContain('default-src *');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.etag).toBeUndefined();
    // A cookie stays the Activity's own: no Domain that would share it with the client or other apps.
    expect(page.headers['set-cookie']).toEqual(['session=1; Path=/; SameSite=None; Secure', 'plain=2; Path=/']);
    // A page is never revalidated: its nonce is new each time.
    expect(root.seen.at(-1)?.headers['if-none-match']).toBeUndefined();
  });

  it('streams a request body to the target and its answer back', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024, 'x');
    const answer = await proxied('/api/upload', { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-target']).toBe('api');
    expect(answer.body.equals(body)).toBe(true);
    expect(api.seen.at(-1)).toMatchObject({ method: 'POST', url: '/v1/upload' });
  });

  it('carries a WebSocket to its mapped target', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/.proxy/ws/socket`);
    await once(socket, 'open');
    socket.send('ping');
    const [message] = await once(socket, 'message') as [Buffer];
    expect(String(message)).toBe(`echo ping via ${sockets.address}`);
    socket.close();
    await once(socket, 'close');
  });

  it('answers the page for a target that is down (502) or slow (504), naming the mapping, and tells the people in the Activity', async () => {
    const before = events.length;
    const down = await proxied('/down/thing?frame_id=frame-1');
    expect(down.status).toBe(502);
    expect(down.body.toString()).toBe(`${downAddress} refused the connection (is its server running?) (mapping /down -> ${downAddress}).\n`);
    const late = await proxied('/slow/thing', { headers: { referer: `http://127.0.0.1:${port}/?instance_id=i-proxy&frame_id=frame-2` } });
    expect(late.status).toBe(504);
    expect(late.body.toString()).toContain(`(mapping /slow -> ${slowAddress})`);
    const heard = (await reports(2)).slice(-2);
    expect(events.length).toBeGreaterThan(before);
    expect(heard.map((event) => [event.to, (event.data as { kind: string }).kind, (event.data as { frame_id: string }).frame_id])).toEqual([
      [{ userId: EXAMPLE.alice.id }, 'unreachable', 'frame-1'],
      [{ userId: EXAMPLE.alice.id }, 'timeout', 'frame-2'],
    ]);
    expect(heard[0]?.data).toMatchObject({ application_id: ACTIVITY, status: 502, mapping: { prefix: '/down', target: downAddress } });
  });

  it('tells the people in the Activity what the page\'s CSP blocked, with the mapping that would allow it', async () => {
    const count = (await reports(0)).length;
    const answer = await proxied('/.slashbench/csp-report', {
      method: 'POST', headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({ 'csp-report': {
        'document-uri': `http://127.0.0.1:${port}/?instance_id=i-proxy&frame_id=frame-3`, 'blocked-uri': 'https://api.quotes.example/today',
        'effective-directive': 'connect-src', 'violated-directive': 'connect-src',
      } }),
    });
    expect(answer.status).toBe(204);
    const [report] = (await reports(count + 1)).slice(-1);
    expect(report?.data).toMatchObject({
      kind: 'blocked', frame_id: 'frame-3', url: 'https://api.quotes.example/today', directive: 'connect-src',
      allow: { suggested: { prefix: '/quotes', target: 'api.quotes.example' } },
    });
    expect((report?.data as { message: string }).message).toContain('Add the URL mapping /quotes -> api.quotes.example');
    // Nothing else lives under the proxy's own paths, and nothing of it is forwarded.
    expect((await proxied('/.slashbench/anything')).status).toBe(404);
  });

  describe('is no open proxy', () => {
    it('refuses paths that climb out of their prefix, plain or encoded, before anything is forwarded', async () => {
      const count = reached();
      for (const path of ['/.proxy/api/../../x', '/api/../down', '/api/%2e%2e/%2e%2e/x', '/api/..%2f..%2fx', '/api/%2E%2E', '/api/a%5c..%5cx', '/api/%zz']) {
        const answer = await proxied(path);
        expect(answer.status, path).toBe(400);
        expect(answer.headers['content-type'], path).toBe('text/plain; charset=utf-8');
      }
      expect(reached()).toBe(count);
    });

    it('refuses an absolute-form request line, a second Host, and a Host naming another origin', async () => {
      const count = reached();
      const absolute = await raw(`GET http://${api.address}/v1/secret HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
      expect(absolute).toMatch(/^HTTP\/1\.1 400 /);
      expect(absolute).toContain('origin-form requests only');
      const twice = await raw(`GET /api/x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nHost: 127.0.0.1:${gamePort}\r\nConnection: close\r\n\r\n`);
      expect(twice).toMatch(/^HTTP\/1\.1 400 /);
      // Another app's origin, and another site's name resolved to this machine (DNS rebinding).
      for (const host of [`127.0.0.1:${gamePort}`, `evil.example:${port}`, 'localhost']) {
        const answer = await proxied('/api/x', { headers: { host } });
        expect(answer.status, host).toBe(400);
        expect(answer.body.toString(), host).toContain('must name this Activity\'s own origin');
      }
      // Any loopback name of this origin is this origin.
      expect((await proxied('/api/x', { headers: { host: `localhost:${port}` } })).status).toBe(200);
      expect(reached()).toBe(count + 1);
    });

    it('keeps each app to its own targets, and answers 404 for an app with no Activity or no mappings', async () => {
      expect((await proxied('/anything', { port: gamePort })).body.toString()).toBe('game');
      const games = game.seen.length;
      expect(JSON.parse((await proxied('/anything')).body.toString())).toEqual({ root: '/anything' });
      expect(game.seen.length).toBe(games);
      const count = reached();
      const stranger = await proxied('/', { port: await proxy.portFor('1184502411231838208') });
      expect(stranger.status).toBe(404);
      expect(stranger.body.toString()).toContain('No app 1184502411231838208 with an Activity');
      expect((await proxied('/', { port: await proxy.portFor('999999999999999999') })).status).toBe(404);
      expect(reached()).toBe(count);
    });

    it('refuses oversized headers, and leaves the registry\'s own names to the API', async () => {
      const count = reached();
      const big = await raw(`GET /api/x HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Big: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      // The registry's own address answers the API's way: /.proxy is nothing there.
      const api404 = await fetch(`${registry.url}/.proxy/api/token`);
      expect(api404.status).toBe(404);
      expect(await api404.json()).toEqual({ message: '404: Not Found', code: 0 });
      expect(reached()).toBe(count);
    });
  });
});
