/**
 * What the reliability suites know about each route: who may call it (its access rule,
 * which the access matrix turns into expected answers), how it answers a refusal (the
 * service's `{message, code}`, the OAuth shape, the host contract's, an HTML page), and a
 * valid request to start from (path values, query, body), which the fuzz mutates and the
 * matrix sends with every kind of token.
 *
 * The route list itself is never written here: the suites take it from the running app
 * (`AccessWorld.routes`) and fail for a route this catalogue does not describe, so a new
 * route cannot go unfuzzed and unchecked.
 */
import { generateApplicationKeys } from '../../src/registry/domain/application-keys.js';
import { IDS, TOKENS, slash } from './test-registry.js';
import { ACCESS_IDS, type AccessWorld, type TokenKind } from './access-world.js';
import { CLIENT_SECRET, REDIRECT, form } from './oauth.js';

/** Who may call a route (the rows of the access matrix's rule table). */
export type Access =
  | 'app' | 'permissions-read' | 'permissions-edit' | 'reader' | 'current-user' | 'person' | 'management' | 'bot'
  | 'bearer' | 'openid' | 'oauth-client' | 'public' | 'host' | 'interaction-token' | 'webhook-token'
  | 'message-author' | 'poll-author' | 'dm-opener';

/** The credential a valid request of each kind of route carries (the fuzz's usual caller). */
export const CALLERS: Record<Access, TokenKind> = {
  app: 'bot', 'permissions-read': 'bot', 'permissions-edit': 'user Bearer permissions.update', reader: 'session',
  'current-user': 'session', person: 'session', management: 'session', bot: 'bot', bearer: 'client credentials',
  openid: 'user Bearer openid', 'oauth-client': 'none', public: 'none', host: 'none', 'interaction-token': 'none', 'webhook-token': 'none',
  'message-author': 'bot', 'poll-author': 'bot', 'dm-opener': 'bot',
};

/** The shape of a route's own refusals, beside the service's (which every route may answer for a body it cannot read). */
export type Refusals = 'service' | 'oauth' | 'host' | 'page';

/** A request to a route: its path values, query, body, and the body's content type. */
export interface RouteRequest {
  params: Record<string, string>;
  query?: string;
  body?: unknown;
  /** `json` (default when there is a body), `form` (a form string), `bytes` (a Buffer as octet-stream). */
  encoding?: 'json' | 'form' | 'bytes';
}

export interface MethodEntry {
  access: Access;
  refusals: Refusals;
  /** A valid request; called again for every case when `fresh` (the request uses up what it names). */
  sample(world: AccessWorld): Promise<RouteRequest> | RouteRequest;
  fresh?: boolean;
  /** A long poll: what makes a waiting request answer (the event it waits for). */
  settle?(world: AccessWorld): Promise<unknown>;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type RouteEntry = Partial<Record<Method, MethodEntry>>;

const entry = (access: Access, sample: MethodEntry['sample'], extra: Partial<MethodEntry> = {}): MethodEntry =>
  ({ access, refusals: 'service', sample, ...extra });
const none = (params: Record<string, string> = {}) => () => ({ params });

const APP = { applicationId: IDS.app };
const IN_GUILD = { applicationId: IDS.app, guildId: IDS.guild };

/** A message the fixture app's bot posts in #general (with a poll when asked): its id. */
async function botMessage(world: AccessWorld, poll = false): Promise<string> {
  const body = poll
    ? { poll: { question: { text: 'Sample?' }, answers: [{ poll_media: { text: 'Yes' } }, { poll_media: { text: 'No' } }] } }
    : { content: 'Sample' };
  const sent = await world.app.inject({
    method: 'POST', url: `/api/v10/channels/${IDS.general}/messages`, headers: { authorization: `Bot ${TOKENS.bot}` }, payload: body,
  });
  if (sent.statusCode !== 200) throw new Error(`sample message refused: ${sent.body}`);
  return (sent.json() as { id: string }).id;
}

/** A driver run of the owner's (a guild command, taken by the fake gateway): its id. */
async function driverRun(world: AccessWorld): Promise<string> {
  const command = await world.command(true);
  const started = await world.app.inject({
    method: 'POST', url: '/_slashbench/driver/runs', headers: { authorization: TOKENS.owner },
    payload: { action: 'command', channel: IDS.general, name: command.name },
  });
  if (started.statusCode !== 200) throw new Error(`sample run refused: ${started.body}`);
  return (started.json() as { id: string }).id;
}

/** The command routes, global and guild: the same methods, samples and rule. */
function commandRoutes(inGuild: boolean): Record<string, RouteEntry> {
  const base = inGuild ? '/api/v10/applications/:applicationId/guilds/:guildId/commands' : '/api/v10/applications/:applicationId/commands';
  const scope = inGuild ? IN_GUILD : APP;
  const single = async (world: AccessWorld, body?: unknown) =>
    ({ params: { ...scope, commandId: String((await world.command(inGuild)).id) }, ...(body === undefined ? {} : { body }) });
  return {
    [base]: {
      GET: entry('app', () => ({ params: scope, query: 'with_localizations=true' })),
      POST: entry('app', () => ({ params: scope, body: slash('matrix', { options: [{ type: 3, name: 'text', description: 'Some text' }] }) })),
      PUT: entry('app', async (world) => {
        const kept = await world.command(inGuild);
        return { params: scope, body: [{ id: kept.id, ...slash(String(kept.name)) }, slash('bulk', { type: 1 })] };
      }, { fresh: true }),
    },
    [`${base}/:commandId`]: {
      GET: entry('app', (world) => single(world), { fresh: true }),
      PATCH: entry('app', (world) => single(world, { description: 'Edited', nsfw: true }), { fresh: true }),
      DELETE: entry('app', (world) => single(world), { fresh: true }),
    },
  };
}

const manageRole = async (world: AccessWorld) => {
  const roleId = ACCESS_IDS.spare();
  await world.store.world.putRole({ id: roleId, guild_id: IDS.guild, name: 'Spare', permissions: '0', position: 5 });
  return { params: { guildId: IDS.guild, roleId } };
};
const spareMember = async (world: AccessWorld) => {
  const userId = ACCESS_IDS.spare();
  await world.store.world.putUser({ id: userId, username: `spare${userId.slice(-4)}`, global_name: null, locale: null, bot: false }, null);
  await world.store.world.putMember({ guild_id: IDS.guild, user_id: userId, roles: [], nick: null, joined_at: new Date(0).toISOString() });
  return { params: { guildId: IDS.guild, userId } };
};
const spareChannel = async (world: AccessWorld) => {
  const channelId = ACCESS_IDS.spare();
  await world.store.world.putChannel({ id: channelId, guild_id: IDS.emptyGuild, name: 'spare', type: 0, parent_id: null, nsfw: false, position: 0 });
  return { params: { channelId } };
};
const webhook = async (world: AccessWorld, body?: unknown) => {
  const { token } = await world.answeredInteraction();
  return { params: { applicationId: IDS.app, token, messageId: '@original' }, ...(body === undefined ? {} : { body }) };
};
/** A redirect reaching the loopback callback, as the browser brings it after consent. */
const redirect = (world: AccessWorld) => world.inject({ method: 'GET', url: '/callback?code=caught&state=state' });
/** An app of its own for a sample that resets its credentials or edits it, so no other sample's token changes. */
const spareApplication = async (world: AccessWorld) => {
  const applicationId = ACCESS_IDS.spare();
  const keys = generateApplicationKeys();
  await world.store.world.putApplication({
    id: applicationId, name: 'Spare App', owner_id: null, flags: 0, interactions_endpoint_url: null, redirect_uris: [], activity_url: null, url_mappings: [],
    public_key: keys.publicKey, private_key: keys.privateKey,
  }, `spare-bot-token-${applicationId}`, null);
  return { params: { applicationId } };
};
const spareUser = async (world: AccessWorld) => ({ params: { userId: (await spareMember(world)).params.userId } });
const settings = async (world: AccessWorld) => {
  const read = await world.inject({ method: 'GET', url: '/_host/settings' });
  return { params: {}, body: { settings: read.json<{ settings: unknown }>().settings } };
};
const ownersCode = async (world: AccessWorld) => {
  const query = form({ response_type: 'code', client_id: IDS.app, scope: 'identify', state: 'state', redirect_uri: REDIRECT });
  const consent = await world.inject({ method: 'POST', url: `/api/v10/oauth2/authorize?${query}`, payload: { authorize: true }, headers: { authorization: TOKENS.owner } });
  return { params: {}, body: { code: new URL(consent.json<{ location: string }>().location).searchParams.get('code') } };
};
const clientCredentials = form({ grant_type: 'client_credentials', scope: 'identify', client_id: IDS.app, client_secret: CLIENT_SECRET });
const authorizeQuery = form({ response_type: 'code', client_id: IDS.app, scope: 'identify', state: 'state', redirect_uri: REDIRECT });

/** Every route, by the URL pattern the app registers it under. */
export const ROUTE_CATALOGUE: Record<string, RouteEntry> = {
  ...commandRoutes(false),
  ...commandRoutes(true),
  '/api/v10/applications/:applicationId/guilds/:guildId/commands/permissions': {
    GET: entry('permissions-read', none(IN_GUILD)),
  },
  '/api/v10/applications/:applicationId/guilds/:guildId/commands/:commandId/permissions': {
    // The application id as the command id: the app-level overwrites the world starts with.
    GET: entry('permissions-read', none({ ...IN_GUILD, commandId: IDS.app })),
    PUT: entry('permissions-edit', () => ({
      params: { ...IN_GUILD, commandId: IDS.app }, body: { permissions: [{ id: IDS.guild, type: 1, permission: true }] },
    })),
  },
  '/api/v10/applications/@me': {
    GET: entry('bot', none()),
    PATCH: entry('bot', () => ({ params: {}, body: { interactions_endpoint_url: null } })),
  },
  '/api/v10/oauth2/applications/@me': { GET: entry('bot', none()) },
  '/api/v10/applications/detectable': { GET: entry('public', none()) },
  '/api/v10/gateway': { GET: entry('public', none()) },
  '/api/v10/gateway/bot': { GET: entry('bot', none()) },

  '/api/v10/users/@me': { GET: entry('current-user', none()) },
  '/api/v10/users/:userId': { GET: entry('bot', none({ userId: IDS.member })) },
  '/api/v10/users/@me/channels': { POST: entry('dm-opener', () => ({ params: {}, body: { recipient_id: IDS.member } })) },
  '/api/v10/guilds/:guildId': { GET: entry('reader', none({ guildId: IDS.guild })) },
  '/api/v10/guilds/:guildId/roles': { GET: entry('reader', none({ guildId: IDS.guild })) },
  '/api/v10/guilds/:guildId/channels': { GET: entry('reader', none({ guildId: IDS.guild })) },
  '/api/v10/guilds/:guildId/members/:userId': { GET: entry('reader', none({ guildId: IDS.guild, userId: IDS.member })) },
  '/api/v10/channels/:channelId': { GET: entry('reader', none({ channelId: IDS.general })) },
  '/api/v10/channels/:channelId/messages': {
    GET: entry('reader', () => ({ params: { channelId: IDS.general }, query: 'limit=10' })),
    POST: entry('reader', () => ({ params: { channelId: IDS.general }, body: { content: 'Posted', message_reference: { message_id: ACCESS_IDS.message } } })),
  },
  '/api/v10/channels/:channelId/messages/:messageId': {
    GET: entry('reader', none({ channelId: IDS.general, messageId: ACCESS_IDS.message })),
    PATCH: entry('message-author', async (world) => ({ params: { channelId: IDS.general, messageId: await botMessage(world) }, body: { content: 'Edited' } })),
    DELETE: entry('reader', async (world) => ({ params: { channelId: IDS.general, messageId: await botMessage(world) } }), { fresh: true }),
  },
  '/api/v10/channels/:channelId/polls/:messageId/answers/@me': {
    PUT: entry('person', async (world) => ({ params: { channelId: IDS.general, messageId: await botMessage(world, true) }, body: { answer_ids: ['1'] } })),
  },
  '/api/v10/channels/:channelId/polls/:messageId/answers/:answerId': {
    GET: entry('reader', async (world) => ({ params: { channelId: IDS.general, messageId: await botMessage(world, true), answerId: '1' }, query: 'limit=5' })),
  },
  '/api/v10/channels/:channelId/polls/:messageId/expire': {
    POST: entry('poll-author', async (world) => ({ params: { channelId: IDS.general, messageId: await botMessage(world, true) } }), { fresh: true }),
  },

  '/api/v10/guilds/:guildId/application-command-index': {
    GET: entry('person', () => ({ params: { guildId: IDS.guild }, query: `channel_id=${IDS.general}&include_hidden=true` })),
  },
  '/api/v10/channels/:channelId/application-command-index': { GET: entry('person', none({ channelId: IDS.general })) },
  '/api/v10/users/@me/application-command-index': { GET: entry('person', none()) },
  '/_slashbench/explain': {
    GET: entry('person', async (world) => ({ params: {}, query: `command_id=${String((await world.command(true)).id)}&channel_id=${IDS.general}` })),
  },

  '/api/v10/interactions': {
    POST: entry('person', async (world) => {
      const command = await world.command(true);
      return {
        params: {},
        body: {
          type: 2, application_id: IDS.app, guild_id: IDS.guild, channel_id: IDS.general, nonce: 'sample',
          data: { id: command.id, name: command.name, type: 1, version: command.version },
        },
      };
    }),
  },
  '/api/v10/activity-instances/:instanceId/participants/@me': {
    DELETE: entry('person', async (world) => ({ params: { instanceId: await world.activityInstance() } }), { fresh: true }),
  },
  '/api/v10/interactions/:interactionId/:token/callback': {
    POST: entry('interaction-token', async (world) => {
      const { id, token } = await world.interaction();
      return { params: { interactionId: id, token }, body: { type: 4, data: { content: 'Answered' } } };
    }, { fresh: true }),
  },
  '/api/v10/webhooks/:applicationId/:token': {
    POST: entry('webhook-token', async (world) => {
      const { token } = await world.answeredInteraction();
      return { params: { applicationId: IDS.app, token }, body: { content: 'A follow-up' } };
    }, { fresh: true }),
  },
  '/api/v10/webhooks/:applicationId/:token/messages/:messageId': {
    GET: entry('webhook-token', (world) => webhook(world), { fresh: true }),
    PATCH: entry('webhook-token', (world) => webhook(world, { content: 'Edited' }), { fresh: true }),
    DELETE: entry('webhook-token', (world) => webhook(world), { fresh: true }),
  },
  '/api/v10/channels/:channelId/attachments': {
    POST: entry('person', () => ({ params: { channelId: IDS.general }, body: { filename: 'a.txt', data: Buffer.from('hi').toString('base64') } })),
  },
  '/attachments/:channelId/:attachmentId/*': {
    GET: entry('public', async (world) => {
      const file = await world.attachment();
      return { params: { channelId: IDS.general, attachmentId: file.id, '*': file.filename }, query: `hm=${file.key}` };
    }),
  },

  '/api/v10/oauth2/authorize': {
    GET: entry('person', () => ({ params: {}, query: authorizeQuery }), { refusals: 'oauth' }),
    POST: entry('person', () => ({ params: {}, query: authorizeQuery, body: { authorize: true } }), { refusals: 'oauth' }),
  },
  '/api/v10/oauth2/token': {
    POST: entry('oauth-client', () => ({ params: {}, body: clientCredentials, encoding: 'form' }), { refusals: 'oauth' }),
  },
  '/api/v10/oauth2/token/revoke': {
    POST: entry('oauth-client', () => ({
      params: {}, body: form({ token: 'no-such-token', client_id: IDS.app, client_secret: CLIENT_SECRET }), encoding: 'form',
    }), { refusals: 'oauth' }),
  },
  '/api/v10/oauth2/@me': { GET: entry('bearer', none()) },
  '/api/v10/oauth2/userinfo': { GET: entry('openid', none()) },
  '/api/v10/oauth2/keys': { GET: entry('public', none()) },
  '/.well-known/openid-configuration': { GET: entry('public', none()) },
  '/.well-known/oauth-authorization-server': { GET: entry('public', none()) },
  '/oauth2/authorize': {
    GET: entry('public', () => ({ params: {}, query: authorizeQuery }), { refusals: 'page' }),
    POST: entry('public', () => ({ params: {}, query: authorizeQuery, body: form({ token: TOKENS.owner, decision: 'authorize' }), encoding: 'form' }), { refusals: 'page' }),
  },
  '/oauth2/authorized': { GET: entry('public', () => ({ params: {}, query: 'error=access_denied' }), { refusals: 'page' }) },

  '/_slashbench/driver/runs': {
    POST: entry('management', async (world) => ({ params: {}, body: { action: 'command', channel: IDS.general, name: String((await world.command(true)).name) } })),
  },
  '/_slashbench/driver/runs/:runId': { GET: entry('management', async (world) => ({ params: { runId: await driverRun(world) } })) },
  '/_slashbench/driver/clock': { GET: entry('management', none()), POST: entry('management', () => ({ params: {}, body: { advance_ms: 0 } })) },
  '/_slashbench/driver/ready': { GET: entry('management', () => ({ params: {}, query: `application=${IDS.app}&timeout_ms=0` })) },
  '/_slashbench/driver/place': { GET: entry('management', () => ({ params: {}, query: `guild=${IDS.guild}&channel=${IDS.general}` })) },
  '/_slashbench/world': {
    GET: entry('management', none()),
    PUT: entry('management', () => ({ params: {}, body: { users: [], applications: [], guilds: [] } })),
  },
  '/_slashbench/applications/:applicationId/commands': { GET: entry('management', () => ({ params: APP, query: `guild_id=${IDS.guild}` })) },
  '/_slashbench/applications/:applicationId/guilds/:guildId/commands/permissions': { GET: entry('management', none(IN_GUILD)) },
  '/_slashbench/applications/:applicationId': {
    PATCH: entry('management', async (world) => ({ ...(await spareApplication(world)), body: { name: 'Edited App', redirect_uris: [REDIRECT] } }), { fresh: true }),
  },
  '/_slashbench/applications/:applicationId/credentials': { GET: entry('management', none(APP)) },
  '/_slashbench/applications/:applicationId/token': { POST: entry('management', spareApplication, { fresh: true }) },
  '/_slashbench/applications/:applicationId/secret': { POST: entry('management', spareApplication, { fresh: true }) },
  '/_slashbench/applications/:applicationId/key': { POST: entry('management', spareApplication, { fresh: true }) },
  '/_slashbench/users/:userId/token': {
    GET: entry('management', none({ userId: IDS.member })),
    POST: entry('management', spareUser, { fresh: true }),
  },
  '/_slashbench/users': { POST: entry('management', () => ({ params: {}, body: { username: 'newcomer' } })) },
  '/_slashbench/users/:userId': {
    PATCH: entry('management', () => ({ params: { userId: IDS.member }, body: { locale: 'fr' } })),
    DELETE: entry('management', spareUser, { fresh: true }),
  },
  '/_slashbench/guilds/:guildId/roles': { POST: entry('management', () => ({ params: { guildId: IDS.guild }, body: { name: 'Made', permissions: '0' } })) },
  '/_slashbench/guilds/:guildId/channels': { POST: entry('management', () => ({ params: { guildId: IDS.emptyGuild }, body: { name: 'made', type: 0 } })) },
  '/_slashbench/oauth/codes/expire': { POST: entry('management', ownersCode, { fresh: true }) },
  '/_slashbench/users/:userId/applications/:applicationId': {
    PUT: entry('management', none({ userId: IDS.member, applicationId: IDS.app })),
    DELETE: entry('management', none({ userId: IDS.member, applicationId: IDS.app })),
  },
  '/_slashbench/guilds/:guildId/roles/:roleId': {
    PUT: entry('management', async (world) => ({ ...(await manageRole(world)), body: { name: 'Renamed', permissions: '0' } }), { fresh: true }),
    DELETE: entry('management', manageRole, { fresh: true }),
  },
  '/_slashbench/guilds/:guildId/members/:userId': {
    PUT: entry('management', async (world) => ({ ...(await spareMember(world)), body: { roles: [] } }), { fresh: true }),
    DELETE: entry('management', spareMember, { fresh: true }),
  },
  '/_slashbench/guilds/:guildId/applications/:applicationId': {
    // The empty guild: installing the other app there changes nothing another sample reads.
    PUT: entry('management', none({ guildId: IDS.emptyGuild, applicationId: IDS.otherApp })),
    DELETE: entry('management', none({ guildId: IDS.emptyGuild, applicationId: IDS.otherApp })),
  },
  '/_slashbench/channels/:channelId': {
    PUT: entry('management', async (world) => ({ ...(await spareChannel(world)), body: { guild_id: IDS.emptyGuild, name: 'renamed', type: 0 } }), { fresh: true }),
    DELETE: entry('management', spareChannel, { fresh: true }),
  },
  '/_host/session': {
    GET: entry('host', none(), { refusals: 'host' }),
    POST: entry('host', () => ({ params: {}, body: { user_id: IDS.owner } }), { refusals: 'host' }),
  },
  '/_host/settings': {
    GET: entry('host', none(), { refusals: 'host' }),
    PUT: entry('host', settings, { refusals: 'host' }),
  },
  '/_host/authorization': { GET: entry('host', none(), { refusals: 'host' }) },
  '/_host/authorization/url': {
    POST: entry('host', () => ({ params: {}, body: { client_id: IDS.app, scopes: 'openid sdk.social_layer', redirect: 'loopback' } }), { refusals: 'host' }),
  },
  '/_host/authorization/redirect': {
    // The first redirect after 0: one is caught before, so the sample answers at once; a
    // fuzzed `after` waits for the next, which `settle` brings.
    POST: entry('host', async (world) => {
      await redirect(world);
      return { params: {}, body: { after: 0 } };
    }, { refusals: 'host', settle: redirect }),
  },
  '/callback': { GET: entry('public', () => ({ params: {}, query: 'code=caught&state=state' }), { refusals: 'page' }) },

  '/': { GET: entry('public', none(), { refusals: 'page' }) },
  '/index.html': { GET: entry('public', none(), { refusals: 'page' }) },
  '/assets/:name': { GET: entry('public', none({ name: 'app.js' })) },
};

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The URL of a route pattern with `params` put in (each value percent-encoded unless `raw`). */
export function routeUrl(pattern: string, params: Record<string, string>, query?: string, raw = false): string {
  const path = pattern.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (value === undefined) throw new Error(`no value for ${whole} in ${pattern}`);
    // A lone surrogate cannot be percent-encoded; as a client library would, send U+FFFD.
    return raw ? value : encodeURIComponent(value.replace(LONE_SURROGATE, '\ufffd'));
  });
  return query === undefined || query === '' ? path : `${path}?${query}`;
}

/** The routes the app registered that the catalogue does not describe, and entries no route matches. */
export function catalogueGaps(routes: ReadonlyArray<{ method: string; url: string; wrongMethod: boolean }>): { undescribed: string[]; stale: string[] } {
  const handled = routes.filter((route) => !route.wrongMethod).map((route) => `${route.method} ${route.url}`);
  const described = Object.entries(ROUTE_CATALOGUE).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method} ${url}`));
  return {
    undescribed: handled.filter((route) => !described.includes(route)),
    stale: described.filter((route) => !handled.includes(route)),
  };
}

/** The catalogue's entry for a registered route (undefined for the 405 answers of known paths). */
export function describedRoute(route: { method: string; url: string }): MethodEntry | undefined {
  return ROUTE_CATALOGUE[route.url]?.[route.method as Method];
}
