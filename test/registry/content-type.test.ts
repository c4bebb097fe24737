/**
 * The header bot libraries compare byte for byte: every JSON answer says exactly
 * `Content-Type: application/json` (api-facts.md, Error body), read off a real socket. The
 * access matrix (test/reliability/auth-matrix.test.ts) checks it on every route with every
 * credential; this file covers the answers no route makes: the framework's refusals, an
 * unknown path, a rate limit, and the discovery, OAuth and interaction routes as bots call them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';

let registry: ListeningRegistry;

beforeAll(async () => {
  registry = await builtRegistry({ routeLimit: { limit: 2, windowMs: 60_000 } });
});

afterAll(() => registry.close());

const bot = { authorization: `Bot ${EXAMPLE.app.token}` };

async function typeOf(path: string, init: RequestInit = {}): Promise<[number, string | null]> {
  const response = await fetch(`${registry.url}${path}`, init);
  await response.arrayBuffer();
  return [response.status, response.headers.get('content-type')];
}

describe('Content-Type: application/json, with no parameter', () => {
  it('on answers, reads and discovery', async () => {
    expect(await typeOf('/api/v10/gateway')).toEqual([200, 'application/json']);
    expect(await typeOf('/api/v10/gateway/bot', { headers: bot })).toEqual([200, 'application/json']);
    expect(await typeOf('/api/v10/applications/@me', { headers: bot })).toEqual([200, 'application/json']);
    expect(await typeOf('/api/v10/users/@me', { headers: bot })).toEqual([200, 'application/json']);
    expect(await typeOf(`/api/v10/applications/${EXAMPLE.app.id}/commands`, { headers: bot })).toEqual([200, 'application/json']);
    expect(await typeOf('/.well-known/openid-configuration')).toEqual([200, 'application/json']);
    expect(await typeOf('/api/v10/oauth2/keys')).toEqual([200, 'application/json']);
  });

  it('on refusals: unknown path, wrong method, no token, bad JSON, too large, unknown interaction, OAuth', async () => {
    expect(await typeOf('/api/v10/nowhere')).toEqual([404, 'application/json']);
    expect(await typeOf('/api/v10/gateway', { method: 'DELETE' })).toEqual([405, 'application/json']);
    expect(await typeOf('/api/v10/users/@me')).toEqual([401, 'application/json']);
    const json = { ...bot, 'content-type': 'application/json' };
    const commands = `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`;
    expect(await typeOf(commands, { method: 'POST', headers: json, body: '{' })).toEqual([400, 'application/json']);
    expect(await typeOf(commands, { method: 'POST', headers: json, body: `"${'x'.repeat(4 * 1024 * 1024)}"` })).toEqual([413, 'application/json']);
    expect(await typeOf(`/api/v10/interactions/1/nope/callback`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":1}',
    })).toEqual([404, 'application/json']);
    expect(await typeOf('/api/v10/oauth2/token', {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code&code=x',
    })).toEqual([401, 'application/json']);
  });

  it('on a rate limit', async () => {
    const path = `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`;
    const answers = [];
    for (let count = 0; count < 3; count += 1) answers.push(await typeOf(path, { headers: bot }));
    expect(answers.at(-1)).toEqual([429, 'application/json']);
  });
});
