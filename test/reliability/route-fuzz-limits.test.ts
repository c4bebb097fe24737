/**
 * Bodies no route should ever work on: one byte past the route's limit, and JSON nested a
 * hundred thousand levels deep. Every route that takes a body refuses both in the service's
 * format (413 40005, 400 50109) and changes nothing; over a real socket, an oversized body
 * is refused before it is sent, so the registry never reads (or buffers) it.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT, MAX_JSON_DEPTH } from '../../src/registry/http/json-body.js';
import { BULK_BODY_LIMIT } from '../../src/registry/routes/commands.js';
import { FORM_BODY_LIMIT } from '../../src/registry/oauth/form-body.js';
import { accessWorld, type AccessWorld, type RegisteredRoute } from '../helpers/access-world.js';
import { CALLERS, describedRoute, routeUrl, type RouteRequest } from '../helpers/route-catalogue.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';

const TOO_LARGE = { message: 'Request entity too large', code: 40005 };
const INVALID_JSON = { message: 'The request body contains invalid JSON.', code: 50109 };
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** The largest body a route reads: its own limit, the form parser's, or the app's. */
function limitOf(route: RegisteredRoute, request: RouteRequest): number {
  if (request.encoding === 'form') return Math.min(FORM_BODY_LIMIT, route.bodyLimit ?? DEFAULT_BODY_LIMIT);
  return route.bodyLimit ?? DEFAULT_BODY_LIMIT;
}

function deepArray(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

function deepObject(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

describe('bodies past every limit', () => {
  let world: AccessWorld;
  beforeAll(async () => {
    world = await accessWorld();
  });
  afterAll(() => world.close());
  const routes = () => world.routes.filter((route) => !route.wrongMethod && WITH_BODY.has(route.method));

  it('answers 413 40005 one byte past each route\'s limit, and changes nothing', async () => {
    const wrong: string[] = [];
    for (const route of routes()) {
      const entry = describedRoute(route);
      if (!entry) throw new Error(`${route.method} ${route.url} is not in the route catalogue`);
      const sample = await entry.sample(world);
      const limit = limitOf(route, sample);
      const before = await world.mark();
      const authorization = world.tokens[CALLERS[entry.access]];
      const response = await world.inject({
        method: route.method as 'POST', url: routeUrl(route.url, sample.params, sample.query), payload: Buffer.alloc(limit + 1, 0x20),
        headers: { 'content-type': sample.encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json', ...(authorization ? { authorization } : {}) },
      });
      if (response.statusCode !== 413 || JSON.stringify(response.json()) !== JSON.stringify(TOO_LARGE)) {
        wrong.push(`${route.method} ${route.url} (${limit + 1} bytes): ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
      if (!(await world.unchangedSince(before))) wrong.push(`${route.method} ${route.url}: the refusal changed the store`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 50109 to JSON nested 100,000 levels deep on every JSON route, and changes nothing', async () => {
    const wrong: string[] = [];
    let tried = 0;
    for (const route of routes()) {
      const entry = describedRoute(route);
      if (!entry) throw new Error(`${route.method} ${route.url} is not in the route catalogue`);
      const sample = await entry.sample(world);
      if (sample.encoding === 'form') continue;
      const authorization = world.tokens[CALLERS[entry.access]];
      for (const payload of [deepArray(100_000), deepObject(100_000)]) {
        const before = await world.mark();
        const response = await world.inject({
          method: route.method as 'POST', url: routeUrl(route.url, sample.params, sample.query), payload,
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        });
        if (response.statusCode !== 400 || JSON.stringify(response.json()) !== JSON.stringify(INVALID_JSON)) {
          wrong.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        }
        if (!(await world.unchangedSince(before))) wrong.push(`${route.method} ${route.url}: the refusal changed the store`);
        tried += 1;
      }
    }
    expect(wrong).toEqual([]);
    expect(tried).toBeGreaterThan(20);
  });

  it(`reads JSON up to ${MAX_JSON_DEPTH} levels and refuses the next`, async () => {
    const url = `/api/v10/applications/${IDS.app}/commands`;
    const post = (payload: string) => world.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', authorization: `Bot ${TOKENS.bot}` } });
    // Within the depth the body is read and judged as a command (50035), past it it is not read at all.
    const deepest = await post(`{"name":"deep","description":"d","nsfw":${deepArray(MAX_JSON_DEPTH - 1)}}`);
    expect(deepest.json()).toMatchObject({ code: 50035, errors: { nsfw: {} } });
    expect((await post(`{"name":"deep","description":"d","nsfw":${deepArray(MAX_JSON_DEPTH)}}`)).json()).toEqual(INVALID_JSON);
    // Brackets inside strings are text, not nesting.
    const text = await post(JSON.stringify({ name: 'brackets', description: '['.repeat(90) }));
    expect(text.statusCode).toBe(201);
  });
});

describe('an oversized body over a real socket', () => {
  let world: AccessWorld;
  let port = 0;
  beforeAll(async () => {
    world = await accessWorld();
    await world.app.listen({ host: '127.0.0.1', port: 0 });
    const address = world.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => world.close());

  /** Sends only the headers and `sent` bytes of a body that claims `length`; resolves with what the server answered. */
  const announce = (method: string, path: string, length: number, sent: number) => new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('error', reject);
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      // The whole answer is in once its body (a small JSON object) is.
      if (/\r\n\r\n\{.*\}$/s.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('connect', () => {
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bot ${TOKENS.bot}\r\n`
        + `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`);
      socket.write(' '.repeat(sent));
    });
  });

  it('is refused with 413 before the rest of it is sent', async () => {
    const commands = `/api/v10/applications/${IDS.app}/commands`;
    for (const [method, limit] of [['POST', DEFAULT_BODY_LIMIT], ['PUT', BULK_BODY_LIMIT]] as const) {
      // Claims a gigabyte past the limit, sends 10 bytes of it.
      const answer = await announce(method, commands, limit + 1024 ** 3, 10);
      expect(answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual(TOO_LARGE);
    }
  });
});
