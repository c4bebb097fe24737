/**
 * The Authorize feature's pure parts: the callback handler's state check, the timeline's
 * step reducer, the form's URL input, the consent screen's reading, the permission
 * targets, and the id_token checks (with a real RS256 key and JWKS made by jose).
 */
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { HttpExchange } from '../../src/renderer/api/authorize-http.js';
import { authorizeUrlInput, preferredApplication, queryOf, scopeList, scopeText, toggled, type AuthorizeForm } from '../../src/renderer/features/authorize/authorize-form.js';
import { asksForGuild, readConsent, scopeSentence } from '../../src/renderer/features/authorize/consent-view.js';
import { advance, errorLine, fail, type FlowProgress, type FlowStep } from '../../src/renderer/features/authorize/flow-steps.js';
import { verifyIdToken, type IdTokenExpectations } from '../../src/renderer/features/authorize/id-token.js';
import { allChannelsId, describeOverwrite, mayEditCommandPermissions, permissionTargets, withOverwrite } from '../../src/renderer/features/authorize/permission-targets.js';
import { FOREIGN_STATE, readRedirect, tamperState } from '../../src/renderer/features/authorize/redirect-check.js';
import { clientGuild } from '../../src/renderer/features/world/world-model.js';

const LOOPBACK = 'http://127.0.0.1:8484/callback';

describe('the callback handler', () => {
  const expected = { state: 'abc', redirectUri: LOOPBACK };

  it('accepts a code that comes back with its own state', () => {
    expect(readRedirect(`${LOOPBACK}?code=c0de&state=abc`, expected)).toEqual({ kind: 'code', code: 'c0de', state: 'abc' });
    expect(readRedirect('slashbench:/authorize/callback?code=c0de&state=abc', { state: 'abc', redirectUri: 'slashbench:/authorize/callback' }))
      .toEqual({ kind: 'code', code: 'c0de', state: 'abc' });
  });

  it('checks the state before anything else, errors included', () => {
    expect(readRedirect(`${LOOPBACK}?code=c0de&state=xyz`, expected)).toEqual({ kind: 'state-mismatch', expected: 'abc', received: 'xyz' });
    expect(readRedirect(`${LOOPBACK}?code=c0de`, expected)).toEqual({ kind: 'state-mismatch', expected: 'abc', received: null });
    expect(readRedirect(`${LOOPBACK}?error=access_denied&state=xyz`, expected)).toMatchObject({ kind: 'state-mismatch' });
    expect(readRedirect(`${LOOPBACK}?error=access_denied&error_description=No.&state=abc`, expected))
      .toEqual({ kind: 'error', error: 'access_denied', description: 'No.', state: 'abc' });
  });

  it('ignores redirects to another place and redirects without a code', () => {
    expect(readRedirect('http://127.0.0.1:9/other?code=c&state=abc', expected)).toEqual({ kind: 'elsewhere', expected: LOOPBACK, received: 'http://127.0.0.1:9/other' });
    expect(readRedirect(`${LOOPBACK}?state=abc`, expected)).toMatchObject({ kind: 'malformed' });
    expect(readRedirect('not a url', expected)).toMatchObject({ kind: 'malformed' });
  });

  it('tampers the state the way an injected redirect carries another request\'s', () => {
    const tampered = tamperState(`${LOOPBACK}?code=c0de&state=abc`);
    expect(new URL(tampered).searchParams.get('state')).toBe(FOREIGN_STATE);
    expect(new URL(tampered).searchParams.get('code')).toBe('c0de');
    expect(readRedirect(tampered, expected)).toMatchObject({ kind: 'state-mismatch', received: FOREIGN_STATE });
  });
});

describe('the timeline', () => {
  const step = (id: FlowStep['id'], status: FlowStep['status'] = 'ok'): FlowStep => ({ id, title: id, status, summary: id });
  const start: FlowProgress = { phase: 'consent', steps: [step('verifier'), step('url')], outcome: null };

  it('adds steps in order and replaces a step by its id', () => {
    const waiting = advance(start, step('redirect', 'waiting'), 'redirect');
    expect(waiting.steps.map((entry) => entry.id)).toEqual(['verifier', 'url', 'redirect']);
    expect(waiting.phase).toBe('redirect');
    const caught = advance(waiting, step('redirect', 'ok'), 'exchange');
    expect(caught.steps.map((entry) => [entry.id, entry.status])).toEqual([['verifier', 'ok'], ['url', 'ok'], ['redirect', 'ok']]);
    expect(caught.phase).toBe('exchange');
  });

  it('ends at a refusal and changes no more', () => {
    const failed = fail(start, step('token', 'failed'), 'refused');
    expect(failed).toMatchObject({ phase: 'failed', outcome: { ok: false, text: 'refused' } });
    expect(advance(failed, step('keys'), 'done')).toBe(failed);
  });

  it('says an error in one line, in the OAuth shape or the service\'s', () => {
    const answer = (status: number, body: unknown): HttpExchange => ({ request: { method: 'POST', url: 'u' }, response: { status, body } });
    expect(errorLine(answer(400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' }))).toBe('400 invalid_grant: Invalid "code" in request.');
    expect(errorLine(answer(403, { message: 'Missing Permissions', code: 50013 }))).toBe('403 50013 Missing Permissions');
    expect(errorLine(answer(502, 'Bad gateway'))).toBe('HTTP 502');
    expect(errorLine({ request: { method: 'GET', url: 'u' }, response: null, failure: 'offline' })).toBe('offline');
  });
});

describe('the form', () => {
  const form: AuthorizeForm = {
    clientId: ' 1184502450000000000 ', scopes: ['applications.commands', 'openid'], state: 'abc', nonce: '', verifier: 'v', challenge: 'c',
    integrationType: '1', customScheme: '', redirect: 'loopback',
  };

  it('writes scopes in the consent screen\'s order and keeps unknown ones last', () => {
    expect(scopeText(['sdk.social_layer', 'openid', 'email'])).toBe('openid sdk.social_layer email');
    expect(scopeList('openid  sdk.social_layer openid')).toEqual(['openid', 'sdk.social_layer']);
    expect(toggled(['openid'], 'identify')).toEqual(['openid', 'identify']);
    expect(toggled(['openid', 'identify'], 'openid')).toEqual(['identify']);
  });

  it('becomes the host\'s input with empty fields unset', () => {
    expect(authorizeUrlInput(form, 'http://127.0.0.1:8484')).toEqual({
      base_url: 'http://127.0.0.1:8484', client_id: '1184502450000000000', scopes: 'openid applications.commands', state: 'abc',
      nonce: undefined, code_challenge: 'c', integration_type: 1, custom_scheme: undefined, redirect: 'loopback',
    });
    expect(authorizeUrlInput({ ...form, integrationType: '' }, 'x').integration_type).toBeUndefined();
    expect(queryOf('http://h/oauth2/authorize?a=1&b=2')).toBe('a=1&b=2');
  });

  it('opens with the first app that registered the loopback redirect', () => {
    const apps = [
      { id: '1', name: 'Bot', redirect_uris: [] },
      { id: '2', name: 'Game', redirect_uris: ['http://127.0.0.1/callback'] },
    ];
    expect(preferredApplication(apps, LOOPBACK)?.name).toBe('Game');
    expect(preferredApplication([apps[0]!], LOOPBACK)?.name).toBe('Bot');
    expect(preferredApplication([], LOOPBACK)).toBeUndefined();
  });
});

describe('the consent screen', () => {
  const body = {
    application: { id: '5', name: 'Game', icon: null }, user: { id: '7', username: 'alice', global_name: 'Alice' },
    scopes: ['bot', 'identify'], redirect_uri: LOOPBACK, integration_type: 0, permissions: '8', guilds: [{ id: '9', name: 'Guild', owner: true }],
  };

  it('reads the authorize API\'s answer and asks for a guild for a guild install of bot or applications.commands', () => {
    const view = readConsent(body);
    expect(view).toEqual({
      application: { id: '5', name: 'Game' }, user: { id: '7', username: 'alice', global_name: 'Alice' }, scopes: ['bot', 'identify'],
      redirectUri: LOOPBACK, integrationType: 0, permissions: '8', guildId: null, guilds: [{ id: '9', name: 'Guild' }],
    });
    expect(asksForGuild(view!)).toBe(true);
    expect(asksForGuild({ ...view!, scopes: ['identify'] })).toBe(false);
    expect(asksForGuild({ ...view!, scopes: ['applications.commands'], integrationType: 1 })).toBe(false);
    expect(readConsent({ error: 'invalid_request' })).toBeUndefined();
  });

  it('says each scope in plain words', () => {
    expect(scopeSentence('identify')).toBe('Access your username, avatar and banner');
    expect(scopeSentence('applications.commands')).toBe('Create commands');
    expect(scopeSentence('made.up')).toBe('made.up');
    // A documented scope the registry grants but does not simulate carries the warning.
    expect(scopeSentence('email')).toBe('email (accepted as the service accepts it, but not simulated here: it unlocks nothing)');
  });
});

describe('permission targets', () => {
  const guild = clientGuild({
    id: '1000', name: 'Guild', owner_id: '1', preferred_locale: 'en-US',
    roles: [{ id: '1000', name: '@everyone' }, { id: '1001', name: 'Moderator' }] as never,
    channels: [{ id: '1002', type: 4, name: 'Text' }, { id: '1003', type: 0, name: 'general' }],
    threads: [],
    members: [
      { user: { id: '1', username: 'alice', global_name: 'Alice', discriminator: '0', avatar: null }, nick: null, roles: [] },
      { user: { id: '2', username: 'bot', global_name: null, discriminator: '0', avatar: null, bot: true }, roles: [] },
    ],
  });

  it('names roles, people (not bots) and channels, with All Channels as the guild id minus one', () => {
    expect(permissionTargets(guild)).toEqual([
      { id: '1000', type: 1, label: '@everyone' },
      { id: '1001', type: 1, label: '@Moderator' },
      { id: '1', type: 2, label: 'Alice' },
      { id: '999', type: 3, label: 'All Channels' },
      { id: '1003', type: 3, label: '#general' },
    ]);
    expect(allChannelsId('1184502533340545024')).toBe('1184502533340545023');
  });

  it('keeps one overwrite per target and says each in words', () => {
    const draft = withOverwrite(withOverwrite([], { id: '1001', type: 1, permission: true }), { id: '1001', type: 1, permission: false });
    expect(draft).toEqual([{ id: '1001', type: 1, permission: false }]);
    expect(describeOverwrite(draft[0]!, permissionTargets(guild))).toBe('@Moderator: denied');
  });

  it('offers only guilds where the person has Manage Server and Manage Roles, as the service requires', () => {
    const managed = clientGuild({
      id: '2000', name: 'Managed', owner_id: '9', preferred_locale: 'en-US',
      roles: [
        { id: '2000', name: '@everyone', permissions: '0' },
        { id: '2001', name: 'Staff', permissions: String((1n << 5n) | (1n << 28n)) },
        { id: '2002', name: 'Server only', permissions: String(1n << 5n) },
        { id: '2003', name: 'Admin', permissions: String(1n << 3n) },
      ] as never,
      channels: [], threads: [],
      members: [
        { user: { id: '3', username: 'staff', global_name: null, discriminator: '0', avatar: null }, roles: ['2001'] },
        { user: { id: '4', username: 'half', global_name: null, discriminator: '0', avatar: null }, roles: ['2002'] },
        { user: { id: '5', username: 'admin', global_name: null, discriminator: '0', avatar: null }, roles: ['2003'] },
        { user: { id: '9', username: 'owner', global_name: null, discriminator: '0', avatar: null }, roles: [] },
      ],
    });
    expect(['3', '4', '5', '9', '6'].map((id) => mayEditCommandPermissions(managed, id))).toEqual([true, false, true, true, false]);
  });
});

describe('the id_token checks', () => {
  async function signer() {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] };
    const sign = (claims: Record<string, unknown>, key = privateKey) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'k1' }).sign(key);
    return { jwks, sign };
  }
  const now = Date.UTC(2026, 10, 21, 12);
  const claims = { iss: 'http://127.0.0.1:8484', aud: '5', sub: '7', iat: now / 1000, exp: now / 1000 + 3600, nonce: 'n-1' };
  const expected: IdTokenExpectations = { issuer: 'http://127.0.0.1:8484', audience: '5', nonce: 'n-1', now };

  it('passes a token signed by the JWKS key with the right issuer, audience and nonce', async () => {
    const { jwks, sign } = await signer();
    const report = await verifyIdToken(await sign(claims), jwks, expected);
    expect(report.valid).toBe(true);
    expect(report.header).toMatchObject({ alg: 'RS256', kid: 'k1' });
    expect(report.claims).toMatchObject(claims);
    expect(report.checks.map((check) => check.name)).toEqual(['signature', 'expiry', 'issuer', 'audience', 'nonce']);
  });

  it('names each failed part: another key, a wrong nonce, issuer or audience, an expired token', async () => {
    const { jwks, sign } = await signer();
    const other = await generateKeyPair('RS256');
    const failed = async (token: string, expectations: IdTokenExpectations = expected) =>
      (await verifyIdToken(token, jwks, expectations)).checks.filter((check) => !check.ok).map((check) => check.name);
    expect(await failed(await sign(claims, other.privateKey))).toEqual(['signature']);
    expect(await failed(await sign({ ...claims, nonce: 'n-2' }))).toEqual(['nonce']);
    expect(await failed(await sign(claims), { ...expected, nonce: null })).toEqual(['nonce']);
    expect(await failed(await sign({ ...claims, iss: 'http://elsewhere', aud: '6' }))).toEqual(['issuer', 'audience']);
    expect(await failed(await sign({ ...claims, exp: now / 1000 - 1 }))).toEqual(['expiry']);
    const garbage = await verifyIdToken('not.a.jwt', jwks, expected);
    expect(garbage).toMatchObject({ valid: false, header: null, checks: [{ name: 'signature', ok: false }] });
    expect((await verifyIdToken(await sign(claims), null, expected)).checks[0]).toMatchObject({ name: 'signature', ok: false });
  });
});
