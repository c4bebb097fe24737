/**
 * OAuth2 helpers for route tests: the fixture world's apps given what OAuth needs (the
 * test app a client secret and redirect URIs, the other app redirect URIs and no secret,
 * which makes it a public client), form bodies, HTTP Basic, and one call that walks the
 * authorize API to a code.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { IDS, TOKENS, testRegistry, type TestRegistry } from './test-registry.js';

/** IDS.app's client secret, which makes it a confidential client. */
export const CLIENT_SECRET = 'test-app-client-secret';
/** The redirect URIs IDS.app registers: a web one, the SDK's desktop loopback one, a custom scheme. */
export const REDIRECT = 'https://app.example/callback';
export const LOOPBACK_REDIRECT = 'http://127.0.0.1/callback';
export const CUSTOM_REDIRECT = 'slashbench-test:/authorize/callback';

/** RFC 7636 appendix B: this verifier's S256 challenge. */
export const PKCE = {
  verifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
} as const;

/** The fixture registry, with IDS.app confidential and IDS.otherApp public. */
export async function oauthRegistry(): Promise<TestRegistry> {
  const registry = await testRegistry();
  const { world } = registry.store;
  const app = await world.application(IDS.app);
  const other = await world.application(IDS.otherApp);
  if (!app || !other) throw new Error('the fixture world lost its apps');
  await world.putApplication({ ...app, redirect_uris: [REDIRECT, LOOPBACK_REDIRECT, CUSTOM_REDIRECT] }, null, CLIENT_SECRET);
  await world.putApplication({ ...other, redirect_uris: [LOOPBACK_REDIRECT, REDIRECT] }, null, null);
  return registry;
}

/** `application/x-www-form-urlencoded` from name/value pairs (undefined values left out). */
export function form(values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== undefined) params.append(name, value);
  return params.toString();
}

/** An HTTP Basic header as RFC 6749 §2.3.1 builds it (form-encoded, then base64). */
export function basic(clientId: string, secret: string): string {
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
}

/** `POST /oauth2/token` with a form body. */
export function token(registry: TestRegistry, values: Record<string, string | undefined>, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return registry.app.inject({
    method: 'POST', url: '/api/v10/oauth2/token', payload: form(values),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });
}

/** The authorize API's query for the test app, with `extra` on top (undefined removes a parameter). */
export function authorizeQuery(extra: Record<string, string | undefined> = {}): string {
  return form({
    response_type: 'code', client_id: IDS.app, scope: 'identify', state: 'state-1', redirect_uri: REDIRECT, ...extra,
  });
}

/** `GET` or `POST /api/v10/oauth2/authorize` as the client sends it, with a user's session token. */
export function authorizeApi(
  registry: TestRegistry,
  method: 'GET' | 'POST',
  query: string,
  body?: Record<string, unknown>,
  userToken: string = TOKENS.owner,
): Promise<LightMyRequestResponse> {
  const request: InjectOptions = { method, url: `/api/v10/oauth2/authorize?${query}`, headers: { authorization: userToken } };
  return registry.app.inject(body === undefined ? request : { ...request, payload: body });
}

/** Authorizes with `query` and returns the code from the redirect. */
export async function codeFor(registry: TestRegistry, query: string, body: Record<string, unknown> = { authorize: true }, userToken?: string): Promise<string> {
  const answer = await authorizeApi(registry, 'POST', query, body, userToken);
  if (answer.statusCode !== 200) throw new Error(`authorize answered ${answer.statusCode}: ${answer.body}`);
  const code = new URL(answer.json<{ location: string }>().location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${answer.body}`);
  return code;
}
