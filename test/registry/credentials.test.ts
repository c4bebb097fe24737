/**
 * Tokens the registry can always give back: the keychain file beside the database (0600,
 * the plaintext of every token it minted or was given, only digests in the database), the
 * management routes that show and reset an app's bot token, client secret and key pair and
 * a person's token, and the app settings edit with its 50035 refusals. A reset token stops
 * working at once, and the bot's gateway sessions close with 4004.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/registry/app.js';
import { KEYCHAIN_FILE_NAME } from '../../src/registry/store/keychain.js';
import { keychainlessStore, testStore } from '../helpers/test-store.js';
import { gatewayRegistry } from '../helpers/gateway-registry.js';
import { IDS, TOKENS, testRegistry, type TestRegistry } from '../helpers/test-registry.js';

interface Credentials {
  id: string;
  bot_token: string | null;
  client_secret: string | null;
  has_client_secret: boolean;
  public_key: string;
}

let directory: string;
let registry: TestRegistry;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'slashbench-credentials-'));
  registry = await testRegistry({ dataDirectory: directory });
});

afterEach(async () => {
  await registry.app.close();
  await registry.store.close();
  await rm(directory, { recursive: true, force: true });
});

const manage = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token: string = TOKENS.owner) =>
  registry.app.inject({ method, url: `/_slashbench${url}`, headers: { authorization: token }, ...(payload === undefined ? {} : { payload }) });
const currentApplication = (token: string) => registry.bot({ method: 'GET', url: '/api/v10/applications/@me' }, token);
const keychain = async () => JSON.parse(await readFile(join(directory, KEYCHAIN_FILE_NAME), 'utf8')) as {
  applications: Record<string, { bot_token?: string; client_secret?: string }>;
  users: Record<string, { token?: string }>;
};

describe('the keychain file', () => {
  it('holds the plaintext of every token the world gave, readable by its owner only', async () => {
    if (process.platform !== 'win32') expect((await stat(join(directory, KEYCHAIN_FILE_NAME))).mode & 0o777).toBe(0o600);
    const kept = await keychain();
    expect(kept.applications[IDS.app]).toEqual({ bot_token: TOKENS.bot });
    expect(kept.users[IDS.owner]).toEqual({ token: TOKENS.owner });
    expect(kept.users[IDS.member]).toEqual({ token: TOKENS.member });
  });

  it('keeps a token the registry made, and shows it after a restart on the same data directory', async () => {
    const created = await manage('POST', '/users', { username: 'newcomer' });
    expect(created.statusCode).toBe(201);
    const { id, token } = created.json<{ id: string; token: string }>();
    const reset = (await manage('POST', `/applications/${IDS.app}/secret`)).json<Credentials>();
    await registry.app.close();
    await registry.store.close();

    const store = await testStore(directory);
    const reopened = buildApp({ store, clientDirectory: null });
    try {
      const shown = await reopened.inject({ method: 'GET', url: `/_slashbench/applications/${IDS.app}/credentials`, headers: { authorization: token } });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({ ...reset, bot_token: TOKENS.bot });
      expect(await store.credentials.userToken(id)).toBe(token);
    } finally {
      await reopened.close();
      await store.close();
    }
    // The registry above was closed already; the afterEach closes a fresh one.
    registry = await testRegistry({ dataDirectory: directory });
  });

  it('forgets a deleted person', async () => {
    const created = (await manage('POST', '/users', { username: 'leaving' })).json<{ id: string }>();
    expect((await keychain()).users[created.id]).toBeDefined();
    expect((await manage('POST', `/users/${created.id}/token`)).statusCode).toBe(200);
    expect((await registry.app.inject({ method: 'DELETE', url: `/_slashbench/users/${created.id}`, headers: { authorization: TOKENS.owner } })).statusCode).toBe(204);
    expect((await keychain()).users[created.id]).toBeUndefined();
  });

  it('shows no token whose digest no longer matches (changed by a process that kept no keychain)', async () => {
    expect(await registry.store.credentials.userToken(IDS.member)).toBe(TOKENS.member);
    // A second connection with an in-memory keychain, as an older registry on the same data directory.
    const other = await keychainlessStore(directory);
    await other.transaction(async () => await other.credentials.resetUserToken(IDS.member));
    await other.close();
    expect((await keychain()).users[IDS.member]).toEqual({ token: TOKENS.member });
    expect(await registry.store.credentials.userToken(IDS.member)).toBeNull();
  });
});

describe('showing and resetting an app\'s credentials', () => {
  it('shows the bot token, client secret and public key to a person, never to a bot', async () => {
    const shown = await manage('GET', `/applications/${IDS.app}/credentials`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/json');
    const { verify_key: verifyKey } = (await currentApplication(TOKENS.bot)).json<{ verify_key: string }>();
    expect(shown.json()).toEqual({ id: IDS.app, bot_token: TOKENS.bot, client_secret: null, has_client_secret: false, public_key: verifyKey });
    expect((await manage('GET', `/applications/${IDS.app}/credentials`, undefined, `Bot ${TOKENS.bot}`)).statusCode).toBe(403);
    expect((await manage('GET', `/applications/${IDS.app}/credentials`, undefined, 'nobody')).statusCode).toBe(401);
    expect((await manage('GET', '/applications/999/credentials')).json()).toEqual({ message: 'Unknown Application', code: 10002 });
  });

  it('a new bot token works at once and the old one answers 401', async () => {
    const reset = await manage('POST', `/applications/${IDS.app}/token`);
    expect(reset.statusCode).toBe(200);
    const { bot_token: token } = reset.json<Credentials>();
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await currentApplication(TOKENS.bot)).statusCode).toBe(401);
    expect((await currentApplication(token as string)).json()).toMatchObject({ id: IDS.app });
    expect((await keychain()).applications[IDS.app]?.bot_token).toBe(token);
    expect((await manage('GET', `/applications/${IDS.app}/credentials`)).json<Credentials>().bot_token).toBe(token);
  });

  it('a new client secret is what the token endpoint takes', async () => {
    const { client_secret: secret } = (await manage('POST', `/applications/${IDS.app}/secret`)).json<Credentials>();
    const grant = (clientSecret: string) => registry.app.inject({
      method: 'POST', url: '/api/v10/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'client_credentials', scope: 'identify', client_id: IDS.app, client_secret: clientSecret }).toString(),
    });
    expect((await grant(secret as string)).statusCode).toBe(200);
    expect((await grant('not-the-secret')).statusCode).toBe(401);
  });

  it('a new key pair becomes the app\'s verify_key', async () => {
    const before = (await currentApplication(TOKENS.bot)).json<{ verify_key: string }>().verify_key;
    const { public_key: publicKey } = (await manage('POST', `/applications/${IDS.app}/key`)).json<Credentials>();
    expect(publicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(publicKey).not.toBe(before);
    expect((await currentApplication(TOKENS.bot)).json<{ verify_key: string }>().verify_key).toBe(publicKey);
  });

  it('a person\'s new token works and the old one answers 401', async () => {
    const reset = await manage('POST', `/users/${IDS.member}/token`);
    expect(reset.statusCode).toBe(200);
    const { token } = reset.json<{ id: string; token: string }>();
    expect((await manage('GET', `/users/${IDS.member}/token`)).json()).toEqual({ id: IDS.member, token });
    const me = (authorization: string) => registry.app.inject({ method: 'GET', url: '/api/v10/users/@me', headers: { authorization } });
    expect((await me(TOKENS.member)).statusCode).toBe(401);
    expect((await me(token)).json()).toMatchObject({ id: IDS.member });
    // A bot user is not a person: its token is the app's.
    expect((await manage('POST', `/users/${IDS.app}/token`)).statusCode).toBe(403);
  });
});

describe('a reset bot token and the gateway', () => {
  it('closes the bot\'s sessions with 4004, and the new token identifies', async () => {
    const gateway = await gatewayRegistry();
    try {
      const { client } = await gateway.login(TOKENS.bot);
      const reset = await fetch(`${gateway.url}/_slashbench/applications/${IDS.app}/token`, { method: 'POST', headers: { authorization: TOKENS.owner } });
      const { bot_token: token } = (await reset.json()) as Credentials;
      expect(await client.closed).toMatchObject({ code: 4004 });
      const again = await gateway.login(token as string);
      expect(again.ready).toMatchObject({ application: { id: IDS.app } });
    } finally {
      await gateway.close();
    }
  });
});

describe('editing an app', () => {
  it('changes its name, URLs, flags and redirect URIs, and the bot user is renamed', async () => {
    const body = {
      name: 'Renamed Bot', flags: 1 << 17, interactions_endpoint_url: 'https://bot.example/interactions',
      activity_url: 'http://127.0.0.1:5173/', redirect_uris: ['http://127.0.0.1:3000/callback', 'myapp://oauth'],
    };
    const edited = await manage('PATCH', `/applications/${IDS.app}`, body);
    expect(edited.statusCode).toBe(200);
    expect(edited.headers['content-type']).toBe('application/json');
    expect(edited.json()).toEqual({ id: IDS.app, owner_id: IDS.owner, url_mappings: [], ...body });
    expect(await registry.store.world.application(IDS.app)).toMatchObject(body);
    expect((await registry.store.world.user(IDS.app))?.username).toBe('Renamed Bot');
    // EMBEDDED gives it the default entry point, as the service does.
    expect((await registry.store.commands.list(IDS.app, null)).some((command) => command.definition.type === 4)).toBe(true);
    // An unchanged token: the edit never touches credentials.
    expect((await currentApplication(TOKENS.bot)).json()).toMatchObject({ name: 'Renamed Bot' });
    // An Activity the registry serves itself is named by its path.
    const path = await manage('PATCH', `/applications/${IDS.app}`, { activity_url: `/activities/${IDS.app}/` });
    expect(path.json()).toMatchObject({ activity_url: `/activities/${IDS.app}/` });
    const cleared = await manage('PATCH', `/applications/${IDS.app}`, { interactions_endpoint_url: null, activity_url: null });
    expect(cleared.json()).toMatchObject({ interactions_endpoint_url: null, activity_url: null, name: 'Renamed Bot' });
  });

  it('refuses bad fields with one 50035 naming each, and changes nothing', async () => {
    const refused = await manage('PATCH', `/applications/${IDS.app}`, {
      name: '', flags: -1, interactions_endpoint_url: 'ftp://bot.example/', activity_url: 'not a url', redirect_uris: ['nope'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Invalid Form Body',
      code: 50035,
      errors: {
        name: { _errors: [{ code: 'BASE_TYPE_MIN_LENGTH', message: 'Must be 1 or more in length.' }] },
        flags: { _errors: [expect.objectContaining({ code: 'NUMBER_TYPE_MIN' })] },
        interactions_endpoint_url: {
          _errors: [{ code: 'URL_TYPE_INVALID_PROTOCOL', message: 'Scheme "ftp" is not supported. Scheme must be one of (\'http\', \'https\').' }],
        },
        activity_url: { _errors: [{ code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' }] },
        redirect_uris: { 0: { _errors: [{ code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' }] } },
      },
    });
    expect((await registry.store.world.application(IDS.app))?.name).toBe('Test Bot');
    const notObject = await manage('PATCH', `/applications/${IDS.app}`, [1]);
    expect(notObject.json()).toMatchObject({ code: 50035 });
    expect((await manage('PATCH', `/applications/${IDS.app}`, { name: 'x' }, `Bot ${TOKENS.bot}`)).statusCode).toBe(403);
  });

  it('stores its URL mappings in order, answers them in the world read, and clears them with []', async () => {
    const url_mappings = [{ prefix: '/api', target: '127.0.0.1:3001' }, { prefix: '/', target: '127.0.0.1:5173' }];
    const edited = await manage('PATCH', `/applications/${IDS.app}`, { url_mappings });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: IDS.app, name: 'Test Bot', url_mappings });
    expect((await registry.store.world.application(IDS.app))?.url_mappings).toEqual(url_mappings);
    const world = (await manage('GET', '/world')).json() as { applications: Array<{ id: string; url_mappings?: unknown }> };
    expect(world.applications.find((app) => app.id === IDS.app)?.url_mappings).toEqual(url_mappings);
    // An edit of another field keeps them.
    expect((await manage('PATCH', `/applications/${IDS.app}`, { name: 'Mapped Bot' })).json()).toMatchObject({ name: 'Mapped Bot', url_mappings });
    expect((await manage('PATCH', `/applications/${IDS.app}`, { url_mappings: [] })).json()).toMatchObject({ url_mappings: [] });
    expect((await registry.store.world.application(IDS.app))?.url_mappings).toEqual([]);
  });

  it('refuses a bad mapping by its place in the list, in the 50035 tree, and keeps the old ones', async () => {
    const kept = [{ prefix: '/', target: '127.0.0.1:5173' }];
    await manage('PATCH', `/applications/${IDS.app}`, { url_mappings: kept });
    const refused = await manage('PATCH', `/applications/${IDS.app}`, {
      url_mappings: [{ prefix: '/api', target: 'ftp://files.example' }, { prefix: '/api', target: 'api.example' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Invalid Form Body',
      code: 50035,
      errors: {
        url_mappings: {
          0: { target: { _errors: [{ code: 'URL_MAPPING_TARGET_INVALID', message: 'The proxy reaches http, https, ws and wss targets, not ftp.' }] } },
          1: { prefix: { _errors: [{ code: 'URL_MAPPING_PREFIX_DUPLICATE', message: 'The prefix /api is mapped twice.' }] } },
        },
      },
    });
    expect((await registry.store.world.application(IDS.app))?.url_mappings).toEqual(kept);
  });
});
