import { describe, expect, it } from 'vitest';
import type { CommandPermissions } from '../../src/registry/store/permission-store.js';
import { GLOBAL, GUILD, IDS, TOKENS, slash, testRegistry } from '../helpers/test-registry.js';

const EDIT = 'applications.commands.permissions.update';
const PERMISSIONS = `/api/v10/applications/${IDS.app}/guilds/${IDS.guild}/commands`;
const allChannels = (BigInt(IDS.guild) - 1n).toString();

async function setup() {
  const registry = await testRegistry();
  const expires_at = registry.clock.now + 3_600_000;
  const grant = async (token: string, user_id: string | null, scopes: string[]) =>
    await registry.store.tokens.put(token, { application_id: IDS.app, user_id, scopes, expires_at });
  await grant('owner-edit', IDS.owner, [EDIT]);
  await grant('owner-identify', IDS.owner, ['identify']);
  await grant('member-edit', IDS.member, [EDIT]);
  await grant('client-credentials', null, ['applications.commands.update']);
  const put = (command: string, body: unknown, authorization = 'Bearer owner-edit') =>
    registry.app.inject({ method: 'PUT', url: `${PERMISSIONS}/${command}/permissions`, payload: body as object, headers: { authorization } });
  return { registry, put };
}

describe('command permission endpoints', () => {
  it('replaces a command\'s overwrites and reads them back', async () => {
    const { registry, put } = await setup();
    const command = (await registry.bot({ method: 'POST', url: GUILD, payload: slash('mod') })).json();
    const missing = await registry.bot({ method: 'GET', url: `${PERMISSIONS}/${command.id}/permissions` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Unknown application command permissions', code: 10066 });

    const overwrites = [
      { id: IDS.moderatorRole, type: 1, permission: true },
      { id: IDS.guild, type: 1, permission: false },
      { id: IDS.member, type: 2, permission: true },
      { id: IDS.general, type: 3, permission: true },
      { id: allChannels, type: 3, permission: false },
    ];
    const saved = await put(command.id, { permissions: overwrites });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ id: command.id, application_id: IDS.app, guild_id: IDS.guild, permissions: overwrites });
    expect((await registry.bot({ method: 'GET', url: `${PERMISSIONS}/${command.id}/permissions` })).json()).toEqual(saved.json());
    expect((await registry.bot({ method: 'GET', url: `${PERMISSIONS}/permissions` })).json()).toEqual([saved.json()]);

    // PUT replaces; an empty list removes them.
    await put(command.id, { permissions: [{ id: IDS.member, type: 2, permission: false }] });
    expect((await registry.bot({ method: 'GET', url: `${PERMISSIONS}/${command.id}/permissions` })).json().permissions).toHaveLength(1);
    await put(command.id, { permissions: [] });
    expect((await registry.bot({ method: 'GET', url: `${PERMISSIONS}/${command.id}/permissions` })).statusCode).toBe(404);
  });

  it('takes the application id for app-level overwrites, and global commands per guild', async () => {
    const { registry, put } = await setup();
    const global = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('everywhere') })).json();
    expect((await put(IDS.app, { permissions: [{ id: IDS.guild, type: 1, permission: false }] })).json().id).toBe(IDS.app);
    expect((await put(global.id, { permissions: [{ id: IDS.owner, type: 2, permission: true }] })).statusCode).toBe(200);
    const all = (await registry.bot({ method: 'GET', url: `${PERMISSIONS}/permissions` })).json();
    expect(all.map((entry: { id: string }) => entry.id).sort()).toEqual([global.id, IDS.app].sort());
  });

  it('publishes APPLICATION_COMMAND_PERMISSIONS_UPDATE on the bus', async () => {
    const { registry, put } = await setup();
    const command = (await registry.bot({ method: 'POST', url: GUILD, payload: slash('mod') })).json();
    const heard = new Promise<CommandPermissions>((resolve) => registry.bus.once('permissionsChanged', resolve));
    await put(command.id, { permissions: [{ id: IDS.member, type: 2, permission: true }] });
    expect(await heard).toEqual({ id: command.id, application_id: IDS.app, guild_id: IDS.guild, permissions: [{ id: IDS.member, type: 2, permission: true }] });
  });

  it('deletes a command\'s permissions when it is deleted or renamed', async () => {
    const { registry, put } = await setup();
    const one = (await registry.bot({ method: 'POST', url: GUILD, payload: slash('one') })).json();
    const two = (await registry.bot({ method: 'POST', url: GUILD, payload: slash('two') })).json();
    const body = { permissions: [{ id: IDS.member, type: 2, permission: true }] };
    await put(one.id, body);
    await put(two.id, body);
    await registry.bot({ method: 'PATCH', url: `${GUILD}/${one.id}`, payload: { name: 'renamed' } });
    await registry.bot({ method: 'DELETE', url: `${GUILD}/${two.id}` });
    expect((await registry.bot({ method: 'GET', url: `${PERMISSIONS}/permissions` })).json()).toEqual([]);
  });

  it('answers 405 to the disabled batch edit', async () => {
    const { registry } = await setup();
    const response = await registry.app.inject({ method: 'PUT', url: `${PERMISSIONS}/permissions`, payload: [], headers: { authorization: 'Bearer owner-edit' } });
    expect(response.statusCode).toBe(405);
    expect(response.json()).toEqual({ message: '405: Method Not Allowed', code: 0 });
  });
});

describe('who may edit command permissions', () => {
  const body = { permissions: [{ id: IDS.member, type: 2, permission: true }] };

  it.each([
    ['no token', undefined, 401, { message: '401: Unauthorized', code: 0 }],
    ['an unknown Bearer token', 'Bearer nope', 401, { message: '401: Unauthorized', code: 0 }],
    ['a user session token', 'user-token-owner', 401, { message: '401: Unauthorized', code: 0 }],
    ['a bot token', 'Bot app-bot-token', 403, { message: 'Bots cannot use this endpoint', code: 20001 }],
    ['a client-credentials token', 'Bearer client-credentials', 403, { message: 'Bots cannot use this endpoint', code: 20001 }],
    ['a user token without the scope', 'Bearer owner-identify', 403, { message: 'Missing required OAuth2 scope', code: 50026 }],
    ['a user who cannot manage roles', 'Bearer member-edit', 403, { message: 'Missing Permissions', code: 50013 }],
  ])('refuses %s', async (_name, authorization, status, answer) => {
    const { registry, put } = await setup();
    const command = (await registry.bot({ method: 'POST', url: GUILD, payload: slash('mod') })).json();
    const response = authorization === undefined
      ? await registry.app.inject({ method: 'PUT', url: `${PERMISSIONS}/${command.id}/permissions`, payload: body })
      : await put(command.id, body, authorization);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(answer);
    expect((await registry.bot({ method: 'GET', url: `${PERMISSIONS}/permissions` })).json()).toEqual([]);
  });

  it('answers 10063 for an unknown command and 50001 for a guild without the app', async () => {
    const { registry, put } = await setup();
    expect((await put('123456789012345678', body)).json()).toEqual({ message: 'Unknown application command', code: 10063 });
    const elsewhere = await registry.app.inject({
      method: 'PUT', url: `/api/v10/applications/${IDS.app}/guilds/${IDS.emptyGuild}/commands/${IDS.app}/permissions`,
      payload: body, headers: { authorization: 'Bearer owner-edit' },
    });
    expect(elsewhere.json()).toEqual({ message: 'Missing Access', code: 50001 });
  });
});

describe('overwrite validation', () => {
  it.each([
    ['a missing list', {}, ['permissions'], 'BASE_TYPE_REQUIRED'],
    ['more than 100', { permissions: Array.from({ length: 101 }, () => ({ id: IDS.member, type: 2, permission: true })) }, ['permissions'], 'BASE_TYPE_MAX_LENGTH'],
    ['a bad id', { permissions: [{ id: 'everyone', type: 1, permission: true }] }, ['permissions', '0', 'id'], 'NUMBER_TYPE_COERCE'],
    ['a bad type', { permissions: [{ id: IDS.member, type: 4, permission: true }] }, ['permissions', '0', 'type'], 'BASE_TYPE_CHOICES'],
    ['a non-boolean permission', { permissions: [{ id: IDS.member, type: 2, permission: 'yes' }] }, ['permissions', '0', 'permission'], 'BASE_TYPE_BOOLEAN'],
  ])('refuses %s with 50035 at its path', async (_name, body, path, code) => {
    const { registry, put } = await setup();
    const command = (await registry.bot({ method: 'POST', url: GUILD, payload: slash('mod') })).json();
    const response = await put(command.id, body);
    expect(response.statusCode).toBe(400);
    let node = response.json().errors;
    for (const key of path) node = node[key];
    expect(node._errors[0].code).toBe(code);
    expect(await registry.store.permissions.list(IDS.app, IDS.guild)).toEqual([]);
  });
});

describe('overwrites the service stores but never reads', () => {
  it('stores a target not in the guild and a repeated target, and warns about them in the management API', async () => {
    const { registry, put } = await setup();
    const command = (await registry.bot({ method: 'POST', url: GUILD, payload: slash('mod') })).json();
    const overwrites = [
      { id: '999999999999999999', type: 1, permission: true },
      { id: IDS.member, type: 2, permission: true },
      { id: IDS.member, type: 2, permission: false },
    ];
    const saved = await put(command.id, { permissions: overwrites });
    expect(saved.statusCode).toBe(200);
    // The public answer is the service's: no warnings in it.
    expect(saved.json()).toEqual({ id: command.id, application_id: IDS.app, guild_id: IDS.guild, permissions: overwrites });
    const listed = await registry.app.inject({
      method: 'GET', url: `/_slashbench/applications/${IDS.app}/guilds/${IDS.guild}/commands/permissions`, headers: { authorization: TOKENS.owner },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([{
      id: command.id, application_id: IDS.app, guild_id: IDS.guild, permissions: overwrites,
      warnings: [
        { path: 'permissions.0.id', code: 'UNKNOWN_OVERWRITE_TARGET', message: 'No role "999999999999999999" in this guild: the overwrite is stored but never matches.' },
        { path: 'permissions.2.id', code: 'REPEATED_OVERWRITE', message: 'An earlier overwrite has the same target and type: that one is read, this one never is.' },
      ],
    }]);
    const unknownGuild = await registry.app.inject({
      method: 'GET', url: `/_slashbench/applications/${IDS.app}/guilds/999/commands/permissions`, headers: { authorization: TOKENS.owner },
    });
    expect(unknownGuild.json().code).toBe(10004);
  });
});
