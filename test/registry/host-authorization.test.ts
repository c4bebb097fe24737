/**
 * The Authorize methods of the host contract in browser mode, answered by the native SDK
 * addon: fresh verifier, state and nonce; the authorize URL built field by field (the
 * addon's own refusals coming back as `invalid-input`); the loopback listener
 * `GET /callback` catching the redirect after consent, and `awaitRedirect` handing it to
 * the client. Then the management route that expires a code for the client's failure path.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { HOST_CONTRACT } from '../../src/shared/host-contract.js';
import { authorizeMethods } from '../../src/registry/host/authorize-methods.js';
import { RedirectInbox } from '../../src/registry/host/redirect-inbox.js';
import { codeFor, CUSTOM_REDIRECT, LOOPBACK_REDIRECT, oauthRegistry, PKCE, token } from '../helpers/oauth.js';
import { IDS, TOKENS, testRegistry, type TestRegistry } from '../helpers/test-registry.js';

const LOCAL = { host: '127.0.0.1:8484' };
const S256 = (verifier: string) => createHash('sha256').update(verifier, 'ascii').digest('base64url');

let open: TestRegistry | undefined;
afterEach(async () => {
  await open?.app.close();
  open = undefined;
});

/** The OAuth fixture registry listening on a free loopback port, so the loopback redirect has one. */
async function listening(): Promise<TestRegistry & { port: number }> {
  const registry = await oauthRegistry();
  open = registry;
  await registry.app.listen({ host: '127.0.0.1', port: 0 });
  const address = registry.app.server.address();
  return { ...registry, port: typeof address === 'object' && address ? address.port : 0 };
}

const host = (registry: TestRegistry) => ({
  create: async () => {
    const answer = await registry.app.inject({ method: 'GET', url: HOST_CONTRACT.createAuthorization.http.path, headers: LOCAL });
    return { status: answer.statusCode, body: answer.json() };
  },
  build: async (input: Record<string, unknown>) => {
    const answer = await registry.app.inject({ method: 'POST', url: HOST_CONTRACT.buildAuthorizeUrl.http.path, headers: LOCAL, payload: input });
    return { status: answer.statusCode, body: answer.json() };
  },
  await: async (after: number) => {
    const answer = await registry.app.inject({ method: 'POST', url: HOST_CONTRACT.awaitRedirect.http.path, headers: LOCAL, payload: { after } });
    return HOST_CONTRACT.awaitRedirect.output.parse(answer.json()).redirect;
  },
});

describe('createAuthorization', () => {
  it('answers fresh values from the native addon, the SDK\'s default scopes and the loopback redirect on this port', async () => {
    const registry = await listening();
    const first = await host(registry).create();
    expect(first.status).toBe(200);
    const value = HOST_CONTRACT.createAuthorization.output.parse(first.body);
    expect(value.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value.challenge).toEqual({ challenge: S256(value.verifier), method: 'S256' });
    expect(value.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(value.default_scopes).toEqual({ communication: 'openid sdk.social_layer', presence: 'openid sdk.social_layer_presence' });
    expect(value.loopback_redirect_uri).toBe(`http://127.0.0.1:${registry.port}/callback`);
    expect(value.deep_link_scheme).toBeNull();
    expect(value.redirect_sequence).toBe(0);
    const second = HOST_CONTRACT.createAuthorization.output.parse((await host(registry).create()).body);
    expect(new Set([value.verifier, value.state, value.nonce, second.verifier, second.state, second.nonce]).size).toBe(6);
  });

  it('says plainly when the addon cannot be loaded', async () => {
    const methods = authorizeMethods({
      redirects: new RedirectInbox(), registryUrl: () => 'http://127.0.0.1:8484', deepLinkScheme: null,
      loadSdk: () => ({ ok: false, reason: 'The native SDK addon could not be loaded: not built' }),
    });
    expect(methods.createAuthorization({})).toEqual({ ok: false, error: { code: 'unavailable', message: 'The native SDK addon could not be loaded: not built' } });
    expect(methods.buildAuthorizeUrl({ client_id: '1', scopes: 'identify', redirect: 'loopback' })).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});

describe('buildAuthorizeUrl', () => {
  it('builds the URL field by field, with the loopback redirect on this port, and reads the args back', async () => {
    const registry = await listening();
    const answer = await host(registry).build({
      base_url: `http://127.0.0.1:${registry.port}`, client_id: IDS.otherApp, scopes: 'openid identify', state: 'state-1', nonce: 'nonce 1',
      code_challenge: PKCE.challenge, integration_type: 0, redirect: 'loopback',
    });
    expect(answer.status).toBe(200);
    const value = HOST_CONTRACT.buildAuthorizeUrl.output.parse(answer.body);
    const redirect = `http://127.0.0.1:${registry.port}/callback`;
    expect(value.url).toBe(`http://127.0.0.1:${registry.port}/oauth2/authorize?response_type=code&client_id=${IDS.otherApp}`
      + `&scope=openid%20identify&state=state-1&redirect_uri=${encodeURIComponent(redirect)}&nonce=nonce%201`
      + `&code_challenge=${PKCE.challenge}&code_challenge_method=S256&integration_type=0`);
    expect(value).toMatchObject({ state: 'state-1', redirect_uri: redirect, redirect_sequence: 0 });
    expect(value.args).toEqual({
      client_id: IDS.otherApp, scopes: 'openid identify', state: 'state-1', nonce: 'nonce 1',
      code_challenge: { challenge: PKCE.challenge, method: 'S256' }, integration_type: 0, custom_scheme: null,
    });
  });

  it('makes a state for the URL when none is set, and uses the custom scheme for that redirect', async () => {
    const registry = await oauthRegistry();
    const unset = HOST_CONTRACT.buildAuthorizeUrl.output.parse((await host(registry).build({ client_id: IDS.app, scopes: 'identify', redirect: 'loopback' })).body);
    expect(unset.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unset.args.state).toBeNull();
    expect(unset.url).toContain(`&state=${unset.state}&`);
    const scheme = HOST_CONTRACT.buildAuthorizeUrl.output.parse((await host(registry).build({
      client_id: IDS.app, scopes: 'identify', custom_scheme: 'slashbench-test', redirect: 'custom-scheme',
    })).body);
    expect(scheme.redirect_uri).toBe(CUSTOM_REDIRECT);
    expect(scheme.url).toContain(`&redirect_uri=${encodeURIComponent(CUSTOM_REDIRECT)}`);
  });

  it('answers the addon\'s refusal of a value as invalid-input, with its words', async () => {
    const registry = await oauthRegistry();
    const badId = await host(registry).build({ client_id: 'abc', scopes: 'identify', redirect: 'loopback' });
    expect(badId.status).toBe(400);
    expect(badId.body).toEqual({ code: 'invalid-input', message: expect.stringContaining('AuthorizationArgs.setClientId') });
    const badScopes = await host(registry).build({ client_id: IDS.app, scopes: 'a  b', redirect: 'loopback' });
    expect(badScopes.body.message).toContain('separated by single spaces');
    const noScope = await host(registry).build({ client_id: IDS.app, scopes: '', redirect: 'loopback' });
    expect(noScope.body).toMatchObject({ code: 'invalid-input', message: expect.stringContaining('not valid') });
    const offContract = await host(registry).build({ client_id: IDS.app, scopes: 'identify', redirect: 'carrier-pigeon' });
    expect(offContract.body).toMatchObject({ code: 'invalid-input', message: expect.stringContaining('redirect') });
  });

  it('answers this machine only, like every host route', async () => {
    const registry = await oauthRegistry();
    const remote = await registry.app.inject({
      method: 'POST', url: HOST_CONTRACT.buildAuthorizeUrl.http.path, remoteAddress: '192.168.1.20', headers: LOCAL,
      payload: { client_id: IDS.app, scopes: 'identify', redirect: 'loopback' },
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ code: 'loopback-only' });
  });
});

describe('the loopback redirect', () => {
  it('catches the redirect after consent on GET /callback and hands it to the next awaitRedirect', async () => {
    const registry = await listening();
    const start = HOST_CONTRACT.createAuthorization.output.parse((await host(registry).create()).body);
    const built = HOST_CONTRACT.buildAuthorizeUrl.output.parse((await host(registry).build({
      client_id: IDS.otherApp, scopes: 'identify', code_challenge: start.challenge.challenge, redirect: 'loopback',
    })).body);
    const query = built.url.slice(built.url.indexOf('?') + 1);
    const consent = await registry.app.inject({ method: 'POST', url: `/api/v10/oauth2/authorize?${query}`, headers: { authorization: TOKENS.owner }, payload: { authorize: true } });
    const { location } = consent.json<{ location: string }>();
    expect(location.startsWith(`${built.redirect_uri}?code=`)).toBe(true);

    const waiting = host(registry).await(built.redirect_sequence);
    const landing = await fetch(location);
    expect(landing.status).toBe(200);
    expect(landing.headers.get('cache-control')).toBe('no-store');
    expect(await landing.text()).not.toContain(new URL(location).searchParams.get('code'));
    const caught = await waiting;
    expect(caught).toMatchObject({ sequence: 1, url: location, via: 'loopback' });

    // The client's exchange with the caught code and its verifier.
    const code = new URL(caught!.url).searchParams.get('code')!;
    const exchanged = await token(registry, { grant_type: 'authorization_code', code, redirect_uri: built.redirect_uri, client_id: IDS.otherApp, code_verifier: start.verifier });
    expect(exchanged.statusCode).toBe(200);
    // Asked again from the same number, the host answers at once: a client that lost the answer can ask again.
    expect(await host(registry).await(built.redirect_sequence)).toMatchObject({ sequence: 1 });
  });

  it('keeps what another machine sends out', async () => {
    const redirects = new RedirectInbox();
    const registry = await testRegistry({ app: { redirects, clientDirectory: null } });
    const refused = await registry.app.inject({ method: 'GET', url: '/callback?code=x&state=y', remoteAddress: '192.168.1.20' });
    expect(refused.statusCode).toBe(403);
    expect(redirects.sequence).toBe(0);
    const local = await registry.app.inject({ method: 'GET', url: '/callback?code=x&state=y', headers: LOCAL });
    expect(local.statusCode).toBe(200);
    expect(await redirects.next(0, 1)).toMatchObject({ url: 'http://127.0.0.1:8484/callback?code=x&state=y', via: 'loopback' });
  });
});

describe('the redirect inbox', () => {
  it('waits for the next redirect, answers null when none comes, and null to every waiter when closed', async () => {
    const inbox = new RedirectInbox(() => Date.UTC(2026, 10, 21));
    const none = inbox.next(0, 1);
    expect(await none).toBeNull();
    const waiting = inbox.next(inbox.sequence, 60_000);
    const delivered = inbox.deliver('http://127.0.0.1:1/callback?code=a&state=b', 'loopback');
    expect(await waiting).toEqual(delivered);
    expect(delivered).toEqual({ sequence: 1, url: 'http://127.0.0.1:1/callback?code=a&state=b', via: 'loopback', received_at: '2026-11-21T00:00:00.000Z' });
    // A number from before a restart counts from now.
    const afterRestart = inbox.next(99, 60_000);
    inbox.deliver('slashbench:/authorize/callback?code=c&state=d', 'deep-link');
    expect(await afterRestart).toMatchObject({ sequence: 2, via: 'deep-link' });
    const pending = inbox.next(inbox.sequence, 60_000);
    inbox.close();
    expect(await pending).toBeNull();
  });
});

describe('POST /_slashbench/oauth/codes/expire', () => {
  const query = new URLSearchParams({
    response_type: 'code', client_id: IDS.otherApp, scope: 'identify', state: 's', redirect_uri: LOOPBACK_REDIRECT, code_challenge: PKCE.challenge, code_challenge_method: 'S256',
  }).toString();
  const expire = (registry: TestRegistry, body: unknown, authorization?: string) => registry.app.inject({
    method: 'POST', url: '/_slashbench/oauth/codes/expire', payload: body as Record<string, unknown>, headers: authorization === undefined ? {} : { authorization },
  });

  it('ends the code\'s life for its own person, after which the exchange is invalid_grant', async () => {
    const registry = await oauthRegistry();
    const code = await codeFor(registry, query);
    const answer = await expire(registry, { code }, TOKENS.owner);
    expect(answer.statusCode).toBe(204);
    const exchanged = await token(registry, { grant_type: 'authorization_code', code, redirect_uri: LOOPBACK_REDIRECT, client_id: IDS.otherApp, code_verifier: PKCE.verifier });
    expect(exchanged.statusCode).toBe(400);
    expect(exchanged.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
  });

  it('reveals nothing about other people\'s codes, and takes a person\'s session token only', async () => {
    const registry = await oauthRegistry();
    const code = await codeFor(registry, query);
    expect((await expire(registry, { code }, TOKENS.member)).json()).toEqual({ message: '404: Not Found', code: 0 });
    expect((await expire(registry, { code: 'never-issued' }, TOKENS.owner)).statusCode).toBe(404);
    expect((await expire(registry, { code }, `Bot ${TOKENS.bot}`)).json()).toEqual({ message: 'Missing Access', code: 50001 });
    expect((await expire(registry, { code })).statusCode).toBe(401);
    expect((await expire(registry, {}, TOKENS.owner)).json()).toMatchObject({ code: 50035, errors: { code: { _errors: [{ code: 'BASE_TYPE_REQUIRED' }] } } });
    // Still alive: none of the refused calls touched it.
    const exchanged = await token(registry, { grant_type: 'authorization_code', code, redirect_uri: LOOPBACK_REDIRECT, client_id: IDS.otherApp, code_verifier: PKCE.verifier });
    expect(exchanged.statusCode).toBe(200);
  });
});
