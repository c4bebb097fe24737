/**
 * oauth4webapi, a standard OAuth 2 / OpenID Connect client from npm, unmodified against a
 * registry on a real port: discovery through `/.well-known/openid-configuration`, the
 * authorization code flow with PKCE (the user's consent through the registry's authorize
 * API), token and id_token validation, userinfo, refresh, revocation, and client
 * credentials. It refuses plain http unless told, so every call allows it on loopback.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorldFile } from '../../src/registry/start.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { EXAMPLE_WORLD } from '../helpers/registry-process.js';

const INSECURE = { [oauth.allowInsecureRequests]: true } as const;
/** A loopback port the registered `http://127.0.0.1/callback` allows (RFC 8252 §7.3). */
const REDIRECT = 'http://127.0.0.1:7777/callback';

const activity = readWorldFile(EXAMPLE_WORLD).applications.find((app) => app.name === 'Example Activity');
if (!activity?.client_secret) throw new Error('examples/world.json lost its Example Activity or its client secret');
const client: oauth.Client = { client_id: activity.id };
const clientAuth = oauth.ClientSecretBasic(activity.client_secret);

let registry: ListeningRegistry;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  registry = await builtRegistry();
  const issuer = new URL(registry.url);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, INSECURE));
});

afterAll(async () => {
  await registry?.close();
});

/** The authorization request oauth4webapi's user would be sent to, answered by alice through the authorize API. */
async function signIn(scope: string) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    client_id: client.client_id, redirect_uri: REDIRECT, response_type: 'code', scope, state, nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256',
  }).toString();
  const answer = await fetch(`${registry.url}/api/v10${url.pathname}${url.search}`, {
    method: 'POST', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' }, body: JSON.stringify({ authorize: true }),
  });
  const { location } = await answer.json() as { location: string };
  const callback = oauth.validateAuthResponse(as, client, new URL(location), state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, callback, REDIRECT, verifier, INSECURE);
  return oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
}

describe('oauth4webapi against the registry', () => {
  it('discovers the registry as an OpenID provider', () => {
    expect(as).toMatchObject({
      issuer: registry.url,
      token_endpoint: `${registry.url}/api/v10/oauth2/token`,
      jwks_uri: `${registry.url}/api/v10/oauth2/keys`,
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
  });

  it('discovers it through RFC 8414 metadata too', async () => {
    const issuer = new URL(registry.url);
    const metadata = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...INSECURE, algorithm: 'oauth2' }));
    expect(metadata).toEqual(as);
  });

  it('runs the authorization code flow with PKCE and validates the token response and the id_token', async () => {
    const result = await signIn('openid identify');
    expect(result).toMatchObject({ token_type: 'bearer', expires_in: 604800, scope: 'openid identify' });
    const claims = oauth.getValidatedIdTokenClaims(result);
    expect(claims).toMatchObject({ iss: registry.url, aud: activity.id, sub: EXAMPLE.alice.id });
    // oauth4webapi checks the claims; the signature is checked against the JWKS here.
    const jwks = createRemoteJWKSet(new URL(as.jwks_uri ?? ''));
    await expect(jwtVerify(result.id_token ?? '', jwks, { issuer: as.issuer, audience: activity.id })).resolves.toBeDefined();

    const userinfo = await oauth.processUserInfoResponse(as, client, claims?.sub ?? '', await oauth.userInfoRequest(as, client, result.access_token, INSECURE));
    expect(userinfo).toMatchObject({ sub: EXAMPLE.alice.id, preferred_username: 'alice' });
  });

  it('refreshes with rotation and revokes', async () => {
    const first = await signIn('openid identify');
    const refreshed = await oauth.processRefreshTokenResponse(
      as, client, await oauth.refreshTokenGrantRequest(as, client, clientAuth, first.refresh_token ?? '', INSECURE),
    );
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, clientAuth, refreshed.refresh_token ?? '', INSECURE));
    const me = await fetch(`${registry.url}/api/v10/users/@me`, { headers: { authorization: `Bearer ${refreshed.access_token}` } });
    expect(me.status).toBe(401);
  });

  it('reports the registry\'s OAuth errors as such', async () => {
    const response = await oauth.refreshTokenGrantRequest(as, client, clientAuth, 'made-up', INSECURE);
    const error = await oauth.processRefreshTokenResponse(as, client, response).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(oauth.ResponseBodyError);
    expect(error).toMatchObject({ error: 'invalid_grant', error_description: 'Invalid "refresh_token" in request.' });
  });

  it('gets a client credentials token that manages the app\'s commands', async () => {
    const response = await oauth.clientCredentialsGrantRequest(as, client, clientAuth, { scope: 'applications.commands.update' }, INSECURE);
    const result = await oauth.processClientCredentialsResponse(as, client, response);
    expect(result).toMatchObject({ token_type: 'bearer', scope: 'applications.commands.update' });
    expect(result.refresh_token).toBeUndefined();
    const created = await fetch(`${registry.url}/api/v10/applications/${activity.id}/commands`, {
      method: 'POST', headers: { authorization: `Bearer ${result.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'hello', description: 'Says hello' }),
    });
    expect(created.status).toBe(201);
  });
});
