/**
 * The Social SDK's sign-in against a registry on a real port, with the NATIVE addon on the
 * client side: `createAuthorizationCodeVerifier`, `AuthorizationArgs` and
 * `buildAuthorizeUrl` make the request, the user consents through the authorize API with
 * their session token (GET, then POST), the client checks the state on the redirect and
 * exchanges the code with its verifier as a public client (no secret), verifies the
 * id_token against the JWKS with jose, and edits a command's permissions with the token.
 * Then each way it can go wrong.
 */
import { createRequire } from 'node:module';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Native from '../../native/index.cjs';
import { parseWorldFile } from '../../src/shared/world-file.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';

const native = createRequire(import.meta.url)('../../native') as typeof Native;

/** A public client (no secret) registered for the SDK's desktop redirect. */
const GAME = { id: '1184502999999999999', name: 'SDK Game', botToken: 'MTE4NDUwMjk5OTk5OTk5OTk5OQ.sdk-game' };
const EDIT = 'applications.commands.permissions.update';
const TEN_MINUTES = 10 * 60 * 1000;

let registry: ListeningRegistry;
let commandId: string;
/** Moves the registry's clock (expired codes) without waiting. */
let clockOffset = 0;

beforeAll(async () => {
  registry = await builtRegistry({ now: () => Date.now() + clockOffset });
  const extra = parseWorldFile({
    applications: [{ id: GAME.id, name: GAME.name, owner_id: EXAMPLE.alice.id, bot_token: GAME.botToken, redirect_uris: [native.DESKTOP_REDIRECT_URI] }],
  });
  if (!extra.ok) throw new Error(extra.message);
  await loadWorld(registry.store, extra.world, { now: Date.now, nextId: () => '1184502999999999998' });
  // The guild's owner adds the app to the guild (a plain install: no code), and its bot makes a command.
  const install = await fetch(`${registry.url}/api/v10/oauth2/authorize?client_id=${GAME.id}&scope=applications.commands`, {
    method: 'POST', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' },
    body: JSON.stringify({ authorize: true, guild_id: EXAMPLE.guild }),
  });
  expect(await install.json()).toEqual({ location: `${registry.url}/oauth2/authorized` });
  const created = await fetch(`${registry.url}/api/v10/applications/${GAME.id}/guilds/${EXAMPLE.guild}/commands`, {
    method: 'POST', headers: { authorization: `Bot ${GAME.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'moderate', description: 'Moderator tools' }),
  });
  expect(created.status).toBe(201);
  commandId = (await created.json() as { id: string }).id;
});

afterAll(async () => {
  await registry?.close();
});

interface Authorization {
  verifier: string;
  state: string;
  nonce: string;
  redirectUri: string;
  location: string;
}

/** What the SDK and the user do: build the URL natively, open it, consent through the API. */
async function authorize(scopes: string, userToken = EXAMPLE.alice.token): Promise<Authorization> {
  const verifier = native.createAuthorizationCodeVerifier();
  const args = new native.AuthorizationArgs();
  args.setClientId(GAME.id);
  args.setScopes(scopes);
  args.setCodeChallenge(verifier.challenge);
  const nonce = args.ensureNonce();
  const built = native.buildAuthorizeUrl(args, { baseUrl: registry.url });
  // The URL opens the registry's browser page.
  const page = await fetch(built.url);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
  // The client's consent screen asks the API with the same query.
  const api = `${registry.url}/api/v10${new URL(built.url).pathname}${new URL(built.url).search}`;
  const consent = await fetch(api, { headers: { authorization: userToken } });
  expect(consent.status).toBe(200);
  const body = await consent.json() as { application: { id: string }; guilds: Array<{ id: string }> };
  expect(body.application.id).toBe(GAME.id);
  const guildId = body.guilds.some((guild) => guild.id === EXAMPLE.guild) ? EXAMPLE.guild : undefined;
  const answer = await fetch(api, {
    method: 'POST', headers: { authorization: userToken, 'content-type': 'application/json' },
    body: JSON.stringify({ authorize: true, ...(guildId ? { guild_id: guildId } : {}) }),
  });
  expect(answer.status).toBe(200);
  const { location } = await answer.json() as { location: string };
  return { verifier: verifier.verifier, state: built.state, nonce, redirectUri: built.redirectUri, location };
}

/** The client's callback handler: the redirect must come back to its URI with its own state. */
function readCallback(location: string, expected: { state: string; redirectUri: string }): string {
  const url = new URL(location);
  if (`${url.origin}${url.pathname}` !== expected.redirectUri) throw new Error('redirect to an unexpected URI');
  if (url.searchParams.get('state') !== expected.state) throw new Error('state mismatch');
  const code = url.searchParams.get('code');
  if (!code) throw new Error(`authorization failed: ${url.searchParams.get('error')}`);
  return code;
}

/** The public client's token request: client_id and the verifier, no secret. */
function exchange(code: string, redirectUri: string, verifier: string): Promise<Response> {
  return fetch(`${registry.url}/api/v10/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: GAME.id, code_verifier: verifier }),
  });
}

function editPermissions(authorization: string): Promise<Response> {
  return fetch(`${registry.url}/api/v10/applications/${GAME.id}/guilds/${EXAMPLE.guild}/commands/${commandId}/permissions`, {
    method: 'PUT', headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ permissions: [{ id: EXAMPLE.bob.id, type: 2, permission: true }] }),
  });
}

describe('the SDK sign-in with the native addon', () => {
  it('authorizes, exchanges the code, verifies the id_token and edits a command\'s permissions', async () => {
    const flow = await authorize(`${native.getDefaultCommunicationScopes()} applications.commands ${EDIT}`);
    const code = readCallback(flow.location, flow);
    const answer = await exchange(code, flow.redirectUri, flow.verifier);
    expect(answer.status).toBe(200);
    const tokens = await answer.json() as { access_token: string; token_type: string; scope: string; id_token: string; refresh_token: string };
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.scope.split(' ').sort()).toEqual(['applications.commands', EDIT, 'identify', 'openid', 'sdk.social_layer'].sort());

    const jwks = createRemoteJWKSet(new URL(`${registry.url}/api/v10/oauth2/keys`));
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token, jwks, { issuer: registry.url, audience: GAME.id, algorithms: ['RS256'] });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ iss: registry.url, aud: GAME.id, sub: EXAMPLE.alice.id, nonce: flow.nonce });

    const edited = await editPermissions(`Bearer ${tokens.access_token}`);
    expect(edited.status).toBe(200);
    expect(await edited.json()).toEqual({
      id: commandId, application_id: GAME.id, guild_id: EXAMPLE.guild, permissions: [{ id: EXAMPLE.bob.id, type: 2, permission: true }],
    });
    const me = await fetch(`${registry.url}/api/v10/users/@me`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(await me.json()).toMatchObject({ id: EXAMPLE.alice.id, username: 'alice' });
  });

  it('refuses a wrong verifier', async () => {
    const flow = await authorize('openid identify');
    const other = native.createAuthorizationCodeVerifier().verifier;
    const answer = await exchange(readCallback(flow.location, flow), flow.redirectUri, other);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code_verifier" in request.' });
  });

  it('refuses a reused code and revokes the token the code gave', async () => {
    const flow = await authorize(`openid ${EDIT}`);
    const code = readCallback(flow.location, flow);
    const first = await (await exchange(code, flow.redirectUri, flow.verifier)).json() as { access_token: string };
    expect((await editPermissions(`Bearer ${first.access_token}`)).status).toBe(200);
    const again = await exchange(code, flow.redirectUri, flow.verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    expect((await editPermissions(`Bearer ${first.access_token}`)).status).toBe(401);
  });

  it('refuses a redirect_uri other than the authorize request\'s', async () => {
    const flow = await authorize('openid identify');
    const answer = await exchange(readCallback(flow.location, flow), 'http://127.0.0.1:9/callback', flow.verifier);
    expect(await answer.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "redirect_uri" in request.' });
    // An unregistered redirect is refused at the start, and never redirected to.
    const args = new native.AuthorizationArgs();
    args.setClientId(GAME.id);
    args.setScopes('identify');
    args.setCodeChallenge(native.createAuthorizationCodeVerifier().challenge);
    args.setCustomSchemeParam('evil');
    const built = native.buildAuthorizeUrl(args, { baseUrl: registry.url, platform: 'mobile' });
    const refused = await fetch(`${registry.url}/api/v10/oauth2/authorize${new URL(built.url).search}`, { headers: { authorization: EXAMPLE.alice.token } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'invalid_request', error_description: 'Invalid "redirect_uri" in request.' });
  });

  it('lets the client notice a redirect carrying another request\'s state', async () => {
    const mine = await authorize('openid identify');
    const injected = await authorize('openid identify');
    expect(() => readCallback(injected.location, mine)).toThrow('state mismatch');
    expect(readCallback(mine.location, mine)).toEqual(expect.any(String));
  });

  it('refuses a code older than ten minutes', async () => {
    const flow = await authorize('openid identify');
    clockOffset = TEN_MINUTES + 1;
    try {
      const answer = await exchange(readCallback(flow.location, flow), flow.redirectUri, flow.verifier);
      expect(await answer.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    } finally {
      clockOffset = 0;
    }
  });

  it('refuses a bot token (20001) and a token without the scope (50026) on permissions', async () => {
    const bot = await editPermissions(`Bot ${GAME.botToken}`);
    expect(bot.status).toBe(403);
    expect(await bot.json()).toEqual({ message: 'Bots cannot use this endpoint', code: 20001 });
    const flow = await authorize(native.getDefaultPresenceScopes());
    const tokens = await (await exchange(readCallback(flow.location, flow), flow.redirectUri, flow.verifier)).json() as { access_token: string; scope: string };
    expect(tokens.scope).toBe('openid sdk.social_layer_presence identify');
    const unscoped = await editPermissions(`Bearer ${tokens.access_token}`);
    expect(unscoped.status).toBe(403);
    expect(await unscoped.json()).toEqual({ message: 'Missing required OAuth2 scope', code: 50026 });
  });
});
