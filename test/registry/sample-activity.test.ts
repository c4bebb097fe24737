/**
 * The sample Activity the registry serves at `/_activities/demo/<app id>/` for an
 * app pointing at it: its page (with its own CSP, and the CORS headers an opaque frame's
 * module scripts need), its assets, and its server side, which exchanges a code from
 * `authorize()` at the registry's token endpoint with the app's secret and answers the access
 * token, as the server of Discord's Activity guide does.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleActivityPath } from '../../src/shared/activity-url.js';
import { authorizeApi, codeFor, form } from '../helpers/oauth.js';
import { IDS, testRegistry, type TestRegistry } from '../helpers/test-registry.js';

const SECRET = 'sample-activity-secret';
const PAGE = sampleActivityPath(IDS.activityApp);
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'slashbench-sample-activity-'));
  await mkdir(join(directory, 'assets'));
  await writeFile(join(directory, 'index.html'), '<!doctype html><title>Demo Activity</title><script type="module" src="./assets/main-1a2b.js"></script>');
  await writeFile(join(directory, 'assets', 'main-1a2b.js'), 'console.log("sample");');
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** The fixture registry with its Activity app pointing at the sample, a confidential client with a placeholder redirect. */
async function sampleRegistry(secret: string | null = SECRET, sampleActivityDirectory = directory): Promise<TestRegistry> {
  const registry = await testRegistry({ app: { sampleActivityDirectory } });
  const app = await registry.store.world.application(IDS.activityApp);
  if (!app) throw new Error('the fixture world lost its Activity app');
  await registry.store.world.putApplication({ ...app, activity_url: PAGE, redirect_uris: ['http://127.0.0.1/callback'] }, null, secret);
  return registry;
}

/** A code for the Activity app as its `authorize()` asks: no redirect_uri. */
function activityCode(registry: TestRegistry): Promise<string> {
  return codeFor(registry, form({ client_id: IDS.activityApp, response_type: 'code', scope: 'identify guilds', state: '', prompt: 'none' }));
}

function exchange(registry: TestRegistry, body: unknown, path = `${PAGE}api/token`) {
  return registry.app.inject({ method: 'POST', url: path, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', origin: 'null' } });
}

describe('the sample Activity\'s page', () => {
  it('is served for an app whose activity_url is its path, with its own policy and the CORS an opaque frame needs', async () => {
    const registry = await sampleRegistry();
    const page = await registry.app.inject({ url: PAGE, headers: { origin: 'null' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<title>Demo Activity</title>');
    const script = await registry.app.inject({ url: `${PAGE}assets/main-1a2b.js`, headers: { origin: 'null' } });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['access-control-allow-origin']).toBe('*');
  });

  it('is the service\'s 404 for any other app, an unknown one, or a file that is not an asset', async () => {
    const registry = await sampleRegistry();
    for (const url of [sampleActivityPath(IDS.app), sampleActivityPath('999999999999999999'), '/_activities/demo/abc/', `${PAGE}assets/..%2Findex.html`, `${PAGE}assets/missing.js`]) {
      const answer = await registry.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ message: '404: Not Found', code: 0 });
    }
  });

  it('says how to build it when it is not built', async () => {
    const registry = await sampleRegistry(SECRET, join(directory, 'nowhere'));
    const page = await registry.app.inject({ url: PAGE });
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('npm run build:activity');
  });
});

describe('the sample Activity\'s server', () => {
  it('exchanges the code from authorize() for an access token as a confidential client, with no redirect_uri', async () => {
    const registry = await sampleRegistry();
    const consent = await authorizeApi(registry, 'GET', form({ client_id: IDS.activityApp, response_type: 'code', scope: 'identify', state: '' }));
    expect(consent.json().redirect_uri).toBe('http://127.0.0.1/callback');
    const answer = await exchange(registry, { code: await activityCode(registry) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toBe('application/json');
    const { access_token: accessToken } = answer.json<{ access_token: string }>();
    expect(Object.keys(answer.json())).toEqual(['access_token']);
    const grant = await registry.app.inject({ url: '/api/v10/oauth2/@me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(grant.json()).toMatchObject({ application: { id: IDS.activityApp }, scopes: ['identify', 'guilds'], user: { id: IDS.owner } });
  });

  it('answers a preflight from the opaque frame, and passes the token endpoint\'s refusal on', async () => {
    const registry = await sampleRegistry();
    const preflight = await registry.app.inject({
      method: 'OPTIONS', url: `${PAGE}api/token`, headers: { origin: 'null', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('content-type');
    const code = await activityCode(registry);
    expect((await exchange(registry, { code })).statusCode).toBe(200);
    const again = await exchange(registry, { code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
    expect((await exchange(registry, { nothing: true })).json()).toEqual({ error: 'invalid_request', error_description: 'Send {"code": "<the code authorize() answered>"}.' });
  });

  it('says what to do when the app has no secret it can use', async () => {
    const registry = await sampleRegistry(null);
    const answer = await exchange(registry, { code: 'whatever' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json().error).toBe('server_error');
    expect(answer.json().error_description).toBe('Activity App has no client secret: this sample\'s server exchanges codes as a confidential client. Give it one: npm run tokens -- --reset-secret "Activity App".');
  });

  it('serves no other app\'s codes', async () => {
    const registry = await sampleRegistry();
    const answer = await exchange(registry, { code: 'x' }, `${sampleActivityPath(IDS.app)}api/token`);
    expect(answer.statusCode).toBe(404);
  });
});
