import { describe, expect, it } from 'vitest';
import {
  authorizeApi, authorizeQuery, CUSTOM_REDIRECT, form, LOOPBACK_REDIRECT, oauthRegistry, PKCE, REDIRECT,
} from '../helpers/oauth.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';

const ALL = '9007199254740991';

/** The query of a location the authorize endpoint sends the user to. */
function queryOf(location: string): Record<string, string> {
  return Object.fromEntries(new URL(location).searchParams);
}

describe('GET /oauth2/authorize (the consent screen)', () => {
  it('describes the app, the user, the scopes and the guilds the user can add a bot to', async () => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'GET', authorizeQuery({ scope: 'bot applications.commands identify', permissions: '2048', guild_id: IDS.guild }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      application: { id: IDS.app, name: 'Test Bot', icon: null, description: '', bot_public: true },
      user: { id: IDS.owner, username: 'owner', global_name: null, discriminator: '0', avatar: null, public_flags: 0, flags: 0, primary_guild: null },
      scopes: ['bot', 'applications.commands', 'identify'],
      redirect_uri: REDIRECT,
      integration_type: 0,
      permissions: '2048',
      guild_id: IDS.guild,
      guilds: [
        { id: IDS.guild, name: 'Guild', icon: null, owner: true, permissions: ALL },
        { id: IDS.emptyGuild, name: 'Empty', icon: null, owner: true, permissions: ALL },
      ],
    });
  });

  it('lists only guilds where the user holds MANAGE_GUILD, and none when nothing is installed', async () => {
    const registry = await oauthRegistry();
    const member = await authorizeApi(registry, 'GET', authorizeQuery({ scope: 'bot' }), undefined, TOKENS.member);
    // @everyone (2147485696) and Moderator (32, MANAGE_GUILD).
    expect(member.json().guilds).toEqual([{ id: IDS.guild, name: 'Guild', icon: null, owner: false, permissions: '2147485728' }]);
    const identify = await authorizeApi(registry, 'GET', authorizeQuery());
    expect(identify.json().guilds).toEqual([]);
  });

  it('accepts every scope the service documents, even those not simulated here', async () => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'GET', authorizeQuery({ scope: 'identify email guilds.join connections' }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().scopes).toEqual(['identify', 'email', 'guilds.join', 'connections']);
  });

  it('needs a person\'s session token', async () => {
    const registry = await oauthRegistry();
    expect((await authorizeApi(registry, 'GET', authorizeQuery(), undefined, 'not-a-token')).json()).toEqual({ message: '401: Unauthorized', code: 0 });
    expect((await authorizeApi(registry, 'GET', authorizeQuery(), undefined, `Bot ${TOKENS.bot}`)).json())
      .toEqual({ message: 'Bots cannot use this endpoint', code: 20001 });
  });

  it.each([
    ['no client_id', { client_id: undefined }, 'invalid_request', 'Missing "client_id" in request.'],
    ['an unknown client', { client_id: '999999999999999999' }, 'invalid_client', 'Unknown client.'],
    ['a client_id that is no snowflake', { client_id: 'abc' }, 'invalid_client', 'Unknown client.'],
    ['no redirect_uri from an app that registered none', { client_id: IDS.activityApp, redirect_uri: undefined }, 'invalid_request', 'Missing "redirect_uri" in request.'],
    ['an unregistered redirect_uri', { redirect_uri: 'https://evil.example/callback' }, 'invalid_request', 'Invalid "redirect_uri" in request.'],
    ['a registered URI with a fragment', { redirect_uri: `${REDIRECT}#x` }, 'invalid_request', 'Invalid "redirect_uri" in request.'],
    ['another port on a non-loopback host', { redirect_uri: 'https://app.example:8443/callback' }, 'invalid_request', 'Invalid "redirect_uri" in request.'],
    ['localhost instead of the loopback IP', { redirect_uri: 'http://localhost:5000/callback' }, 'invalid_request', 'Invalid "redirect_uri" in request.'],
    ['another path on loopback', { redirect_uri: 'http://127.0.0.1:5000/other' }, 'invalid_request', 'Invalid "redirect_uri" in request.'],
  ])('refuses %s without redirecting', async (_name, extra, error, description) => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'GET', authorizeQuery(extra));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error, error_description: description });
  });

  it('sends a code request without redirect_uri to the app\'s first registered one, as the Activity SDK\'s authorize() asks', async () => {
    const registry = await oauthRegistry();
    const consent = await authorizeApi(registry, 'GET', authorizeQuery({ redirect_uri: undefined }));
    expect(consent.statusCode).toBe(200);
    expect(consent.json().redirect_uri).toBe(REDIRECT);
    const answer = await authorizeApi(registry, 'POST', authorizeQuery({ redirect_uri: undefined }), { authorize: true });
    expect(queryOf(answer.json().location)).toEqual({ code: expect.any(String), state: 'state-1' });
    expect(answer.json().location.startsWith(`${REDIRECT}?`)).toBe(true);
  });

  it('refuses a repeated redirect_uri without redirecting', async () => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'GET', `${authorizeQuery()}&${form({ redirect_uri: REDIRECT })}`);
    expect(answer.json()).toEqual({ error: 'invalid_request', error_description: 'Duplicate "redirect_uri" in request.' });
  });

  it.each([
    ['an unsupported response_type', { response_type: 'token' }, 'unsupported_response_type', 'Only the "code" response_type is supported.'],
    ['no response_type', { response_type: undefined }, 'invalid_request', 'Missing "response_type" in request.'],
    ['an undocumented scope', { scope: 'identify made.up' }, 'invalid_scope', 'The requested scope "made.up" is invalid, unknown, or malformed.'],
    ['no scope', { scope: undefined }, 'invalid_scope', 'The requested scope is empty.'],
    ['the plain PKCE method', { code_challenge: PKCE.challenge, code_challenge_method: 'plain' }, 'invalid_request', 'Only the "S256" code_challenge_method is supported.'],
    ['a challenge without a method', { code_challenge: PKCE.challenge }, 'invalid_request', 'Only the "S256" code_challenge_method is supported.'],
    ['a method without a challenge', { code_challenge_method: 'S256' }, 'invalid_request', 'Missing "code_challenge" in request.'],
    ['a malformed challenge', { code_challenge: 'short', code_challenge_method: 'S256' }, 'invalid_request', 'Invalid "code_challenge" in request.'],
    ['an unknown integration_type', { integration_type: '2' }, 'invalid_request', 'Invalid "integration_type" in request.'],
    ['a bot user install', { scope: 'bot', integration_type: '1' }, 'invalid_scope', 'The "bot" scope needs a guild install (integration_type 0).'],
    ['bad permissions', { permissions: 'all' }, 'invalid_request', 'Invalid "permissions" in request.'],
    ['a bad guild_id', { guild_id: '12' }, 'invalid_request', 'Invalid "guild_id" in request.'],
    ['an unknown prompt', { prompt: 'login' }, 'invalid_request', 'Invalid "prompt" in request.'],
  ])('sends %s back to the client with error= and the state', async (_name, extra, error, description) => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'GET', authorizeQuery(extra));
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body).toEqual({ error, error_description: description, location: expect.stringMatching(/^https:\/\/app\.example\/callback\?/) });
    expect(queryOf(body.location)).toEqual({ error, error_description: description, state: 'state-1' });
  });

  it('makes a public client use PKCE', async () => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'GET', authorizeQuery({ client_id: IDS.otherApp }));
    expect(answer.json()).toMatchObject({ error: 'invalid_request', error_description: 'A public client must send a PKCE "code_challenge".' });
  });

  it('accepts a registered loopback redirect on any port, and registered custom schemes', async () => {
    const registry = await oauthRegistry();
    for (const redirect of ['http://127.0.0.1:53123/callback', LOOPBACK_REDIRECT, CUSTOM_REDIRECT]) {
      const answer = await authorizeApi(registry, 'GET', authorizeQuery({ redirect_uri: redirect }));
      expect(answer.statusCode, redirect).toBe(200);
      expect(answer.json().redirect_uri).toBe(redirect);
    }
  });
});

describe('POST /oauth2/authorize (the user\'s answer)', () => {
  it('sends the user back with a code and the state', async () => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'POST', authorizeQuery({ redirect_uri: 'http://127.0.0.1:40404/callback' }), { authorize: true });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const location = new URL(answer.json().location);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:40404/callback');
    expect(queryOf(location.href)).toEqual({ code: expect.stringMatching(/^[\w-]{32}$/), state: 'state-1' });
  });

  it('keeps the redirect URI\'s own query and works for custom schemes', async () => {
    const registry = await oauthRegistry();
    const app = await registry.store.world.application(IDS.app);
    if (!app) throw new Error('no app');
    await registry.store.world.putApplication({ ...app, redirect_uris: [...app.redirect_uris, 'https://app.example/cb?tenant=7'] }, null, null);
    const kept = await authorizeApi(registry, 'POST', authorizeQuery({ redirect_uri: 'https://app.example/cb?tenant=7' }), { authorize: true });
    expect(queryOf(kept.json().location)).toEqual({ tenant: '7', code: expect.any(String), state: 'state-1' });
    const custom = await authorizeApi(registry, 'POST', authorizeQuery({ redirect_uri: CUSTOM_REDIRECT }), { authorize: true });
    expect(custom.json().location).toMatch(/^slashbench-test:\/authorize\/callback\?code=[\w-]+&state=state-1$/);
  });

  it('sends access_denied when the user refuses', async () => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'POST', authorizeQuery(), { authorize: false });
    expect(queryOf(answer.json().location)).toEqual({
      error: 'access_denied', error_description: 'The resource owner or authorization server denied the request.', state: 'state-1',
    });
  });

  it('answers a refused request the same way as GET', async () => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'POST', authorizeQuery({ redirect_uri: 'https://evil.example/' }), { authorize: true });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'invalid_request', error_description: 'Invalid "redirect_uri" in request.' });
  });

  it.each([
    ['no body', undefined, 'authorize', 'BASE_TYPE_REQUIRED'],
    ['authorize not a boolean', { authorize: 'yes' }, 'authorize', 'BASE_TYPE_BOOLEAN'],
    ['a bad guild_id', { authorize: true, guild_id: 'x' }, 'guild_id', 'NUMBER_TYPE_COERCE'],
    ['a bad integration_type', { authorize: true, integration_type: 3 }, 'integration_type', 'BASE_TYPE_CHOICES'],
  ])('refuses %s with 50035', async (_name, body, field, code) => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'POST', authorizeQuery(), body ?? {});
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 50035, errors: { [field]: { _errors: [{ code }] } } });
  });

  it('adds the app and its bot, with a managed role, to the guild the user picks', async () => {
    const registry = await oauthRegistry();
    const heard: Array<{ kind: string; id: string }> = [];
    registry.bus.on('worldChanged', (change) => heard.push(change));
    const answer = await authorizeApi(registry, 'POST', authorizeQuery({ scope: 'bot identify', permissions: '2048' }), { authorize: true, guild_id: IDS.emptyGuild });
    expect(answer.statusCode).toBe(200);
    const { world } = registry.store;
    expect(await world.isInstalled(IDS.emptyGuild, IDS.app)).toBe(true);
    const bot = await world.member(IDS.emptyGuild, IDS.app);
    const role = (await world.roles(IDS.emptyGuild)).find((entry) => entry.name === 'Test Bot');
    expect(role).toMatchObject({ permissions: '2048' });
    expect(bot?.roles).toEqual([role?.id]);
    expect(heard).toEqual([{ kind: 'install', id: IDS.emptyGuild }]);
  });

  it('installs with applications.commands alone, and needs a guild only for bot', async () => {
    const registry = await oauthRegistry();
    const commands = await authorizeApi(registry, 'POST', authorizeQuery({ scope: 'applications.commands', guild_id: IDS.emptyGuild }), { authorize: true });
    expect(commands.statusCode).toBe(200);
    expect(await registry.store.world.isInstalled(IDS.emptyGuild, IDS.app)).toBe(true);
    expect((await registry.store.world.member(IDS.emptyGuild, IDS.app))?.roles).toEqual([]);
    const noGuild = await authorizeApi(registry, 'POST', authorizeQuery({ scope: 'bot' }), { authorize: true });
    expect(noGuild.statusCode).toBe(400);
    expect(noGuild.json()).toMatchObject({ code: 50035, errors: { guild_id: { _errors: [{ code: 'BASE_TYPE_REQUIRED' }] } } });
  });

  it('refuses guilds the user cannot manage, and unknown ones', async () => {
    const registry = await oauthRegistry();
    const notManaged = await authorizeApi(registry, 'POST', authorizeQuery({ scope: 'bot' }), { authorize: true, guild_id: IDS.emptyGuild }, TOKENS.member);
    expect(notManaged.json()).toEqual({ message: 'Missing Permissions', code: 50013 });
    const unknown = await authorizeApi(registry, 'POST', authorizeQuery({ scope: 'bot' }), { authorize: true, guild_id: '399999999999999999' });
    expect(unknown.json()).toEqual({ message: 'Unknown Guild', code: 10004 });
    expect(await registry.store.world.isInstalled(IDS.emptyGuild, IDS.app)).toBe(false);
  });

  it('installs for the user with integration_type 1', async () => {
    const registry = await oauthRegistry();
    const answer = await authorizeApi(registry, 'POST', authorizeQuery({ scope: 'applications.commands', integration_type: '1' }), { authorize: true });
    expect(answer.statusCode).toBe(200);
    expect(await registry.store.world.userApplications(IDS.owner)).toContain(IDS.app);
    // The user may also pick the install type on the consent screen.
    const chosen = await authorizeApi(registry, 'POST', authorizeQuery({ scope: 'applications.commands' }), { authorize: true, integration_type: 1 }, TOKENS.member);
    expect(chosen.statusCode).toBe(200);
    expect(await registry.store.world.userApplications(IDS.member)).toContain(IDS.app);
  });

  it('runs a plain bot install (no response_type, no redirect) without a code', async () => {
    const registry = await oauthRegistry();
    const query = form({ client_id: IDS.app, scope: 'bot applications.commands', permissions: '0' });
    const view = await authorizeApi(registry, 'GET', query);
    expect(view.json()).toMatchObject({ redirect_uri: null, scopes: ['bot', 'applications.commands'] });
    const answer = await authorizeApi(registry, 'POST', query, { authorize: true, guild_id: IDS.emptyGuild });
    expect(answer.json()).toEqual({ location: 'http://localhost:80/oauth2/authorized' });
    expect(await registry.store.world.isInstalled(IDS.emptyGuild, IDS.app)).toBe(true);
    const page = await registry.app.inject({ url: '/oauth2/authorized' });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
