/**
 * An Activity's `authorize()` and `authenticate()` as the client's store runs them against a
 * registry on a real port: the consent screen from the authorize API (no redirect_uri, so
 * the code is exchanged without one), the person's answer, the sample Activity's token server
 * (examples/activity/server.mjs) exchanging the code with the app's secret, and the token's grant read back for
 * `authenticate()`. Cancelling, and closing the Activity while the screen is open, fail the
 * waiting `authorize()` with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FrameHost } from '../../src/renderer/features/activities/frame-host.js';
import type { AppStore } from '../../src/renderer/store/create-app-store.js';
import { startTokenServer, type RunningServer } from '../../examples/activity/server.mjs';
import { readWorldFile } from '../../src/registry/start.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { EXAMPLE_WORLD } from '../helpers/registry-process.js';
import { registryStore, until } from './registry-store.js';

const ACTIVITY = (() => {
  const app = readWorldFile(EXAMPLE_WORLD).applications.find((entry) => entry.name === 'Example Activity');
  if (!app?.url_mappings?.some((mapping) => mapping.prefix === '/') || !app.client_secret) throw new Error('examples/world.json\'s Example Activity no longer maps the sample');
  return { ...app, client_secret: app.client_secret };
})();

/** What the sample's `authorize()` asks. */
const REQUEST = new URLSearchParams({ client_id: ACTIVITY.id, response_type: 'code', scope: 'identify guilds', state: '', prompt: 'none' });

let registry: ListeningRegistry;
/** The sample's token server, exchanging codes for Example Activity. */
let tokens: RunningServer;

beforeAll(async () => {
  registry = await builtRegistry({ clientDirectory: null });
  tokens = await startTokenServer({ port: 0, credentials: () => ({ clientId: ACTIVITY.id, clientSecret: ACTIVITY.client_secret, registry: registry.url }) });
});

afterAll(async () => {
  await tokens?.close();
  await registry?.close();
});

/** Alice's client with Example Activity open in #general, and its frame host. */
async function openActivity(): Promise<{ store: AppStore; host: FrameHost }> {
  const store = await registryStore(registry.url, EXAMPLE.alice.id);
  store.setState({
    activity: {
      instanceId: 'i-1', applicationId: ACTIVITY.id, applicationName: ACTIVITY.name, channelId: EXAMPLE.general, guildId: EXAMPLE.guild,
      url: 'http://127.0.0.1:5173/', proxied: false, proxyPort: null, frameId: 'f-1', participants: [EXAMPLE.alice.id], launchNonce: 'n-1',
      platform: 'desktop',
    },
  });
  const host = store.getState().activityFrameHost();
  if (!host) throw new Error('no host for the open Activity');
  return { store, host };
}

describe('an Activity\'s authorize() and authenticate() in the client', () => {
  it('asks through the consent screen, and the code the person gives is exchanged by the sample\'s server', async () => {
    const { store, host } = await openActivity();
    const pending = host.authorize(REQUEST);
    const { activityConsent } = await until(store, (state) => state.activityConsent !== null);
    // The code goes back to the Activity, not through a redirect: the screen names none.
    expect(activityConsent?.view).toMatchObject({ application: { id: ACTIVITY.id, name: 'Example Activity' }, scopes: ['identify', 'guilds'], redirectUri: null });
    await store.getState().answerActivityConsent(true, null);
    const outcome = await pending;
    if (!outcome.ok) throw new Error(outcome.message);
    expect(store.getState().activityConsent).toBeNull();
    const exchanged = await fetch(`http://127.0.0.1:${tokens.port}/api/token`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: outcome.code }),
    });
    const { access_token: accessToken } = (await exchanged.json()) as { access_token: string };
    expect(await host.tokenGrant(accessToken)).toMatchObject({
      ok: true, grant: { application: { id: ACTIVITY.id, name: 'Example Activity' }, scopes: ['identify', 'guilds'], user: { id: EXAMPLE.alice.id } },
    });
    expect(await host.tokenGrant('not-a-token')).toEqual({ ok: false, message: 'The registry does not take this access token: 401 0 401: Unauthorized' });
  });

  it('fails authorize() with the OAuth error when the person cancels, or the request is refused', async () => {
    const { store, host } = await openActivity();
    const pending = host.authorize(REQUEST);
    await until(store, (state) => state.activityConsent !== null);
    await store.getState().answerActivityConsent(false, null);
    expect(await pending).toEqual({ ok: false, message: 'access_denied: The resource owner or authorization server denied the request.' });
    const refused = await host.authorize(new URLSearchParams({ ...Object.fromEntries(REQUEST), scope: 'identify made.up' }));
    expect(refused).toEqual({ ok: false, message: 'The authorize request was refused: 400 invalid_scope: The requested scope "made.up" is invalid, unknown, or malformed.' });
  });

  it('fails a waiting authorize() when the Activity closes, and takes one at a time', async () => {
    const { store, host } = await openActivity();
    const pending = host.authorize(REQUEST);
    await until(store, (state) => state.activityConsent !== null);
    expect(await host.authorize(REQUEST)).toEqual({ ok: false, message: 'Another authorize() is waiting for the person\'s answer.' });
    store.getState().closeActivity();
    expect(await pending).toEqual({ ok: false, message: 'The person closed Example Activity.' });
    expect(store.getState().activityConsent).toBeNull();
  });
});
