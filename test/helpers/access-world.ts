/**
 * One registry for the reliability suites (route fuzz, access matrix): the route tests'
 * fixture world with both OAuth clients confidential, a message to read, app-level command
 * overwrites, a fake gateway that takes every interaction (so interaction and webhook
 * tokens can be made on demand), a built client in a temporary directory, and an endpoint
 * HTTP client that refuses everything (a fuzzed URL must never leave the machine).
 *
 * It also keeps what the suites check against: every route the running app registered
 * (heard through `onRoute`, so a new route shows up without anyone listing it), a credential
 * of every kind the service knows, each obtained the way a real caller obtains it, and a
 * digest of every table of the store, to prove a refusal changed nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { buildApp } from '../../src/registry/app.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { AdjustableClock } from '../../src/registry/driver/adjustable-clock.js';
import { EventBus, type ClientEvent } from '../../src/registry/events.js';
import { wrongMethodRoutes } from '../../src/registry/http/resource.js';
import type { StoredCommand } from '../../src/registry/store/records.js';
import { Keychain } from '../../src/registry/store/keychain.js';
import { Store } from '../../src/registry/store/store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import type { WorldFile } from '../../src/shared/world-file.js';
import { worldDatabase, type StoreMark } from './access-database.js';
import { FakeGateway } from './interaction-harness.js';
import { CLIENT_SECRET, REDIRECT, form } from './oauth.js';
import { IDS, TOKENS, fixtureWorld, slash } from './test-registry.js';

/** Where this run's worlds keep their data (access-database.ts). */
const DATABASE = worldDatabase();

export const ACCESS_IDS = {
  message: '700000000000000001',
  /** Ids the samples create things under (roles, channels, people), never in the fixture. */
  spare: () => String(800000000000000000n + BigInt(++spareCount)),
} as const;
let spareCount = 0;

/** The activity app's client secret: another confidential client, for "another app's" Bearer tokens. */
export const OTHER_CLIENT_SECRET = 'activity-app-client-secret';

/** A route as the app registered it: one method of one URL; `wrongMethod` for the 405 answer. */
export interface RegisteredRoute {
  method: string;
  url: string;
  wrongMethod: boolean;
  /** The route's own body limit, when it sets one. */
  bodyLimit: number | undefined;
}

/** Every kind of Authorization header the service must tell apart, as the matrix names them. */
export const TOKEN_KINDS = [
  'none', 'bare Bot', 'bare Bearer', 'Basic', 'oversized', 'unknown Bot', 'unknown Bearer', 'unknown session',
  "other app's bot", 'bot', 'client credentials', 'client credentials without scope', "other app's client credentials",
  'user Bearer identify', 'user Bearer openid', 'user Bearer guilds', 'user Bearer commands.update',
  'user Bearer permissions.update', 'user Bearer permissions.update (cannot manage roles)', 'session', 'minted session',
] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

export interface AccessWorld {
  app: FastifyInstance;
  store: Store;
  gateway: FakeGateway;
  routes: RegisteredRoute[];
  /** The Authorization header of each kind (undefined: none). */
  tokens: Record<TokenKind, string | undefined>;
  /** Every raw credential the world holds, for the secrets checks. */
  credentials: string[];
  /** The store's state now, to compare with after a request. */
  mark(): Promise<StoreMark>;
  /** Whether every row of every table is as it was at `mark`. */
  unchangedSince(mark: StoreMark): Promise<boolean>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Makes every write fail (SQLite's `query_only`), or work again: a store that fails under the app. */
  refuseWrites(refuse: boolean): Promise<void>;
  /** A new global and a new guild command of the fixture app. */
  command(inGuild: boolean): Promise<Record<string, unknown>>;
  /** A new interaction delivered to the fake gateway: its id and token. */
  interaction(): Promise<{ id: string; token: string }>;
  /** A new interaction already answered with a message, so its webhook works. */
  answeredInteraction(): Promise<{ id: string; token: string }>;
  /** A file the owner uploaded to #general. */
  attachment(): Promise<{ id: string; filename: string; key: string }>;
  /** The Activity the owner is in (the activity app's `Launch` in #general): its instance id. */
  activityInstance(): Promise<string>;
  close(): Promise<void>;
}

function extraWorld(): WorldFile {
  return {
    users: [], applications: [], guilds: [], channels: [],
    messages: [{ id: ACCESS_IDS.message, channel_id: IDS.general, author_id: IDS.owner, content: 'hello' }],
  } as unknown as WorldFile;
}

export type { StoreMark } from './access-database.js';

/** How a world is built: a data directory to use (a fresh temporary one by default) and a logger. */
export interface WorldOptions {
  dataDirectory?: string;
  logger?: { stream: { write(line: string): void }; level: string };
}

/** The setup every world starts from, made once per test file: a database file and the credentials in it. */
interface Template {
  /** The template database: a file to copy (SQLite) or a database to copy (PostgreSQL). */
  file: string;
  tokens: Record<TokenKind, string | undefined>;
  credentials: string[];
  commands: { global: string; guild: string };
}

const TEMPLATE_TIME = Date.UTC(2026, 10, 21, 12);
let template: Promise<Template> | undefined;

/**
 * A fresh world: a copy of the template's database in its own directory and a new app over
 * it. Copying a file is what makes a world per test affordable: the template's OAuth flows
 * (an RSA key, a dozen grants) run once.
 */
export async function accessWorld(options: WorldOptions = {}): Promise<AccessWorld> {
  const base = await (template ??= buildTemplate());
  const directory = options.dataDirectory ?? await mkdtemp(join(tmpdir(), 'slashbench-access-'));
  await mkdir(directory, { recursive: true });
  const database = await DATABASE.copy(base.file, directory);
  // A minute after the template, so new snowflakes never meet the template's.
  const running = await openWorld(database, directory, TEMPLATE_TIME + 60_000, options);
  return {
    ...running, tokens: base.tokens, credentials: base.credentials,
    async close() {
      await running.close();
      if (options.dataDirectory === undefined) await rm(directory, { recursive: true, force: true });
    },
    ...worldActions(running, base.commands),
  };
}

type WorldAction = 'command' | 'interaction' | 'answeredInteraction' | 'attachment' | 'activityInstance';
type RunningWorld = Omit<AccessWorld, 'tokens' | 'credentials' | WorldAction> & {
  nextId: () => string;
  bus: EventBus;
};

/** The registry over `database`, with the fake gateway, a built client (in `directory`) and a refusing endpoint client. */
async function openWorld(database: string, directory: string, startTime: number, options: WorldOptions): Promise<RunningWorld> {
  const clock = { now: startTime };
  const now = () => clock.now;
  const nextId = createSnowflakeGenerator(now);
  const sql = await DATABASE.open(database);
  // The database copy carries only the secrets' digests; the keychain holds what the template was given.
  const keychain = new Keychain(null);
  for (const [applicationId, value] of [[IDS.app, CLIENT_SECRET], [IDS.activityApp, OTHER_CLIENT_SECRET]] as const) keychain.remember({ kind: 'client_secret', applicationId, value });
  const store = new Store(sql, keychain);
  const clientDirectory = join(directory, 'client');
  await mkdir(join(clientDirectory, 'assets'), { recursive: true });
  await writeFile(join(clientDirectory, 'index.html'), '<!doctype html><title>Slashbench</title>');
  await writeFile(join(clientDirectory, 'assets', 'app.js'), 'export {};');

  const routes: RegisteredRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push({ method, url: route.url, wrongMethod: false, bodyLimit: route.bodyLimit });
  };
  const gateway = new FakeGateway();
  const bus = new EventBus();
  const refuseEverything = (async () => new Response('not here', { status: 404 })) as typeof fetch;
  const app = buildApp({
    // The stand-in build serves as the sample Activity's too; a clock the driver's route may move (from the fixed time).
    store, bus, clock: new AdjustableClock(now), nextId, gateway, clientDirectory, onRoute, fetch: refuseEverything,
    routeLimit: { limit: 1_000_000_000, windowMs: 1000 },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  await app.ready();
  // The 405s: whether or not one is a route of the app's own (resource.ts).
  const wrong = wrongMethodRoutes(app);
  const isWrong = (route: { method: string; url: string }) => wrong.some((pair) => pair.method === route.method && pair.url === route.url);
  routes.splice(0, routes.length, ...routes.filter((route) => !isWrong(route)), ...wrong.map(({ method, url }) => ({ method, url, wrongMethod: true, bodyLimit: undefined })));
  return {
    app, store, gateway, routes, nextId, bus,
    inject: (request) => app.inject(request),
    refuseWrites: (refuse) => DATABASE.refuseWrites(sql, refuse),
    ...DATABASE.marks(sql),
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/** The world's sample makers, over the template's commands. */
function worldActions(world: RunningWorld, templates: Template['commands']): Pick<AccessWorld, WorldAction> {
  const { store, nextId, inject, gateway, bus } = world;
  // Samples are copies of the template commands put straight into the store, so no sample
  // spends the daily create budget or the per-type limit a fuzz may have filled.
  // Read once: a fuzzed bulk overwrite may delete the stored templates.
  const kept = Promise.all([store.commands.byId(templates.global), store.commands.byId(templates.guild)]);
  const command = async (inGuild: boolean) => {
    const template = (await kept)[inGuild ? 1 : 0];
    if (!template) throw new Error('the template has no commands');
    const id = nextId();
    const copy: StoredCommand = { ...template, id, version: id, definition: { ...template.definition, name: `sample-${id}` } };
    await store.commands.put(copy);
    bus.emit('commandsChanged', { application_id: IDS.app, guild_id: copy.guild_id });
    return { id, name: copy.definition.name, version: id, guild_id: copy.guild_id } as Record<string, unknown>;
  };
  const interaction = async () => {
    const target = await command(true);
    const delivered = gateway.nextInteraction();
    const invoked = await inject({
      method: 'POST', url: '/api/v10/interactions', headers: { authorization: TOKENS.owner },
      payload: {
        type: 2, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, nonce: 'n',
        data: { id: target.id, name: target.name, type: 1, version: target.version },
      },
    });
    if (invoked.statusCode !== 204) throw new Error(`invoke: ${invoked.statusCode} ${invoked.body}`);
    const payload = await delivered;
    return { id: String(payload.id), token: String(payload.token) };
  };
  const answeredInteraction = async () => {
    const live = await interaction();
    const answered = await inject({ method: 'POST', url: `/api/v10/interactions/${live.id}/${live.token}/callback`, payload: { type: 4, data: { content: 'hi' } } });
    if (answered.statusCode !== 204) throw new Error(`callback: ${answered.statusCode} ${answered.body}`);
    return live;
  };
  const attachment = async () => {
    const uploaded = await inject({
      method: 'POST', url: `/api/v10/channels/${IDS.general}/attachments`, headers: { authorization: TOKENS.owner },
      payload: { filename: 'notes.txt', data: Buffer.from('hello').toString('base64') },
    });
    if (uploaded.statusCode !== 200) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
    const { id, filename, url } = uploaded.json<{ id: string; filename: string; url: string }>();
    return { id, filename, key: new URL(url).searchParams.get('hm') ?? '' };
  };
  const activityInstance = async () => {
    const launched = new Promise<string>((resolve) => {
      const listener = (event: ClientEvent) => {
        if (event.type !== 'EMBEDDED_ACTIVITY_LAUNCH') return;
        bus.off('clientEvent', listener);
        resolve(String((event.data as { instance_id: unknown }).instance_id));
      };
      bus.on('clientEvent', listener);
    });
    const entryPoint = (await store.commands.list(IDS.activityApp, null)).find((entry) => entry.definition.type === 4);
    if (!entryPoint) throw new Error('the activity app lost its entry point');
    const invoked = await inject({
      method: 'POST', url: '/api/v10/interactions', headers: { authorization: TOKENS.owner },
      payload: {
        type: 2, application_id: IDS.activityApp, guild_id: IDS.guild, channel_id: IDS.general, nonce: 'launch',
        data: { id: entryPoint.id, name: entryPoint.definition.name, type: 4, version: entryPoint.version },
      },
    });
    if (invoked.statusCode !== 204) throw new Error(`launch: ${invoked.statusCode} ${invoked.body}`);
    return launched;
  };
  return { command, interaction, answeredInteraction, attachment, activityInstance };
}

/** The template: the fixture world set up through the API and the OAuth flows, then closed. */
async function buildTemplate(): Promise<Template> {
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-access-template-'));
  const database = await DATABASE.fresh(directory);
  const setup = new Store(await DATABASE.open(database));
  const loadNow = () => TEMPLATE_TIME;
  const loadIds = createSnowflakeGenerator(loadNow);
  for (const piece of [fixtureWorld(), extraWorld()]) await loadWorld(setup, piece, { now: loadNow, nextId: loadIds });
  const { world } = setup;
  for (const [id, secret] of [[IDS.app, CLIENT_SECRET], [IDS.activityApp, OTHER_CLIENT_SECRET]] as const) {
    const application = await world.application(id);
    if (!application) throw new Error('the fixture world lost an app');
    // The Activity app has an Activity to launch, on a server of its own (nothing listens there: only the launch is tested).
    await world.putApplication({ ...application, redirect_uris: [REDIRECT], ...(id === IDS.activityApp ? { activity_url: 'http://127.0.0.1:5173/' } : {}) }, null, secret);
  }
  await setup.permissions.put(IDS.app, IDS.guild, IDS.app, [{ id: IDS.guild, type: 1, permission: true }]);
  // Everyone views channels here, so a bot's channel reads have something to allow.
  const everyone = await world.role(IDS.guild);
  if (!everyone) throw new Error('the fixture guild lost @everyone');
  await world.putRole({ ...everyone, permissions: String(BigInt(everyone.permissions) | 1024n) });
  await setup.close();

  const running = await openWorld(database, directory, TEMPLATE_TIME + 1000, {});
  const { inject } = running;
  const formPost = async (url: string, values: Record<string, string>) => {
    const response = await inject({ method: 'POST', url, payload: form(values), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json<Record<string, string>>();
  };
  const clientCredentials = (applicationId: string, secret: string, scope: string) =>
    formPost('/api/v10/oauth2/token', { grant_type: 'client_credentials', scope, client_id: applicationId, client_secret: secret });
  const userGrant = async (scope: string, userToken: string) => {
    const query = form({ response_type: 'code', client_id: IDS.app, scope, state: 's', redirect_uri: REDIRECT });
    const consent = await inject({ method: 'POST', url: `/api/v10/oauth2/authorize?${query}`, payload: { authorize: true }, headers: { authorization: userToken } });
    const code = new URL(consent.json<{ location: string }>().location).searchParams.get('code');
    if (!code) throw new Error(`no code: ${consent.body}`);
    return formPost('/api/v10/oauth2/token', {
      grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: IDS.app, client_secret: CLIENT_SECRET,
    });
  };
  const minted = await inject({ method: 'POST', url: '/_host/session', payload: { user_id: IDS.owner } });
  if (minted.statusCode !== 200) throw new Error(`/_host/session answered ${minted.statusCode}: ${minted.body}`);
  const commands: string[] = [];
  for (const url of [`/api/v10/applications/${IDS.app}/commands`, `/api/v10/applications/${IDS.app}/guilds/${IDS.guild}/commands`]) {
    const created = await inject({ method: 'POST', url, payload: slash('template'), headers: { authorization: `Bot ${TOKENS.bot}` } });
    if (created.statusCode !== 201) throw new Error(`template command: ${created.statusCode} ${created.body}`);
    commands.push(created.json<{ id: string }>().id);
  }

  const grants = {
    cc: await clientCredentials(IDS.app, CLIENT_SECRET, 'applications.commands.update'),
    ccIdentify: await clientCredentials(IDS.app, CLIENT_SECRET, 'identify'),
    otherCc: await clientCredentials(IDS.activityApp, OTHER_CLIENT_SECRET, 'applications.commands.update'),
    identify: await userGrant('identify', TOKENS.owner),
    openid: await userGrant('openid', TOKENS.owner),
    guilds: await userGrant('guilds', TOKENS.owner),
    commandsUpdate: await userGrant('applications.commands.update', TOKENS.owner),
    permissions: await userGrant('applications.commands.permissions.update', TOKENS.owner),
    memberPermissions: await userGrant('applications.commands.permissions.update', TOKENS.member),
  };
  await running.close();
  const bearer = (grant: Record<string, string>) => `Bearer ${grant.access_token}`;
  const mintedToken = minted.json<{ token: string }>().token;
  const tokens: Record<TokenKind, string | undefined> = {
    none: undefined,
    'bare Bot': 'Bot',
    'bare Bearer': 'Bearer',
    Basic: `Basic ${Buffer.from(`${IDS.app}:${CLIENT_SECRET}`).toString('base64')}`,
    oversized: `Bot ${TOKENS.bot}${'x'.repeat(600)}`,
    'unknown Bot': 'Bot not-a-bot-token',
    'unknown Bearer': 'Bearer not-an-access-token',
    'unknown session': 'not-a-session-token',
    "other app's bot": `Bot ${TOKENS.otherBot}`,
    bot: `Bot ${TOKENS.bot}`,
    'client credentials': bearer(grants.cc),
    'client credentials without scope': bearer(grants.ccIdentify),
    "other app's client credentials": bearer(grants.otherCc),
    'user Bearer identify': bearer(grants.identify),
    'user Bearer openid': bearer(grants.openid),
    'user Bearer guilds': bearer(grants.guilds),
    'user Bearer commands.update': bearer(grants.commandsUpdate),
    'user Bearer permissions.update': bearer(grants.permissions),
    'user Bearer permissions.update (cannot manage roles)': bearer(grants.memberPermissions),
    session: TOKENS.owner,
    'minted session': mintedToken,
  };
  const credentials = [
    ...Object.values(TOKENS), CLIENT_SECRET, OTHER_CLIENT_SECRET, mintedToken,
    ...Object.values(grants).flatMap((grant) => [grant.access_token, grant.refresh_token, grant.id_token].filter((value): value is string => typeof value === 'string')),
  ];
  const [global, guild] = commands as [string, string];
  // Self-contained (SQLite: what the WAL still held, into one file) for every world to copy.
  const file = await DATABASE.seal(database);
  return { file, tokens, credentials, commands: { global, guild } };
}

/** The routes a registry registers, learned by building one. */
export async function registeredRoutes(): Promise<RegisteredRoute[]> {
  const world = await accessWorld();
  await world.close();
  return world.routes;
}
