/**
 * The sample Activity's server (examples/activity/server.mjs), against a registry on a real
 * port: the token server exchanges a code from `authorize()` at the registry's token endpoint
 * with the app's secret and answers the access token alone, as the server of Discord's
 * Activity guide does, passing a refusal on as it came; the quotes API answers a quote.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQuotesServer, startTokenServer, type RunningServer } from '../../examples/activity/server.mjs';
import { readWorldFile } from '../../src/registry/start.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { EXAMPLE_WORLD } from '../helpers/registry-process.js';

const ACTIVITY = (() => {
  const app = readWorldFile(EXAMPLE_WORLD).applications.find((entry) => entry.name === 'Example Activity');
  if (!app?.client_secret) throw new Error('examples/world.json has no Example Activity with a secret');
  return { id: app.id, secret: app.client_secret };
})();

let registry: ListeningRegistry;
let tokens: RunningServer;
let quotes: RunningServer;
/** The secret the token server exchanges with; a test changes it. */
let secret = ACTIVITY.secret;

beforeAll(async () => {
  registry = await builtRegistry({ clientDirectory: null });
  tokens = await startTokenServer({ port: 0, credentials: () => ({ clientId: ACTIVITY.id, clientSecret: secret, registry: registry.url }) });
  quotes = await startQuotesServer({ port: 0 });
});

afterAll(async () => {
  await Promise.all([tokens?.close(), quotes?.close()]);
  await registry?.close();
});

/** A code for Alice, as the app's `authorize()` asks for one: no redirect_uri. */
async function activityCode(): Promise<string> {
  const query = new URLSearchParams({ client_id: ACTIVITY.id, response_type: 'code', scope: 'identify guilds', state: '', prompt: 'none' });
  const consent = await fetch(`${registry.url}/api/v10/oauth2/authorize?${query}`, {
    method: 'POST', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' }, body: JSON.stringify({ authorize: true }),
  });
  const { location } = await consent.json() as { location: string };
  return new URL(location).searchParams.get('code') ?? '';
}

function exchange(body: unknown): Promise<Response> {
  return fetch(`http://127.0.0.1:${tokens.port}/api/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('the sample Activity\'s token server', () => {
  it('exchanges the code from authorize() for an access token as a confidential client, and answers the token alone', async () => {
    const answer = await exchange({ code: await activityCode() });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = await answer.json() as { access_token: string };
    expect(Object.keys(body)).toEqual(['access_token']);
    const grant = await fetch(`${registry.url}/api/v10/oauth2/@me`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(await grant.json()).toMatchObject({ application: { id: ACTIVITY.id }, scopes: ['identify', 'guilds'], user: { id: EXAMPLE.alice.id } });
  });

  it('passes the token endpoint\'s refusal on, and says what to send without a code', async () => {
    const code = await activityCode();
    expect((await exchange({ code })).status).toBe(200);
    const again = await exchange({ code });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    const nothing = await exchange({ nothing: true });
    expect(nothing.status).toBe(400);
    expect(await nothing.json()).toEqual({ error: 'invalid_request', error_description: 'Send {"code": "<the code authorize() answered>"}.' });
  });

  it('passes a wrong secret\'s refusal on', async () => {
    secret = 'not-the-secret';
    try {
      const answer = await exchange({ code: await activityCode() });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error: 'invalid_client' });
    } finally {
      secret = ACTIVITY.secret;
    }
  });

  it('answers nothing but POST /api/token', async () => {
    expect((await fetch(`http://127.0.0.1:${tokens.port}/api/token`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${tokens.port}/token`, { method: 'POST' })).status).toBe(404);
  });
});

describe('the sample\'s quotes API', () => {
  it('answers GET /today with a quote, and nothing else', async () => {
    const today = await fetch(`http://127.0.0.1:${quotes.port}/today`);
    expect(today.status).toBe(200);
    expect(await today.json()).toEqual({ text: expect.stringMatching(/\w+/) });
    expect((await fetch(`http://127.0.0.1:${quotes.port}/yesterday`)).status).toBe(404);
  });
});
