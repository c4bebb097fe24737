/**
 * Credentials at rest and in logs. After every kind of credential has been made (world
 * tokens, bot tokens and client secrets from a world import, a person made through the
 * management API, minted client sessions, OAuth2 codes, access and refresh tokens), the
 * SQLite files on disk hold none of them, only their SHA-256 digests; and a registry that
 * logs everything (level trace), through authenticated requests, refusals of every kind and
 * a failing store, writes no credential to any log line.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/registry/http/log-redaction.js';
import { hashSecret, randomText } from '../../src/registry/store/secrets.js';
import { accessWorld, TOKEN_KINDS, type AccessWorld } from '../helpers/access-world.js';
import { CLIENT_SECRET, REDIRECT, form } from '../helpers/oauth.js';
import { injection } from '../helpers/route-answers.js';
import { ROUTE_CATALOGUE } from '../helpers/route-catalogue.js';
import { IDS, TOKENS } from '../helpers/test-registry.js';

/** Makes one credential of each kind the template does not already hold; answers them. */
async function moreCredentials(world: AccessWorld): Promise<string[]> {
  const made: string[] = [];
  const person = await world.inject({ method: 'POST', url: '/_slashbench/users', payload: { username: 'fresh' }, headers: { authorization: TOKENS.owner } });
  made.push(person.json<{ token: string }>().token);
  const imported = { user: 'imported-user-token-1234', bot: 'imported-bot-token-5678', secret: 'imported-client-secret-90' };
  const load = await world.inject({
    method: 'PUT', url: '/_slashbench/world', headers: { authorization: TOKENS.owner },
    payload: {
      users: [{ id: '900000000000000001', username: 'imported', token: imported.user }],
      applications: [{ id: '900000000000000002', name: 'Imported', bot_token: imported.bot, client_secret: imported.secret }],
      guilds: [],
    },
  });
  expect(load.statusCode).toBe(200);
  made.push(imported.user, imported.bot, imported.secret);
  const query = form({ response_type: 'code', client_id: IDS.app, scope: 'identify', state: 's', redirect_uri: REDIRECT });
  const consent = await world.inject({ method: 'POST', url: `/api/v10/oauth2/authorize?${query}`, payload: { authorize: true }, headers: { authorization: TOKENS.owner } });
  const code = new URL(consent.json<{ location: string }>().location).searchParams.get('code') ?? '';
  made.push(code);
  // A second code, exchanged: its access and refresh tokens are new too.
  const second = await world.inject({ method: 'POST', url: `/api/v10/oauth2/authorize?${query}`, payload: { authorize: true }, headers: { authorization: TOKENS.owner } });
  const exchanged = await world.inject({
    method: 'POST', url: '/api/v10/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form({
      grant_type: 'authorization_code', code: new URL(second.json<{ location: string }>().location).searchParams.get('code') ?? '',
      redirect_uri: REDIRECT, client_id: IDS.app, client_secret: CLIENT_SECRET,
    }),
  });
  const grant = exchanged.json<{ access_token: string; refresh_token: string }>();
  made.push(grant.access_token, grant.refresh_token);
  const minted = await world.inject({ method: 'POST', url: '/_host/session', payload: { user_id: IDS.member } });
  made.push(minted.json<{ token: string }>().token);
  for (const credential of made) expect(credential.length).toBeGreaterThan(8);
  return made;
}

describe('credentials at rest', () => {
  it('are stored only as digests: no token or secret appears anywhere in the database files', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'slashbench-secrets-'));
    try {
      const world = await accessWorld({ dataDirectory: directory });
      const credentials = [...world.credentials, ...await moreCredentials(world)];
      await world.close();
      const files = (await readdir(directory)).filter((name) => name.startsWith('slashbench.db'));
      const bytes = Buffer.concat(await Promise.all(files.map((name) => readFile(join(directory, name)))));
      expect(bytes.length).toBeGreaterThan(0);
      const found = credentials.filter((credential) => bytes.includes(Buffer.from(credential, 'utf8')));
      expect(found).toEqual([]);
      // The search looks where the credentials live: their digests are there.
      for (const credential of [TOKENS.bot, TOKENS.owner, CLIENT_SECRET]) expect(bytes.includes(Buffer.from(hashSecret(credential), 'utf8'))).toBe(true);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('credentials in logs', () => {
  it('never reach a log line, whatever is asked and however it fails', async () => {
    const lines: string[] = [];
    const world = await accessWorld({ logger: { level: 'trace', stream: { write: (line) => void lines.push(line) } } });
    const credentials = [...world.credentials, ...await moreCredentials(world)];
    // Every route with every kind of credential: allowed, refused, malformed.
    for (const [url, methods] of Object.entries(ROUTE_CATALOGUE)) {
      for (const [method, route] of Object.entries(methods)) {
        const request = await route.sample(world);
        for (const kind of TOKEN_KINDS) await world.inject(injection(method, url, request, world.tokens[kind]));
      }
    }
    // Tokens in paths and queries: an interaction's, its webhook's, an attachment's key.
    const live = await world.answeredInteraction();
    const file = await world.attachment();
    credentials.push(live.token, file.key);
    await world.inject({ method: 'GET', url: `/api/v10/webhooks/${IDS.app}/${live.token}/messages/@original` });
    await world.inject({ method: 'GET', url: `/attachments/${IDS.general}/${file.id}/${file.filename}?hm=${file.key}` });
    // And failures the registry logs: writes while the database refuses them.
    await world.refuseWrites(true);
    let failures = 0;
    for (const kind of TOKEN_KINDS) {
      const failed = await world.inject({
        method: 'POST', url: `/api/v10/applications/${IDS.app}/commands`, payload: { name: `failing${failures}`, description: 'Fails' },
        headers: world.tokens[kind] ? { authorization: world.tokens[kind] } : {},
      });
      if (failed.statusCode >= 500) failures += 1;
    }
    await world.inject({ method: 'POST', url: `/api/v10/interactions/${live.id}/${live.token}/callback`, payload: { type: 4, data: { content: 'x' } } });
    await world.refuseWrites(false);
    await world.close();
    // The allowed callers' writes failed and were logged.
    expect(failures).toBeGreaterThan(0);

    const log = lines.join('');
    expect(lines.some((line) => JSON.parse(line).level >= 50)).toBe(true);
    const leaked = credentials.filter((credential) => log.includes(credential));
    expect(leaked).toEqual([]);
  });

  it('censors the Authorization header and masks the tokens of a URL in anything logged about a request', async () => {
    const lines: string[] = [];
    const world = await accessWorld({ logger: { level: 'info', stream: { write: (line) => void lines.push(line) } } });
    const request = {
      method: 'POST', url: `/api/v10/webhooks/${IDS.app}/interaction-token-abc/messages/@original?hm=key-123`, ip: '127.0.0.1',
      headers: { authorization: `Bot ${TOKENS.bot}` },
    };
    world.app.log.info({ req: request, headers: request.headers }, 'a request');
    await world.close();
    const line = lines.find((entry) => entry.includes('a request')) ?? '';
    expect(JSON.parse(line)).toMatchObject({
      req: { method: 'POST', url: `/api/v10/webhooks/${IDS.app}/[redacted]/messages/@original?hm=[redacted]` },
      headers: { authorization: '[redacted]' },
    });
    expect(line).not.toContain(TOKENS.bot);
    expect(line).not.toContain('interaction-token-abc');
  });

  it('masks every credential a URL may carry', () => {
    expect(redactUrl('/api/v10/interactions/123/aW50:secret/callback?with_response=true')).toBe('/api/v10/interactions/123/[redacted]/callback?with_response=true');
    expect(redactUrl(`/api/v10/webhooks/${IDS.app}/tok`)).toBe(`/api/v10/webhooks/${IDS.app}/[redacted]`);
    expect(redactUrl('/attachments/1/2/a.txt?hm=abc&x=1')).toBe('/attachments/1/2/a.txt?hm=[redacted]&x=1');
    expect(redactUrl('/callback?code=abc&state=s')).toBe('/callback?code=[redacted]&state=s');
    expect(redactUrl(`/api/v10/applications/${IDS.app}/commands`)).toBe(`/api/v10/applications/${IDS.app}/commands`);
  });
});

describe('random text for interaction tokens', () => {
  it('hands out each random byte once, across refills of its pool, in base64url', () => {
    // 32 bytes each: 300 of them pass the 4 KiB pool twice.
    const texts = Array.from({ length: 300 }, () => randomText(32));
    expect(new Set(texts).size).toBe(texts.length);
    for (const text of texts) {
      expect(text).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(text, 'base64url')).toHaveLength(32);
    }
    // No two texts share a run of bytes, as they would if the pool were handed out twice before a refill.
    const halves = texts.flatMap((text) => [text.slice(0, 21), text.slice(21)]);
    expect(new Set(halves).size).toBe(halves.length);
    expect(Buffer.from(randomText(5000), 'base64url')).toHaveLength(5000);
  });
});
