import { describe, expect, it } from 'vitest';
import { GLOBAL, GUILD, IDS, TOKENS, slash, testRegistry } from '../helpers/test-registry.js';

const HOUR = 3_600_000;

describe('who may manage commands', () => {
  it('answers 401 without a token, with an unknown one, and with a user session token', async () => {
    const registry = await testRegistry();
    for (const authorization of [undefined, 'Bot nope-nope-nope', 'Bearer nope', TOKENS.owner, `Bot ${TOKENS.bot} extra`]) {
      const response = await registry.app.inject({ method: 'GET', url: GLOBAL, headers: authorization ? { authorization } : {} });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toEqual({ message: '401: Unauthorized', code: 0 });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it("answers 403 50001 for another app's commands", async () => {
    const registry = await testRegistry();
    const response = await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('steal') }, TOKENS.otherBot);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Missing Access', code: 50001 });
    expect((await registry.bot({ method: 'GET', url: GLOBAL })).json()).toEqual([]);
  });

  it('answers 403 50001 for a guild the app is not installed in, 404 10004 for no such guild', async () => {
    const registry = await testRegistry();
    const notInstalled = await registry.bot({ method: 'GET', url: `/api/v10/applications/${IDS.app}/guilds/${IDS.emptyGuild}/commands` });
    expect(notInstalled.statusCode).toBe(403);
    expect(notInstalled.json()).toEqual({ message: 'Missing Access', code: 50001 });
    const unknown = await registry.bot({ method: 'GET', url: `/api/v10/applications/${IDS.app}/guilds/399999999999999999/commands` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown Guild', code: 10004 });
  });

  it('accepts a client-credentials Bearer token with applications.commands.update', async () => {
    const registry = await testRegistry();
    const expires = registry.clock.now + HOUR;
    await registry.store.tokens.put('cc-with-scope', { application_id: IDS.app, user_id: null, scopes: ['applications.commands.update'], expires_at: expires });
    await registry.store.tokens.put('cc-without-scope', { application_id: IDS.app, user_id: null, scopes: ['identify'], expires_at: expires });
    await registry.store.tokens.put('user-bearer', { application_id: IDS.app, user_id: IDS.owner, scopes: ['applications.commands.update'], expires_at: expires });
    const bearer = (token: string) => registry.app.inject({ method: 'POST', url: GUILD, payload: slash('cc'), headers: { authorization: `Bearer ${token}` } });
    expect((await bearer('cc-with-scope')).statusCode).toBe(201);
    const noScope = await bearer('cc-without-scope');
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json()).toEqual({ message: 'Missing required OAuth2 scope', code: 50026 });
    expect((await bearer('user-bearer')).json()).toEqual({ message: 'Missing Access', code: 50001 });
    registry.clock.now = expires;
    expect((await bearer('cc-with-scope')).statusCode).toBe(401);
  });
});

describe('errors in the service format', () => {
  it('answers 404 for an unknown route and 405 for a known route with a wrong method', async () => {
    const registry = await testRegistry();
    const unknown = await registry.bot({ method: 'GET', url: '/api/v10/nothing/here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: '404: Not Found', code: 0 });
    const wrong = await registry.bot({ method: 'PATCH', url: GLOBAL, payload: {} });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.json()).toEqual({ message: '405: Method Not Allowed', code: 0 });
    expect(wrong.headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses a path value that is not a snowflake with NUMBER_TYPE_COERCE', async () => {
    const registry = await testRegistry();
    const response = await registry.bot({ method: 'GET', url: `${GLOBAL}/ping` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 50035, message: 'Invalid Form Body',
      errors: { command_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "ping" is not snowflake.' }] } },
    });
    const app = await registry.bot({ method: 'GET', url: '/api/v10/applications/me/commands' });
    expect(app.json().errors.application_id._errors[0].code).toBe('NUMBER_TYPE_COERCE');
  });

  it('answers 50109 for a body that is not JSON, and for another content type', async () => {
    const registry = await testRegistry();
    const broken = await registry.bot({ method: 'POST', url: GLOBAL, payload: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body contains invalid JSON.', code: 50109 });
    const text = await registry.bot({ method: 'POST', url: GLOBAL, payload: 'name=ping', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(text.json()).toEqual({ message: 'The request body contains invalid JSON.', code: 50109 });
  });

  it('refuses an oversized body before parsing it with 413', async () => {
    const registry = await testRegistry();
    const huge = JSON.stringify(slash('big', { description: 'x'.repeat(2 * 1024 * 1024) }));
    const response = await registry.bot({ method: 'POST', url: GLOBAL, payload: huge, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request entity too large', code: 40005 });
  });

  it('refuses a bad with_localizations value', async () => {
    const registry = await testRegistry();
    const response = await registry.bot({ method: 'GET', url: `${GLOBAL}?with_localizations=maybe` });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.with_localizations._errors[0].code).toBe('BASE_TYPE_BOOLEAN');
  });
});

describe('rate limits', () => {
  it('sends the rate-limit headers on command routes', async () => {
    const registry = await testRegistry({ routeLimit: 5 });
    const response = await registry.bot({ method: 'GET', url: GLOBAL });
    expect(response.headers).toMatchObject({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '4', 'x-ratelimit-reset-after': '1.000' });
    expect(Number(response.headers['x-ratelimit-reset'])).toBeCloseTo((registry.clock.now + 1000) / 1000, 3);
    expect(response.headers['x-ratelimit-bucket']).toMatch(/^[0-9a-f]{16}$/);
  });

  it('answers 429 with retry_after past the route limit, until the window moves on', async () => {
    const registry = await testRegistry({ routeLimit: 2 });
    await registry.bot({ method: 'GET', url: GLOBAL });
    await registry.bot({ method: 'GET', url: GLOBAL });
    const limited = await registry.bot({ method: 'GET', url: GLOBAL });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'You are being rate limited.', retry_after: 1, global: false });
    expect(limited.headers).toMatchObject({ 'retry-after': '1', 'x-ratelimit-scope': 'user', 'x-ratelimit-remaining': '0' });
    // Another route is another bucket.
    expect((await registry.bot({ method: 'GET', url: GUILD })).statusCode).toBe(200);
    registry.clock.now += 1000;
    expect((await registry.bot({ method: 'GET', url: GLOBAL })).statusCode).toBe(200);
  });
});
