/**
 * Cross-origin access: the API (`/api/*`) and the client's management routes
 * (`/_slashbench/*`, token only) answer pages of any origin without credentials, with
 * preflights answered and the rate-limit headers readable, so a client served by one
 * registry can use another; the host contract, the OAuth2 pages and the page stay
 * same-origin (no CORS header at all).
 */
import { describe, expect, it } from 'vitest';
import { CORS_ALLOWED_HEADERS } from '../../src/registry/http/cors.js';
import { GLOBAL, IDS, TOKENS, testRegistry } from '../helpers/test-registry.js';

const ORIGIN = 'http://127.0.0.1:9100';

function preflight(url: string, headers: Record<string, string> = {}) {
  return {
    method: 'OPTIONS' as const, url,
    headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,x-discord-locale', ...headers },
  };
}

describe('CORS on the API', () => {
  it('answers a preflight: any origin, the client\'s headers, the API\'s methods, and no credentials', async () => {
    const { app } = await testRegistry({ app: { clientDirectory: null } });
    const response = await app.inject(preflight('/api/v10/users/@me'));
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(String(response.headers['access-control-allow-headers']).split(', ')).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-discord-locale']));
    expect(String(response.headers['access-control-allow-methods'])).toMatch(/GET.*POST.*PUT.*PATCH.*DELETE/);
    expect(response.headers['access-control-max-age']).toBe('600');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    expect(CORS_ALLOWED_HEADERS).not.toContain('cookie');
  });

  it('lets a page of another origin read answers and refusals, with the rate-limit headers', async () => {
    const { app } = await testRegistry({ app: { clientDirectory: null } });
    const me = await app.inject({ method: 'GET', url: '/api/v10/users/@me', headers: { origin: ORIGIN, authorization: TOKENS.member } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: IDS.member });
    expect(me.headers['access-control-allow-origin']).toBe('*');
    const refused = await app.inject({ method: 'GET', url: '/api/v10/users/@me', headers: { origin: ORIGIN, authorization: 'wrong' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    const commands = await app.inject({ method: 'GET', url: GLOBAL, headers: { origin: ORIGIN, authorization: `Bot ${TOKENS.bot}` } });
    expect(commands.headers['x-ratelimit-limit']).toBeDefined();
    expect(String(commands.headers['access-control-expose-headers'])).toContain('x-ratelimit-remaining');
    const unknown = await app.inject({ method: 'GET', url: '/api/v10/nowhere', headers: { origin: ORIGIN } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
  });

  it('opens the management routes the client uses the same way, since they too take a token only', async () => {
    const { app } = await testRegistry({ app: { clientDirectory: null } });
    expect((await app.inject(preflight('/_slashbench/world', { 'access-control-request-method': 'PUT' }))).statusCode).toBe(204);
    const world = await app.inject({ method: 'GET', url: '/_slashbench/world', headers: { origin: ORIGIN, authorization: TOKENS.member } });
    expect(world.statusCode).toBe(200);
    expect(world.headers['access-control-allow-origin']).toBe('*');
    const anonymous = await app.inject({ method: 'GET', url: '/_slashbench/world', headers: { origin: ORIGIN } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('adds nothing to same-origin requests, which carry no Origin', async () => {
    const { app } = await testRegistry({ app: { clientDirectory: null } });
    const me = await app.inject({ method: 'GET', url: '/api/v10/users/@me', headers: { authorization: TOKENS.member } });
    expect(me.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never opens the host contract, the OAuth2 pages or the page to other origins', async () => {
    const { app } = await testRegistry({ app: { clientDirectory: null } });
    for (const url of ['/_host/session', '/_host/settings', '/oauth2/authorize', '/.well-known/openid-configuration', '/', '/api/../_host/settings']) {
      const asked = await app.inject(preflight(url, { 'access-control-request-method': 'PUT' }));
      expect(asked.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(asked.statusCode, url).not.toBe(204);
    }
    const host = await app.inject({ method: 'GET', url: '/_host/settings', headers: { host: '127.0.0.1:8484', origin: ORIGIN } });
    expect(host.statusCode).toBe(403);
    expect(host.headers['access-control-allow-origin']).toBeUndefined();
  });
});
