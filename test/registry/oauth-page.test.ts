import { describe, expect, it } from 'vitest';
import { authorizeQuery, basic, CLIENT_SECRET, form, oauthRegistry, REDIRECT, token } from '../helpers/oauth.js';
import { IDS, TOKENS, type TestRegistry } from '../helpers/test-registry.js';

const PAGE = '/oauth2/authorize';

function submit(registry: TestRegistry, query: string, fields: Record<string, string | undefined>) {
  return registry.app.inject({
    method: 'POST', url: `${PAGE}?${query}`, payload: form(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('the browser authorize page', () => {
  it('asks for the session token in a form that posts back with the same query, and cannot be framed or cached', async () => {
    const registry = await oauthRegistry();
    const query = authorizeQuery();
    const page = await registry.app.inject({ url: `${PAGE}?${query}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
      'x-frame-options': 'DENY',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    });
    expect(page.body).toContain('<h1>Test Bot wants access</h1>');
    expect(page.body).toContain(`action="${PAGE}?${query.replace(/&/g, '&#38;')}"`);
    expect(page.body).toContain('<input type="password" name="token"');
    expect(page.headers['set-cookie']).toBeUndefined();
  });

  it('escapes what the request carries', async () => {
    const registry = await oauthRegistry();
    const page = await registry.app.inject({ url: `${PAGE}?${authorizeQuery({ state: '"><script>alert(1)</script>' })}` });
    expect(page.body).not.toContain('<script>');
  });

  it('shows an error page for requests it must not redirect, and redirects the others with error=', async () => {
    const registry = await oauthRegistry();
    const unknown = await registry.app.inject({ url: `${PAGE}?${authorizeQuery({ redirect_uri: 'https://evil.example/' })}` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.headers.location).toBeUndefined();
    expect(unknown.body).toContain('<code>invalid_request</code>: Invalid &#34;redirect_uri&#34; in request.');
    const badScope = await registry.app.inject({ url: `${PAGE}?${authorizeQuery({ scope: 'nope' })}` });
    expect(badScope.statusCode).toBe(303);
    expect(new URL(badScope.headers.location as string).searchParams.get('error')).toBe('invalid_scope');
  });

  it('refuses a wrong token, then shows the consent step for a right one', async () => {
    const registry = await oauthRegistry();
    const query = authorizeQuery({ scope: 'bot identify', guild_id: IDS.emptyGuild });
    const wrong = await submit(registry, query, { token: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('That session token is not valid.');
    const botToken = await submit(registry, query, { token: TOKENS.bot });
    expect(botToken.statusCode).toBe(401);
    const consent = await submit(registry, query, { token: TOKENS.owner });
    expect(consent.statusCode).toBe(200);
    expect(consent.body).toContain('Signed in as <strong>owner</strong>');
    expect(consent.body).toContain(`<option value="${IDS.emptyGuild}" selected>Empty</option>`);
    expect(consent.body).toContain('name="decision" value="authorize"');
  });

  it('redirects with a code the client can exchange, or with access_denied', async () => {
    const registry = await oauthRegistry();
    const query = authorizeQuery({ scope: 'bot identify' });
    const authorized = await submit(registry, query, { token: TOKENS.owner, guild_id: IDS.emptyGuild, decision: 'authorize' });
    expect(authorized.statusCode).toBe(303);
    const location = new URL(authorized.headers.location as string);
    expect(location.searchParams.get('state')).toBe('state-1');
    expect(await registry.store.world.isInstalled(IDS.emptyGuild, IDS.app)).toBe(true);
    const exchanged = await token(registry, {
      grant_type: 'authorization_code', code: location.searchParams.get('code') ?? '', redirect_uri: REDIRECT,
    }, { authorization: basic(IDS.app, CLIENT_SECRET) });
    expect(exchanged.json().scope).toBe('bot identify applications.commands');
    const cancelled = await submit(registry, query, { token: TOKENS.owner, decision: 'cancel' });
    expect(new URL(cancelled.headers.location as string).searchParams.get('error')).toBe('access_denied');
  });

  it('shows why an install failed on the consent step', async () => {
    const registry = await oauthRegistry();
    const answer = await submit(registry, authorizeQuery({ scope: 'bot' }), { token: TOKENS.member, guild_id: IDS.emptyGuild, decision: 'authorize' });
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('Missing Permissions');
    expect(await registry.store.world.isInstalled(IDS.emptyGuild, IDS.app)).toBe(false);
  });
});
