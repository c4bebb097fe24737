import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authorizeQuery, basic, CLIENT_SECRET, codeFor, form, oauthRegistry, REDIRECT, token } from '../helpers/oauth.js';
import { IDS, testRegistry, type TestRegistry } from '../helpers/test-registry.js';

const BASIC = { authorization: basic(IDS.app, CLIENT_SECRET) };

async function userTokens(registry: TestRegistry, scope = 'identify') {
  const code = await codeFor(registry, authorizeQuery({ scope }));
  return (await token(registry, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT }, BASIC)).json();
}

function revoke(registry: TestRegistry, values: Record<string, string | undefined>, headers: Record<string, string> = BASIC) {
  return registry.app.inject({
    method: 'POST', url: '/api/v10/oauth2/token/revoke', payload: form(values),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

function get(registry: TestRegistry, url: string, authorization?: string) {
  return registry.app.inject({ url, ...(authorization === undefined ? {} : { headers: { authorization } }) });
}

describe('token revocation (RFC 7009)', () => {
  it('revokes an access token', async () => {
    const registry = await oauthRegistry();
    const tokens = await userTokens(registry);
    const answer = await revoke(registry, { token: tokens.access_token, token_type_hint: 'access_token' });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe('');
    expect((await get(registry, '/api/v10/users/@me', `Bearer ${tokens.access_token}`)).statusCode).toBe(401);
    // The refresh token still works: only the access token was given up.
    expect((await token(registry, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, BASIC)).statusCode).toBe(200);
  });

  it('revokes a refresh token with every access token of its grant', async () => {
    const registry = await oauthRegistry();
    const tokens = await userTokens(registry);
    expect((await revoke(registry, { token: tokens.refresh_token })).statusCode).toBe(200);
    expect((await get(registry, '/api/v10/users/@me', `Bearer ${tokens.access_token}`)).statusCode).toBe(401);
    expect((await token(registry, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token }, BASIC)).statusCode).toBe(400);
  });

  it('answers 200 to unknown tokens and to another client\'s, and leaves those alone', async () => {
    const registry = await oauthRegistry();
    expect((await revoke(registry, { token: 'made-up' })).statusCode).toBe(200);
    const theirs = 'other-app-token';
    await registry.store.tokens.put(theirs, { application_id: IDS.otherApp, user_id: IDS.owner, scopes: ['identify'], expires_at: registry.clock.now + 60_000 });
    expect((await revoke(registry, { token: theirs })).statusCode).toBe(200);
    expect(await registry.store.tokens.find(theirs)).toBeDefined();
  });

  it('requires the client and the token', async () => {
    const registry = await oauthRegistry();
    const unauthenticated = await revoke(registry, { token: 'x' }, { authorization: basic(IDS.app, 'wrong') });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json()).toEqual({ error: 'invalid_client', error_description: 'Invalid client secret.' });
    expect(unauthenticated.headers['www-authenticate']).toBe('Basic realm="slashbench", charset="UTF-8"');
    const missing = await revoke(registry, {});
    expect(missing.json()).toEqual({ error: 'invalid_request', error_description: 'Missing "token" in request.' });
  });
});

describe('GET /oauth2/@me and userinfo', () => {
  it('describes a Bearer token: the app, its scopes, when it expires and, with identify, the user', async () => {
    const registry = await oauthRegistry();
    const tokens = await userTokens(registry, 'identify openid');
    const answer = await get(registry, '/api/v10/oauth2/@me', `Bearer ${tokens.access_token}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      application: expect.objectContaining({ id: IDS.app, name: 'Test Bot', bot_public: true }),
      scopes: ['identify', 'openid'],
      expires: new Date(registry.clock.now + 604_800_000).toISOString(),
      user: expect.objectContaining({ id: IDS.owner, username: 'owner' }),
    });
    const userinfo = await get(registry, '/api/v10/oauth2/userinfo', `Bearer ${tokens.access_token}`);
    expect(userinfo.json()).toEqual({ sub: IDS.owner, preferred_username: 'owner', locale: 'en-US' });
  });

  it('leaves the user out without identify, refuses other credentials, and userinfo without openid', async () => {
    const registry = await oauthRegistry();
    const credentials = (await token(registry, { grant_type: 'client_credentials', scope: 'applications.commands.update' }, BASIC)).json();
    const answer = (await get(registry, '/api/v10/oauth2/@me', `Bearer ${credentials.access_token}`)).json();
    expect(answer.user).toBeUndefined();
    expect(answer.scopes).toEqual(['applications.commands.update']);
    expect((await get(registry, '/api/v10/oauth2/@me', 'Bot app-bot-token')).statusCode).toBe(401);
    expect((await get(registry, '/api/v10/oauth2/@me')).json()).toEqual({ message: '401: Unauthorized', code: 0 });
    const identifyOnly = await userTokens(registry);
    expect((await get(registry, '/api/v10/oauth2/userinfo', `Bearer ${identifyOnly.access_token}`)).json())
      .toEqual({ message: 'Missing required OAuth2 scope', code: 50026 });
    expect((await get(registry, '/api/v10/users/@me', `Bearer ${credentials.access_token}`)).statusCode).toBe(403);
  });
});

describe('discovery', () => {
  it('publishes the OpenID and OAuth metadata for the address it was reached at', async () => {
    const registry = await oauthRegistry();
    const openid = await registry.app.inject({ url: '/.well-known/openid-configuration', headers: { host: '127.0.0.1:4321' } });
    const issuer = 'http://127.0.0.1:4321';
    expect(openid.json()).toEqual({
      issuer,
      authorization_endpoint: `${issuer}/oauth2/authorize`,
      token_endpoint: `${issuer}/api/v10/oauth2/token`,
      revocation_endpoint: `${issuer}/api/v10/oauth2/token/revoke`,
      userinfo_endpoint: `${issuer}/api/v10/oauth2/userinfo`,
      jwks_uri: `${issuer}/api/v10/oauth2/keys`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: [
        'identify', 'guilds', 'openid', 'bot', 'applications.commands', 'applications.commands.update',
        'applications.commands.permissions.update', 'sdk.social_layer', 'sdk.social_layer_presence',
      ],
      id_token_signing_alg_values_supported: ['RS256'],
      subject_types_supported: ['public'],
      claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'preferred_username', 'nickname', 'locale'],
    });
    const oauth = await registry.app.inject({ url: '/.well-known/oauth-authorization-server', headers: { host: '127.0.0.1:4321' } });
    expect(oauth.json()).toEqual(openid.json());
  });

  it('keeps its signing key in the database across restarts', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'slashbench-oauth-'));
    try {
      const first = await testRegistry({ dataDirectory: directory });
      const before = (await get(first, '/api/v10/oauth2/keys')).json();
      await first.app.close();
      await first.store.close();
      const second = await testRegistry({ dataDirectory: directory });
      expect((await get(second, '/api/v10/oauth2/keys')).json()).toEqual(before);
      await second.app.close();
      await second.store.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
