/**
 * Every visibility rule, through the command index as the client reads it: for each rule a
 * case where that rule alone decides, shown next to one where it lets the command through.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/registry/app.js';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { EventBus } from '../../src/registry/events.js';
import type { PermissionOverwrite } from '../../src/registry/store/permission-store.js';
import type { Store } from '../../src/registry/store/store.js';
import { testStore } from '../helpers/test-store.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import type { WorldFile } from '../../src/shared/world-file.js';

const P = { VIEW: 1n << 10n, SEND: 1n << 11n, MANAGE_GUILD: 1n << 5n, ADMIN: 1n << 3n, USE_COMMANDS: 1n << 31n, EXTERNAL_APPS: 1n << 50n };
const ID = {
  alice: '1000', bob: '1001', admin: '1002', noapps: '1003', carol: '1004', dave: '1005', eve: '1006',
  app: '2000', userApp: '2001',
  guild: '3000', other: '3100', members: '3001', moderator: '3002', adminRole: '3003',
  general: '3010', bots: '3011', nsfw: '3012', thread: '3013', otherChannel: '3110',
  dmAlice: '4000', dmDave: '4001', groupDm: '4002', dmPeople: '4003',
} as const;
const allChannels = (BigInt(ID.guild) - 1n).toString();

const world: WorldFile = {
  users: [
    { id: ID.alice, username: 'alice', token: 'token-alice' },
    { id: ID.bob, username: 'bob', token: 'token-bob' },
    { id: ID.admin, username: 'admin', token: 'token-admin' },
    { id: ID.noapps, username: 'noapps', token: 'token-noapps' },
    { id: ID.carol, username: 'carol', token: 'token-carol', applications: [ID.userApp] },
    { id: ID.dave, username: 'dave', token: 'token-dave' },
    { id: ID.eve, username: 'eve', token: 'token-eve', applications: [ID.userApp] },
  ],
  applications: [
    { id: ID.app, name: 'Guild App', bot_token: 'guild-app-token' },
    { id: ID.userApp, name: 'User App', bot_token: 'user-app-token' },
  ],
  guilds: [
    {
      id: ID.guild, name: 'Guild', owner_id: ID.dave,
      roles: [
        { id: ID.guild, name: '@everyone', permissions: (P.VIEW | P.SEND).toString() },
        { id: ID.members, name: 'Members', permissions: (P.USE_COMMANDS | P.EXTERNAL_APPS).toString() },
        { id: ID.moderator, name: 'Moderator', permissions: P.MANAGE_GUILD.toString() },
        { id: ID.adminRole, name: 'Admin', permissions: P.ADMIN.toString() },
      ],
      channels: [
        { id: ID.general, name: 'general', type: 0 },
        { id: ID.bots, name: 'bots', type: 0 },
        { id: ID.nsfw, name: 'after-dark', type: 0, nsfw: true },
        { id: ID.thread, name: 'a thread', type: 11, parent_id: ID.general },
      ],
      members: [
        { user_id: ID.alice, roles: [ID.members] },
        { user_id: ID.bob, roles: [ID.members, ID.moderator] },
        { user_id: ID.admin, roles: [ID.adminRole] },
        { user_id: ID.noapps, roles: [] },
        { user_id: ID.carol, roles: [ID.members] },
        { user_id: ID.eve, roles: [] },
      ],
      applications: [ID.app],
    },
    {
      id: ID.other, name: 'Other', owner_id: ID.alice,
      roles: [{ id: ID.other, name: '@everyone', permissions: (P.VIEW | P.SEND | P.USE_COMMANDS).toString() }],
      channels: [{ id: ID.otherChannel, name: 'lobby', type: 0 }],
      members: [{ user_id: ID.alice, roles: [] }],
      applications: [ID.app],
    },
  ],
  channels: [
    { id: ID.dmAlice, type: 1, recipients: [ID.alice, ID.app] },
    { id: ID.dmDave, type: 1, recipients: [ID.dave, ID.app] },
    { id: ID.groupDm, type: 3, recipients: [ID.alice, ID.carol, ID.eve] },
    { id: ID.dmPeople, type: 1, recipients: [ID.carol, ID.alice] },
  ],
};

type Where = { guild: string; channel?: string } | { channel: string };

let store: Store;
const bus = new EventBus();
let app: ReturnType<typeof buildApp>;
const commandIds = new Map<string, string>();

beforeAll(async () => {
  const now = () => Date.UTC(2026, 10, 21);
  const nextId = createSnowflakeGenerator(now);
  store = await testStore();
  await loadWorld(store, world, { now, nextId });
  app = buildApp({ store, bus, now, nextId, routeLimit: { limit: 1e9, windowMs: 1000 } });
  const create = async (token: string, url: string, body: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url, payload: { description: 'd', ...body }, headers: { authorization: `Bot ${token}` } });
    expect(response.statusCode, JSON.stringify(response.json())).toBe(201);
    commandIds.set(body.name as string, response.json().id);
  };
  const global = `/api/v10/applications/${ID.app}/commands`;
  for (const body of [
    { name: 'plain' }, { name: 'admin-only', default_member_permissions: '0' },
    { name: 'manage-guild', default_member_permissions: P.MANAGE_GUILD.toString() },
    { name: 'age-restricted', nsfw: true }, { name: 'no-dm', dm_permission: false },
    { name: 'guild-context', contexts: [0] }, { name: 'dm-context', contexts: [1] },
    // seyfert's way: stored, and PRIVATE_CHANNEL simply never matches a guild install.
    { name: 'seyfert-style', integration_types: [0], contexts: [0, 1, 2] },
  ]) await create('guild-app-token', global, body);
  const guildCommands = `/api/v10/applications/${ID.app}/guilds/${ID.guild}/commands`;
  await create('guild-app-token', guildCommands, { name: 'guild-only' });
  // A guild command's lists are for global commands only: it still comes through the guild.
  await create('guild-app-token', guildCommands, { name: 'guild-lists', integration_types: [1], contexts: [1, 2] });
  const userGlobal = `/api/v10/applications/${ID.userApp}/commands`;
  await create('user-app-token', userGlobal, { name: 'user-installed', integration_types: [1], contexts: [0, 1, 2] });
  await create('user-app-token', userGlobal, { name: 'guild-install-only', integration_types: [0] });
  await create('user-app-token', userGlobal, { name: 'private-without-user-install', integration_types: [0], contexts: [0, 1, 2] });
});

/**
 * Sets the guild app's overwrites for a command (by name) or app-wide (by the app's id), and
 * announces it as the permissions route does.
 */
async function overwrites(target: string, permissions: PermissionOverwrite[]): Promise<void> {
  const id = commandIds.get(target) ?? target;
  await store.permissions.put(ID.app, ID.guild, id, permissions);
  bus.emit('permissionsChanged', { id, application_id: ID.app, guild_id: ID.guild, permissions });
}

async function clearOverwrites(): Promise<void> {
  for (const entry of await store.permissions.list(ID.app, ID.guild)) await overwrites(entry.id, []);
}

/** What the index shows `user` at `where`: the visible names, and each hidden name's failing rule. */
async function look(user: string, where: Where): Promise<{ shown: string[]; hidden: Record<string, string> }> {
  const url = 'guild' in where
    ? `/api/v10/guilds/${where.guild}/application-command-index?include_hidden=true${where.channel ? `&channel_id=${where.channel}` : ''}`
    : `/api/v10/channels/${where.channel}/application-command-index?include_hidden=true`;
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `token-${user}` } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { application_commands: Array<{ name: string }>; hidden_commands: Array<{ name: string; rule: string }> };
  return {
    shown: body.application_commands.map((command) => command.name),
    hidden: Object.fromEntries(body.hidden_commands.map((command) => [command.name, command.rule])),
  };
}

/** [case, user, where, command, shown?, the rule that hides it] */
type Row = [string, string, Where, string, boolean, string?];
const inGeneral = { guild: ID.guild, channel: ID.general };

describe('visibility rules, each deciding alone', () => {
  const rows: Row[] = [
    ['a plain command shows in its guild', 'alice', inGeneral, 'plain', true],
    ['a guild command shows in its guild', 'alice', inGeneral, 'guild-only', true],
    ['a guild command is not in another guild', 'alice', { guild: ID.other, channel: ID.otherChannel }, 'guild-only', false],
    ['a guild command is not in a DM with the bot', 'alice', { channel: ID.dmAlice }, 'guild-only', false],
    ['installation: a global command in a DM with a bot sharing a guild', 'alice', { channel: ID.dmAlice }, 'plain', true],
    ['installation: no shared guild, no DM command', 'dave', { channel: ID.dmDave }, 'plain', false, 'installation'],
    ['installation: a GUILD_INSTALL command of an app not in the guild', 'carol', inGeneral, 'guild-install-only', false, 'installation'],
    ['installation: USER_INSTALL reaches a guild without the app', 'carol', inGeneral, 'user-installed', true],
    ['installation: USER_INSTALL in a group DM', 'carol', { channel: ID.groupDm }, 'user-installed', true],
    ['installation: only installed apps in a DM between people', 'alice', { channel: ID.dmPeople }, 'plain', false],
    ['context: contexts [0] stays out of DMs', 'alice', { channel: ID.dmAlice }, 'guild-context', false, 'context'],
    ['context: contexts [0] shows in guilds', 'alice', inGeneral, 'guild-context', true],
    ['context: contexts [1] stays out of guilds', 'alice', inGeneral, 'dm-context', false, 'context'],
    ['context: contexts [1] shows in a DM with the bot', 'alice', { channel: ID.dmAlice }, 'dm-context', true],
    ['contexts [0, 1, 2] with [0]: shown in guilds', 'alice', inGeneral, 'seyfert-style', true],
    ['contexts [0, 1, 2] with [0]: shown in a DM with the bot', 'alice', { channel: ID.dmAlice }, 'seyfert-style', true],
    ['contexts [0, 1, 2] with [0]: never in a group DM', 'carol', { channel: ID.groupDm }, 'private-without-user-install', false, 'installation'],
    ['a guild command ignores its lists: shown in its guild', 'alice', inGeneral, 'guild-lists', true],
    ['a guild command ignores its lists: not in a DM', 'alice', { channel: ID.dmAlice }, 'guild-lists', false],
    ['context: dm_permission false stays out of DMs', 'alice', { channel: ID.dmAlice }, 'no-dm', false, 'context'],
    ['context: dm_permission false shows in guilds', 'alice', inGeneral, 'no-dm', true],
    ['age restriction: hidden in a plain channel', 'alice', inGeneral, 'age-restricted', false, 'age restriction'],
    ['age restriction: shown in an age-restricted channel', 'alice', { guild: ID.guild, channel: ID.nsfw }, 'age-restricted', true],
    ['age restriction: hidden in DMs', 'alice', { channel: ID.dmAlice }, 'age-restricted', false, 'age restriction'],
    ['USE_APPLICATION_COMMANDS is needed', 'noapps', inGeneral, 'plain', false, 'use application commands'],
    ['USE_EXTERNAL_APPS is needed for a user-installed app', 'eve', inGeneral, 'user-installed', false, 'external apps'],
    ['default_member_permissions "0": hidden from members', 'alice', inGeneral, 'admin-only', false, 'member permission'],
    ['default_member_permissions "0": shown to administrators', 'admin', inGeneral, 'admin-only', true],
    ['default_member_permissions: shown to who has the bits', 'bob', inGeneral, 'manage-guild', true],
    ['default_member_permissions: hidden from who lacks them', 'alice', inGeneral, 'manage-guild', false, 'member permission'],
  ];
  it.each(rows)('%s', async (_case, user, where, command, shown, rule) => {
    await clearOverwrites();
    const seen = await look(user, where);
    expect(seen.shown.includes(command)).toBe(shown);
    if (rule) expect(seen.hidden[command]).toBe(rule);
  });
});

describe('permission overwrites (permissions v2 precedence)', () => {
  type OverwriteRow = [string, Array<[string, PermissionOverwrite[]]>, string, Where, string, boolean];
  const role = (id: string, permission: boolean): PermissionOverwrite => ({ id, type: 1, permission });
  const user = (id: string, permission: boolean): PermissionOverwrite => ({ id, type: 2, permission });
  const channel = (id: string, permission: boolean): PermissionOverwrite => ({ id, type: 3, permission });
  const rows: OverwriteRow[] = [
    ['@everyone allow lifts default_member_permissions', [['manage-guild', [role(ID.guild, true)]]], 'alice', inGeneral, 'manage-guild', true],
    ['a role deny beats @everyone allow', [['manage-guild', [role(ID.guild, true), role(ID.moderator, false)]]], 'bob', inGeneral, 'manage-guild', false],
    ['one allowing role is enough', [['plain', [role(ID.members, false), role(ID.moderator, true)]]], 'bob', inGeneral, 'plain', true],
    ['a role deny hides from who has only that role', [['plain', [role(ID.members, false), role(ID.moderator, true)]]], 'alice', inGeneral, 'plain', false],
    ['a user overwrite beats everything', [['plain', [user(ID.alice, false)]], [ID.app, [role(ID.guild, true)]]], 'alice', inGeneral, 'plain', false],
    ['app-level applies to commands without their own', [[ID.app, [role(ID.guild, false)]]], 'alice', inGeneral, 'plain', false],
    ['the command level comes before the app level', [[ID.app, [role(ID.moderator, true)]], ['plain', [role(ID.guild, false)]]], 'bob', inGeneral, 'plain', false],
    ['app-level user allow beats default_member_permissions', [[ID.app, [user(ID.alice, true)]]], 'alice', inGeneral, 'admin-only', true],
    ['a channel deny hides in that channel', [['plain', [channel(ID.general, false)]]], 'alice', inGeneral, 'plain', false],
    ['a channel deny applies to its threads', [['plain', [channel(ID.general, false)]]], 'alice', { guild: ID.guild, channel: ID.thread }, 'plain', false],
    ['a channel deny leaves other channels', [['plain', [channel(ID.general, false)]]], 'alice', { guild: ID.guild, channel: ID.bots }, 'plain', true],
    ['All Channels deny, channel allow: shown there', [[ID.app, [channel(allChannels, false)]], ['plain', [channel(ID.bots, true)]]], 'alice', { guild: ID.guild, channel: ID.bots }, 'plain', true],
    ['All Channels deny, channel allow: hidden elsewhere', [[ID.app, [channel(allChannels, false)]], ['plain', [channel(ID.bots, true)]]], 'alice', inGeneral, 'plain', false],
    ['the channel check stands apart from the member check', [['plain', [user(ID.alice, true), channel(ID.general, false)]]], 'alice', inGeneral, 'plain', false],
    ['administrators ignore overwrites', [['plain', [user(ID.admin, false), channel(ID.general, false)]]], 'admin', inGeneral, 'plain', true],
    ['overwrites do not touch a user-installed app', [[ID.app, [role(ID.guild, false)]]], 'carol', inGeneral, 'user-installed', true],
  ];
  it.each(rows)('%s', async (_case, sets, who, where, command, shown) => {
    await clearOverwrites();
    for (const [target, permissions] of sets) await overwrites(target, permissions);
    const seen = await look(who, where);
    expect(seen.shown.includes(command)).toBe(shown);
    if (!shown) expect(['channel permission', 'member permission']).toContain(seen.hidden[command]);
  });
});

describe('the explain view', () => {
  it('lists every check with its verdict, the one the index acted on', async () => {
    await clearOverwrites();
    const response = await app.inject({
      method: 'GET', url: `/_slashbench/explain?command_id=${commandIds.get('guild-only')}&channel_id=${ID.otherChannel}`,
      headers: { authorization: 'token-alice' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ visible: false, command: { name: 'guild-only' } });
    expect(body.checks[0]).toMatchObject({ rule: 'scope', verdict: 'fail' });
    const shown = await app.inject({
      method: 'GET', url: `/_slashbench/explain?command_id=${commandIds.get('manage-guild')}&guild_id=${ID.guild}`,
      headers: { authorization: 'token-bob' },
    });
    expect(shown.json().visible).toBe(true);
    expect(shown.json().checks.map((check: { rule: string; verdict: string }) => `${check.rule}:${check.verdict}`)).toEqual([
      'scope:pass', 'installation:pass', 'context:pass', 'age restriction:pass', 'membership:pass',
      'use application commands:pass', 'channel permission:skip', 'member permission:pass',
    ]);
  });

  it('carries the warnings of the command as stored', async () => {
    const explain = (name: string, user: string, where: string) => app.inject({
      method: 'GET', url: `/_slashbench/explain?command_id=${commandIds.get(name)}&${where}`, headers: { authorization: `token-${user}` },
    });
    const seyfert = (await explain('seyfert-style', 'alice', `channel_id=${ID.general}`)).json();
    expect(seyfert.visible).toBe(true);
    expect(seyfert.warnings).toEqual([expect.objectContaining({ path: 'contexts.2', code: 'PRIVATE_CHANNEL_WITHOUT_USER_INSTALL' })]);
    const hidden = (await explain('private-without-user-install', 'carol', `channel_id=${ID.groupDm}`)).json();
    expect(hidden.visible).toBe(false);
    expect(hidden.checks.find((check: { verdict: string }) => check.verdict === 'fail')).toMatchObject({ rule: 'installation' });
    expect(hidden.warnings.map((warning: { code: string }) => warning.code)).toEqual(['PRIVATE_CHANNEL_WITHOUT_USER_INSTALL']);
    expect((await explain('plain', 'alice', `guild_id=${ID.guild}`)).json().warnings).toEqual([]);
    const guildLists = (await explain('guild-lists', 'alice', `guild_id=${ID.guild}`)).json();
    expect(guildLists.warnings.map((warning: { code: string }) => warning.code)).toEqual(['GUILD_COMMAND_INTEGRATION_TYPES', 'GUILD_COMMAND_CONTEXTS']);
  });

  it('answers user tokens only, for places the user is in', async () => {
    const as = (authorization: string, url: string) => app.inject({ method: 'GET', url, headers: { authorization } });
    expect((await as('Bot guild-app-token', `/api/v10/guilds/${ID.guild}/application-command-index`)).json()).toEqual({ message: 'Bots cannot use this endpoint', code: 20001 });
    expect((await as('nobody', `/api/v10/guilds/${ID.guild}/application-command-index`)).statusCode).toBe(401);
    expect((await as('token-dave', `/api/v10/guilds/${ID.other}/application-command-index`)).json().code).toBe(50001);
    expect((await as('token-dave', `/api/v10/channels/${ID.groupDm}/application-command-index`)).json().code).toBe(50001);
    expect((await as('token-alice', '/api/v10/channels/9999/application-command-index')).json().code).toBe(10003);
  });

  it('lists the commands of user-installed apps at /users/@me', async () => {
    const index = await app.inject({ method: 'GET', url: '/api/v10/users/@me/application-command-index', headers: { authorization: 'token-carol' } });
    expect(index.json().application_commands.map((command: { name: string }) => command.name)).toEqual(['user-installed']);
    expect(index.json().applications).toEqual([{ id: ID.userApp, name: 'User App', icon: null, description: '', bot_id: ID.userApp, flags: 0 }]);
  });
});
