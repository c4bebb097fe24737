import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  authorizeQuery, basic, CLIENT_SECRET, codeFor, oauthRegistry, PKCE, REDIRECT, LOOPBACK_REDIRECT, token,
} from '../helpers/oauth.js';
import { GLOBAL, IDS, type TestRegistry } from '../helpers/test-registry.js';

const BASIC = { authorization: basic(IDS.app, CLIENT_SECRET) };
const TEN_MINUTES = 10 * 60 * 1000;

const oauthError = (error: string, error_description: string) => ({ error, error_description });

/** A code for the confidential test app (scope `identify` unless told). */
function code(registry: TestRegistry, extra: Record<string, string | undefined> = {}): Promise<string> {
  return codeFor(registry, authorizeQuery(extra));
}

/** A code for the public app, with the RFC 7636 example challenge. */
function publicCode(registry: TestRegistry, extra: Record<string, string | undefined> = {}): Promise<string> {
  return codeFor(registry, authorizeQuery({
    client_id: IDS.otherApp, redirect_uri: LOOPBACK_REDIRECT, code_challenge: PKCE.challenge, code_challenge_method: 'S256', ...extra,
  }));
}

function me(registry: TestRegistry, accessToken: string) {
  return registry.app.inject({ url: '/api/v10/users/@me', headers: { authorization: `Bearer ${accessToken}` } });
}

describe('authorization_code grant', () => {
  it('exchanges a code for a week-long Bearer token and a refresh token, never cached', async () => {
    const registry = await oauthRegistry();
    const answer = await token(registry, { grant_type: 'authorization_code', code: await code(registry), redirect_uri: REDIRECT }, BASIC);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.pragma).toBe('no-cache');
    const body = answer.json();
    expect(body).toEqual({
      access_token: expect.any(String), token_type: 'Bearer', expires_in: 604800, refresh_token: expect.any(String), scope: 'identify',
    });
    expect((await me(registry, body.access_token)).json()).toMatchObject({ id: IDS.owner, username: 'owner' });
  });

  it('authenticates a confidential client with HTTP Basic or with client_id and client_secret in the form', async () => {
    const registry = await oauthRegistry();
    const viaForm = await token(registry, {
      grant_type: 'authorization_code', code: await code(registry), redirect_uri: REDIRECT, client_id: IDS.app, client_secret: CLIENT_SECRET,
    });
    expect(viaForm.statusCode).toBe(200);
    const both = await token(registry, {
      grant_type: 'authorization_code', code: await code(registry), redirect_uri: REDIRECT, client_secret: CLIENT_SECRET,
    }, BASIC);
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual(oauthError('invalid_request', 'Use only one client authentication method.'));
  });

  it.each([
    ['a wrong secret over Basic', { authorization: basic(IDS.app, 'nope') }, {}, 'Invalid client secret.', true],
    ['a wrong secret in the form', {}, { client_id: IDS.app, client_secret: 'nope' }, 'Invalid client secret.', false],
    ['no secret at all', {}, { client_id: IDS.app }, 'Client authentication is required.', false],
    ['an unknown client', {}, { client_id: '999999999999999999' }, 'Unknown client.', false],
    ['no client', {}, {}, 'Unknown client.', false],
    ['a bot token instead of Basic', { authorization: 'Bot app-bot-token' }, {}, 'Unsupported client authentication.', true],
    ['a secret for a public client', {}, { client_id: IDS.otherApp, client_secret: 'anything' }, 'This client has no secret.', false],
  ])('answers 401 invalid_client to %s', async (_name, headers, fields, description, challenged) => {
    const registry = await oauthRegistry();
    const answer = await token(registry, { grant_type: 'authorization_code', code: await code(registry), redirect_uri: REDIRECT, ...fields }, headers);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual(oauthError('invalid_client', description));
    expect(answer.headers['www-authenticate']).toBe(challenged ? 'Basic realm="slashbench", charset="UTF-8"' : undefined);
  });

  it('lets a public client prove its code with PKCE instead of a secret', async () => {
    const registry = await oauthRegistry();
    const fields = { grant_type: 'authorization_code', redirect_uri: LOOPBACK_REDIRECT, client_id: IDS.otherApp };
    const missing = await token(registry, { ...fields, code: await publicCode(registry) });
    expect(missing.json()).toEqual(oauthError('invalid_request', 'Missing "code_verifier" in request.'));
    const wrong = await token(registry, { ...fields, code: await publicCode(registry), code_verifier: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(oauthError('invalid_grant', 'Invalid "code_verifier" in request.'));
    const right = await token(registry, { ...fields, code: await publicCode(registry), code_verifier: PKCE.verifier });
    expect(right.statusCode).toBe(200);
    expect(right.json().refresh_token).toEqual(expect.any(String));
  });

  it('checks a confidential client\'s verifier too, and refuses a verifier for a code without a challenge', async () => {
    const registry = await oauthRegistry();
    const withChallenge = await code(registry, { code_challenge: PKCE.challenge, code_challenge_method: 'S256' });
    const wrong = await token(registry, { grant_type: 'authorization_code', code: withChallenge, redirect_uri: REDIRECT, code_verifier: `${PKCE.verifier}x` }, BASIC);
    expect(wrong.json()).toEqual(oauthError('invalid_grant', 'Invalid "code_verifier" in request.'));
    // A failed check does not spend the code.
    const right = await token(registry, { grant_type: 'authorization_code', code: withChallenge, redirect_uri: REDIRECT, code_verifier: PKCE.verifier }, BASIC);
    expect(right.statusCode).toBe(200);
    const unasked = await token(registry, { grant_type: 'authorization_code', code: await code(registry), redirect_uri: REDIRECT, code_verifier: PKCE.verifier }, BASIC);
    expect(unasked.json()).toEqual(oauthError('invalid_grant', 'Invalid "code_verifier" in request.'));
  });

  it('spends a code once; a second exchange fails and revokes what the first one issued', async () => {
    const registry = await oauthRegistry();
    const once = await code(registry);
    const first = (await token(registry, { grant_type: 'authorization_code', code: once, redirect_uri: REDIRECT }, BASIC)).json();
    expect((await me(registry, first.access_token)).statusCode).toBe(200);
    const again = await token(registry, { grant_type: 'authorization_code', code: once, redirect_uri: REDIRECT }, BASIC);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    expect((await me(registry, first.access_token)).statusCode).toBe(401);
    const refreshed = await token(registry, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, BASIC);
    expect(refreshed.json()).toEqual(oauthError('invalid_grant', 'Invalid "refresh_token" in request.'));
  });

  it('lets a code live ten minutes', async () => {
    const registry = await oauthRegistry();
    const fresh = await code(registry);
    const stale = await code(registry);
    registry.clock.now += TEN_MINUTES - 1;
    expect((await token(registry, { grant_type: 'authorization_code', code: fresh, redirect_uri: REDIRECT }, BASIC)).statusCode).toBe(200);
    registry.clock.now += 1;
    const expired = await token(registry, { grant_type: 'authorization_code', code: stale, redirect_uri: REDIRECT }, BASIC);
    expect(expired.json()).toEqual(oauthError('invalid_grant', 'Invalid "code" in request.'));
  });

  it('requires the redirect_uri of the authorize request', async () => {
    const registry = await oauthRegistry();
    const missing = await token(registry, { grant_type: 'authorization_code', code: await code(registry) }, BASIC);
    expect(missing.json()).toEqual(oauthError('invalid_request', 'Missing "redirect_uri" in request.'));
    const other = await token(registry, { grant_type: 'authorization_code', code: await code(registry), redirect_uri: LOOPBACK_REDIRECT }, BASIC);
    expect(other.json()).toEqual(oauthError('invalid_grant', 'Invalid "redirect_uri" in request.'));
  });

  it('exchanges a code asked for without redirect_uri without one, as an Activity\'s server does', async () => {
    const registry = await oauthRegistry();
    const exchanged = await token(registry, {
      client_id: IDS.app, client_secret: CLIENT_SECRET, grant_type: 'authorization_code', code: await code(registry, { redirect_uri: undefined }),
    });
    expect(exchanged.statusCode).toBe(200);
    expect(exchanged.json()).toMatchObject({ token_type: 'Bearer', scope: 'identify' });
  });

  it('refuses codes that are unknown, missing or another client\'s', async () => {
    const registry = await oauthRegistry();
    const unknown = await token(registry, { grant_type: 'authorization_code', code: 'made-up', redirect_uri: REDIRECT }, BASIC);
    expect(unknown.json()).toEqual(oauthError('invalid_grant', 'Invalid "code" in request.'));
    const missing = await token(registry, { grant_type: 'authorization_code', redirect_uri: REDIRECT }, BASIC);
    expect(missing.json()).toEqual(oauthError('invalid_request', 'Missing "code" in request.'));
    const theirs = await publicCode(registry);
    const stolen = await token(registry, { grant_type: 'authorization_code', code: theirs, redirect_uri: LOOPBACK_REDIRECT, code_verifier: PKCE.verifier }, BASIC);
    expect(stolen.json()).toEqual(oauthError('invalid_grant', 'Invalid "code" in request.'));
  });

  it('adds an RS256 id_token with openid, verifiable against the JWKS', async () => {
    const registry = await oauthRegistry();
    const granted = (await token(registry, {
      grant_type: 'authorization_code', code: await code(registry, { scope: 'openid identify', nonce: 'nonce-123' }), redirect_uri: REDIRECT,
    }, BASIC)).json();
    expect(granted.scope).toBe('openid identify');
    const jwks = (await registry.app.inject({ url: '/api/v10/oauth2/keys' })).json<JSONWebKeySet>();
    expect(jwks.keys).toEqual([{ kty: 'RSA', n: expect.any(String), e: 'AQAB', kid: expect.any(String), use: 'sig', alg: 'RS256' }]);
    expect(decodeProtectedHeader(granted.id_token)).toEqual({ alg: 'RS256', typ: 'JWT', kid: jwks.keys[0]?.kid });
    const { payload } = await jwtVerify(granted.id_token, createLocalJWKSet(jwks), {
      issuer: 'http://localhost:80', audience: IDS.app, algorithms: ['RS256'], currentDate: new Date(registry.clock.now),
    });
    const iat = Math.floor(registry.clock.now / 1000);
    expect(payload).toEqual({ iss: 'http://localhost:80', sub: IDS.owner, aud: IDS.app, iat, exp: iat + 3600, nonce: 'nonce-123' });
    const withoutOpenid = (await token(registry, { grant_type: 'authorization_code', code: await code(registry), redirect_uri: REDIRECT }, BASIC)).json();
    expect(withoutOpenid.id_token).toBeUndefined();
  });
});

describe('the token endpoint', () => {
  it('takes only form bodies', async () => {
    const registry = await oauthRegistry();
    const answer = await registry.app.inject({
      method: 'POST', url: '/api/v10/oauth2/token', payload: { grant_type: 'client_credentials', scope: 'identify' }, headers: BASIC,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(oauthError('invalid_request', 'The request body must be application/x-www-form-urlencoded.'));
  });

  it.each([
    ['no grant_type', {}, 400, oauthError('invalid_request', 'Missing "grant_type" in request.')],
    ['the password grant', { grant_type: 'password' }, 400, oauthError('unsupported_grant_type', 'Unsupported grant type "password".')],
  ])('refuses %s', async (_name, fields, status, body) => {
    const registry = await oauthRegistry();
    const answer = await token(registry, fields, BASIC);
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toEqual(body);
  });

  it('refuses a parameter sent twice', async () => {
    const registry = await oauthRegistry();
    const answer = await registry.app.inject({
      method: 'POST', url: '/api/v10/oauth2/token', payload: 'grant_type=client_credentials&scope=identify&scope=identify',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', ...BASIC },
    });
    expect(answer.json()).toEqual(oauthError('invalid_request', 'Duplicate "scope" in request.'));
  });

  it('answers 405 to other methods', async () => {
    const registry = await oauthRegistry();
    expect((await registry.app.inject({ url: '/api/v10/oauth2/token' })).statusCode).toBe(405);
  });
});

describe('refresh_token grant', () => {
  async function granted(registry: TestRegistry, scope = 'identify openid') {
    return (await token(registry, { grant_type: 'authorization_code', code: await code(registry, { scope }), redirect_uri: REDIRECT }, BASIC)).json();
  }

  it('rotates: a new pair, and the old refresh token stops working', async () => {
    const registry = await oauthRegistry();
    const first = await granted(registry);
    const second = await token(registry, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, BASIC);
    expect(second.statusCode).toBe(200);
    const body = second.json();
    expect(body).toEqual({
      access_token: expect.any(String), token_type: 'Bearer', expires_in: 604800, refresh_token: expect.any(String),
      scope: 'identify openid', id_token: expect.any(String),
    });
    expect(body.refresh_token).not.toBe(first.refresh_token);
    expect((await me(registry, body.access_token)).statusCode).toBe(200);
    const replay = await token(registry, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, BASIC);
    expect(replay.json()).toEqual(oauthError('invalid_grant', 'Invalid "refresh_token" in request.'));
    // A replayed refresh token means it leaked: the whole grant is revoked.
    expect((await me(registry, body.access_token)).statusCode).toBe(401);
    expect((await token(registry, { grant_type: 'refresh_token', refresh_token: body.refresh_token }, BASIC)).statusCode).toBe(400);
  });

  it('narrows the scope on request, never widens it', async () => {
    const registry = await oauthRegistry();
    const first = await granted(registry);
    const wider = await token(registry, { grant_type: 'refresh_token', refresh_token: first.refresh_token, scope: 'identify guilds' }, BASIC);
    expect(wider.json()).toEqual(oauthError('invalid_scope', 'The requested scope exceeds the scope granted by the resource owner.'));
    const narrower = await token(registry, { grant_type: 'refresh_token', refresh_token: first.refresh_token, scope: 'identify' }, BASIC);
    expect(narrower.json()).toMatchObject({ scope: 'identify' });
    expect(narrower.json().id_token).toBeUndefined();
  });

  it('refuses a missing, unknown or other client\'s refresh token', async () => {
    const registry = await oauthRegistry();
    expect((await token(registry, { grant_type: 'refresh_token' }, BASIC)).json()).toEqual(oauthError('invalid_request', 'Missing "refresh_token" in request.'));
    expect((await token(registry, { grant_type: 'refresh_token', refresh_token: 'made-up' }, BASIC)).json())
      .toEqual(oauthError('invalid_grant', 'Invalid "refresh_token" in request.'));
    const theirs = (await token(registry, {
      grant_type: 'authorization_code', code: await publicCode(registry), redirect_uri: LOOPBACK_REDIRECT, client_id: IDS.otherApp, code_verifier: PKCE.verifier,
    })).json();
    expect((await token(registry, { grant_type: 'refresh_token', refresh_token: theirs.refresh_token }, BASIC)).json())
      .toEqual(oauthError('invalid_grant', 'Invalid "refresh_token" in request.'));
    // The public client refreshes with its client_id alone.
    expect((await token(registry, { grant_type: 'refresh_token', refresh_token: theirs.refresh_token, client_id: IDS.otherApp })).statusCode).toBe(200);
  });
});

describe('client_credentials grant', () => {
  it('gives a confidential client a token for itself, without refresh token, good for command routes', async () => {
    const registry = await oauthRegistry();
    const answer = await token(registry, { grant_type: 'client_credentials', scope: 'applications.commands.update identify' }, BASIC);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 604800, scope: 'applications.commands.update identify' });
    const created = await registry.app.inject({
      method: 'POST', url: GLOBAL, payload: { name: 'ping', description: 'Ping' }, headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(created.statusCode).toBe(201);
    // The token acts as the app's owner where a user is needed.
    expect((await me(registry, body.access_token)).json()).toMatchObject({ id: IDS.owner });
    expect((await registry.store.tokens.find(body.access_token))?.user_id).toBeNull();
  });

  it('authenticates in the form too', async () => {
    const registry = await oauthRegistry();
    const answer = await token(registry, { grant_type: 'client_credentials', scope: 'identify', client_id: IDS.app, client_secret: CLIENT_SECRET });
    expect(answer.statusCode).toBe(200);
  });

  it.each([
    ['a scope outside the two', 'identify bot', 'The requested scope "bot" is invalid, unknown, or malformed.'],
    ['openid', 'openid', 'The requested scope "openid" is invalid, unknown, or malformed.'],
    ['no scope', undefined, 'The requested scope is empty.'],
  ])('refuses %s with invalid_scope', async (_name, scope, description) => {
    const registry = await oauthRegistry();
    const answer = await token(registry, { grant_type: 'client_credentials', scope }, BASIC);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(oauthError('invalid_scope', description));
  });

  it('is for confidential clients only', async () => {
    const registry = await oauthRegistry();
    const publicClient = await token(registry, { grant_type: 'client_credentials', scope: 'identify', client_id: IDS.otherApp });
    expect(publicClient.json()).toEqual(oauthError('unauthorized_client', 'Only a confidential client may use client_credentials.'));
    const unauthenticated = await token(registry, { grant_type: 'client_credentials', scope: 'identify', client_id: IDS.app });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
