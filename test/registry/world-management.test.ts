import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { exportWorld } from '../../src/registry/world/export-world.js';
import type { WorldFile } from '../../src/shared/world-file.js';
import { IDS, TOKENS, WORLD, WORLD_TOKENS, worldRegistry } from '../helpers/world-registry.js';

const OWNER = TOKENS.owner;
const NEW_GUILD_ID = '800000000000000001';

/** A registry that records every `worldChanged`, and a request helper for the management API. */
async function managed() {
  const registry = await worldRegistry();
  const changes: Array<{ kind: string; id: string }> = [];
  registry.bus.on('worldChanged', (change) => changes.push(change));
  /** `authorization` null sends no Authorization header. */
  const send = async (method: InjectOptions['method'], path: string, payload?: unknown, authorization: string | null = OWNER) => {
    const response = await registry.as(authorization ?? undefined, { method, url: `/_slashbench${path}`, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body === '' ? undefined : (response.json() as unknown) };
  };
  return { registry, changes, send };
}

function invalid(errors: unknown) {
  return { status: 400, body: { message: 'Invalid Form Body', code: 50035, errors } };
}

function field(code: string, message: string) {
  return { _errors: [{ code, message }] };
}

const ROUTES: Array<[InjectOptions['method'], string, unknown?]> = [
  ['GET', '/world'],
  ['PUT', '/world', { users: [] }],
  ['POST', '/users', { username: 'someone' }],
  ['PATCH', `/users/${WORLD.reader}`, { locale: 'ko' }],
  ['PUT', `/users/${WORLD.reader}/applications/${IDS.app}`],
  ['DELETE', `/users/${WORLD.stranger}/applications/${IDS.otherApp}`],
  ['PUT', `/guilds/${WORLD.lab}/roles/${WORLD.labHelper}`, { name: 'Helper', permissions: '8' }],
  ['DELETE', `/guilds/${WORLD.lab}/roles/${WORLD.labHelper}`],
  ['PUT', `/channels/${WORLD.voice}`, { guild_id: WORLD.lab, name: 'Lounge 2', type: 2 }],
  ['DELETE', `/channels/${WORLD.voice}`],
  ['PUT', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`, { roles: [] }],
  ['DELETE', `/guilds/${WORLD.lab}/members/${WORLD.reader}`],
  ['PUT', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`],
  ['DELETE', `/guilds/${WORLD.lab}/applications/${IDS.app}`],
  ['POST', `/guilds/${WORLD.lab}/roles`, { name: 'Made', permissions: '0' }],
  ['POST', `/guilds/${WORLD.lab}/channels`, { name: 'made', type: 0 }],
  ['DELETE', `/users/${WORLD.reader}`],
];

describe('who may manage the world', () => {
  it('answers 401 without a user session token and 403 50001 to a bot, on every route, changing nothing', async () => {
    const { registry, changes, send } = await managed();
    const before = await exportWorld(registry.store);
    await registry.store.tokens.put('bearer-owner', { application_id: IDS.app, user_id: IDS.owner, scopes: ['identify'], expires_at: registry.clock.now + 60_000 });
    for (const [method, path, payload] of ROUTES) {
      for (const authorization of [null, 'not-a-token', 'Bearer bearer-owner', `${OWNER} extra`]) {
        expect(await send(method, path, payload, authorization), `${method} ${path} ${authorization}`)
          .toEqual({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
      }
      expect(await send(method, path, payload, `Bot ${TOKENS.bot}`)).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
    }
    expect(await exportWorld(registry.store)).toEqual(before);
    expect(changes).toEqual([]);
  });

  it('answers every route to any person of the world, announcing each edit', async () => {
    const { changes, send } = await managed();
    for (const [method, path, payload] of ROUTES) {
      const { status } = await send(method, path, payload, WORLD_TOKENS.stranger);
      expect(status, `${method} ${path}`).toBeLessThan(300);
    }
    expect(changes.map((change) => change.kind)).toEqual([
      'world', 'user', 'user', 'user_install', 'user_install', 'role', 'role', 'channel', 'channel', 'member', 'member', 'install', 'install',
      'role', 'channel', 'user',
    ]);
  });

  it('answers unknown management routes and wrong methods in the service format', async () => {
    const { send } = await managed();
    expect(await send('GET', '/nothing')).toEqual({ status: 404, body: { message: '404: Not Found', code: 0 } });
    expect(await send('DELETE', '/world')).toEqual({ status: 405, body: { message: '405: Method Not Allowed', code: 0 } });
  });
});

describe('GET and PUT /_slashbench/world', () => {
  it('exports the world without tokens, and imports an edited export', async () => {
    const { registry, send } = await managed();
    const exported = await send('GET', '/world');
    expect(exported).toEqual({ status: 200, body: JSON.parse(JSON.stringify(await exportWorld(registry.store))) });
    expect(JSON.stringify(exported.body)).not.toContain(TOKENS.bot);
    const world = exported.body as WorldFile;
    world.users.push({ id: '400000000000000009', username: 'imported', token: 'user-token-imported' });
    world.guilds.push({ id: NEW_GUILD_ID, name: 'New', owner_id: '400000000000000009', roles: [], channels: [], members: [], applications: [IDS.app] });
    const imported = await send('PUT', '/world', world);
    expect(imported.status).toBe(200);
    expect((imported.body as WorldFile).guilds.map((guild) => guild.id)).toContain(NEW_GUILD_ID);
    expect((await registry.as('user-token-imported', { method: 'GET', url: '/api/v10/users/@me' })).json()).toMatchObject({ id: '400000000000000009' });
    expect((await registry.as(`Bot ${TOKENS.bot}`, { method: 'GET', url: `/api/v10/guilds/${NEW_GUILD_ID}` })).statusCode).toBe(200);
  });

  it('refuses a file the schema refuses, naming each field, and writes nothing', async () => {
    const { registry, send } = await managed();
    const before = await exportWorld(registry.store);
    const refused = await send('PUT', '/world', {
      users: [{ id: 'alice', username: 'alice', locale: 'xx' }, { id: '1' }],
      guilds: [{ id: NEW_GUILD_ID, name: 'x', owner_id: IDS.owner, roles: [], channels: [{ id: '2', name: 'c', type: 3 }], members: [], applications: [] }],
    });
    expect(refused).toEqual(invalid({
      users: {
        0: { id: field('NUMBER_TYPE_COERCE', 'must be a snowflake (a string of decimal digits)'), locale: field('BASE_TYPE_INVALID', 'must be a known locale such as "en-US"') },
        1: { username: field('BASE_TYPE_REQUIRED', 'This field is required') },
      },
      guilds: { 0: { channels: { 0: { type: field('BASE_TYPE_CHOICES', 'must be a guild channel type (0, 2, 4, 5, 10, 11, 12, 13, 14, 15, 16)') } } } },
    }));
    expect(await exportWorld(registry.store)).toEqual(before);
  });

  it('refuses a world that does not hold together, naming the field, and writes nothing', async () => {
    const { registry, send } = await managed();
    const before = await exportWorld(registry.store);
    const world = {
      users: [{ id: '400000000000000009', username: 'late' }],
      applications: [{ id: '299999999999999999', name: 'Nobody\'s', owner_id: '499999999999999999', bot_token: 'token-of-nobody' }],
    };
    expect(await send('PUT', '/world', world)).toEqual(invalid({
      applications: { 0: { owner_id: field('UNKNOWN_REFERENCE', 'unknown user "499999999999999999"') } },
    }));
    const orphan = { messages: [{ id: '1', channel_id: WORLD.text, author_id: '499999999999999999', content: 'hi' }] };
    expect(await send('PUT', '/world', orphan)).toEqual(invalid({
      messages: { 0: { author_id: field('UNKNOWN_REFERENCE', 'unknown user "499999999999999999"') } },
    }));
    expect(await send('PUT', '/world', ['not an object'])).toEqual(invalid({ _errors: [{ code: 'MODEL_TYPE_CONVERT', message: 'Only dictionaries may be used in a ModelType' }] }));
    expect(await exportWorld(registry.store)).toEqual(before);
  });
});

describe('users', () => {
  it('creates a person with a made id and a token shown once, or with given ones', async () => {
    const { registry, send } = await managed();
    const made = await send('POST', '/users', { username: 'newcomer', locale: 'pt-BR' });
    expect(made.status).toBe(201);
    const { id, token } = made.body as { id: string; token: string };
    expect(made.body).toMatchObject({ username: 'newcomer', locale: 'pt-BR', global_name: null });
    expect((await registry.as(token, { method: 'GET', url: '/api/v10/users/@me' })).json()).toMatchObject({ id, locale: 'pt-BR' });
    const given = await send('POST', '/users', { id: '400000000000000042', username: 'given', token: 'user-token-given' });
    expect(given.status).toBe(201);
    expect(given.body).not.toHaveProperty('token');
  });

  it('refuses a taken id or token, and bodies the world file would refuse', async () => {
    const { send } = await managed();
    expect(await send('POST', '/users', { id: IDS.app, username: 'bot' })).toEqual(invalid({ id: field('ALREADY_IN_USE', 'already the id of a user or application') }));
    expect(await send('POST', '/users', { username: 'copy', token: OWNER })).toEqual(invalid({ token: field('ALREADY_IN_USE', 'already the token of another user') }));
    expect(await send('POST', '/users', { username: 'x'.repeat(33), token: 'short' })).toEqual(invalid({
      username: field('BASE_TYPE_MAX_LENGTH', 'Must be 32 or fewer in length.'),
      token: field('BASE_TYPE_MIN_LENGTH', 'Must be 8 or more in length.'),
    }));
    expect(await send('POST', '/users')).toEqual(invalid({ _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }] }));
  });

  it("switches a person's locale, which /users/@me then reports", async () => {
    const { registry, send } = await managed();
    const me = async () => (await registry.as(WORLD_TOKENS.reader, { method: 'GET', url: '/api/v10/users/@me' })).json() as { locale: string };
    expect((await me()).locale).toBe('en-US');
    expect(await send('PATCH', `/users/${WORLD.reader}`, { locale: 'ja', global_name: 'R' })).toMatchObject({ status: 200, body: { locale: 'ja', global_name: 'R', username: 'reader' } });
    expect((await me()).locale).toBe('ja');
    expect(await send('PATCH', `/users/${WORLD.reader}`, { locale: 'klingon' })).toEqual(invalid({ locale: field('BASE_TYPE_INVALID', 'must be a known locale such as "en-US"') }));
    expect((await me()).locale).toBe('ja');
  });

  it('answers 404 10013 for no such person, 403 for a bot user, 50035 for a bad id', async () => {
    const { send } = await managed();
    expect(await send('PATCH', '/users/499999999999999999', { locale: 'ja' })).toEqual({ status: 404, body: { message: 'Unknown User', code: 10013 } });
    expect(await send('PATCH', `/users/${IDS.app}`, { locale: 'ja' })).toMatchObject({ status: 403 });
    expect(await send('PATCH', '/users/reader', { locale: 'ja' })).toEqual(invalid({ user_id: field('NUMBER_TYPE_COERCE', 'Value "reader" is not snowflake.') }));
  });

  it('installs and uninstalls apps to a person', async () => {
    const { registry, send } = await managed();
    expect((await send('PUT', `/users/${WORLD.reader}/applications/${IDS.activityApp}`)).status).toBe(204);
    expect(await registry.store.world.userApplications(WORLD.reader)).toEqual([IDS.activityApp]);
    expect((await send('DELETE', `/users/${WORLD.stranger}/applications/${IDS.otherApp}`)).status).toBe(204);
    expect(await registry.store.world.userApplications(WORLD.stranger)).toEqual([]);
    expect(await send('PUT', `/users/${WORLD.reader}/applications/299999999999999999`)).toEqual({ status: 404, body: { message: 'Unknown Application', code: 10002 } });
  });
});

describe('roles and members', () => {
  it('creates, edits and deletes roles; a deleted role leaves its members', async () => {
    const { registry, send } = await managed();
    const created = await send('PUT', `/guilds/${WORLD.lab}/roles/510000000000000099`, { name: 'Mods', permissions: '8' });
    expect(created).toMatchObject({ status: 201, body: { id: '510000000000000099', name: 'Mods', permissions: '8', position: 2 } });
    expect(await send('PUT', `/guilds/${WORLD.lab}/roles/510000000000000099`, { name: 'Admins', permissions: '8', position: 5 }))
      .toMatchObject({ status: 200, body: { name: 'Admins', position: 5 } });
    expect((await send('DELETE', `/guilds/${WORLD.lab}/roles/${WORLD.labHelper}`)).status).toBe(204);
    expect((await registry.store.world.member(WORLD.lab, WORLD.reader))?.roles).toEqual([]);
    expect(await send('DELETE', `/guilds/${WORLD.lab}/roles/${WORLD.labHelper}`)).toEqual({ status: 404, body: { message: 'Unknown Role', code: 10011 } });
    expect(await send('DELETE', `/guilds/${WORLD.lab}/roles/${WORLD.lab}`)).toEqual({ status: 400, body: { message: 'Invalid Role', code: 50028 } });
    expect(await send('PUT', `/guilds/${WORLD.lab}/roles/${IDS.moderatorRole}`, { name: 'x', permissions: '0' }))
      .toEqual(invalid({ role_id: field('ALREADY_IN_USE', `already a role of guild "${IDS.guild}"`) }));
    expect(await send('PUT', `/guilds/${WORLD.lab}/roles/510000000000000098`, { name: '', permissions: 'all' })).toEqual(invalid({
      name: field('BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.'),
      permissions: field('BASE_TYPE_INVALID', 'must be a permission bit set as a decimal string'),
    }));
    expect(await send('PUT', `/guilds/599999999999999999/roles/1`, { name: 'x', permissions: '0' })).toEqual({ status: 404, body: { message: 'Unknown Guild', code: 10004 } });
  });

  it('adds, edits and removes members; the owner stays; removing a bot uninstalls its app', async () => {
    const { registry, send } = await managed();
    const added = await send('PUT', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`, { roles: [WORLD.labHelper], nick: 'S' });
    expect(added).toMatchObject({ status: 201, body: { user: { id: WORLD.stranger }, roles: [WORLD.labHelper], nick: 'S', joined_at: new Date(registry.clock.now).toISOString() } });
    registry.clock.now += 1000;
    const edited = await send('PUT', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`, { roles: [] });
    expect(edited).toMatchObject({ status: 200, body: { nick: null, joined_at: (added.body as { joined_at: string }).joined_at } });
    expect(await send('PUT', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`, { roles: [IDS.moderatorRole] }))
      .toEqual(invalid({ roles: { 0: field('UNKNOWN_REFERENCE', `unknown role "${IDS.moderatorRole}"`) } }));
    expect(await send('PUT', `/guilds/${WORLD.lab}/members/499999999999999999`, { roles: [] })).toMatchObject({ status: 404, body: { code: 10013 } });
    expect((await send('DELETE', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`)).status).toBe(204);
    expect(await send('DELETE', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`)).toEqual({ status: 404, body: { message: 'Unknown Member', code: 10007 } });
    expect(await send('DELETE', `/guilds/${WORLD.lab}/members/${IDS.owner}`)).toEqual({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
    expect((await send('DELETE', `/guilds/${WORLD.lab}/members/${IDS.app}`)).status).toBe(204);
    expect(await registry.store.world.isInstalled(WORLD.lab, IDS.app)).toBe(false);
  });
});

describe('guild installs', () => {
  it("installs an app with its bot as a member, and uninstalls it, which the bot's reads follow", async () => {
    const { registry, send } = await managed();
    const read = (token: string) => registry.as(`Bot ${token}`, { method: 'GET', url: `/api/v10/guilds/${WORLD.lab}` });
    expect((await read(TOKENS.otherBot)).statusCode).toBe(403);
    expect((await send('PUT', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`)).status).toBe(204);
    expect(await registry.store.world.member(WORLD.lab, IDS.otherApp)).toBeDefined();
    expect((await read(TOKENS.otherBot)).statusCode).toBe(200);
    expect((await send('DELETE', `/guilds/${WORLD.lab}/applications/${IDS.otherApp}`)).status).toBe(204);
    expect(await registry.store.world.member(WORLD.lab, IDS.otherApp)).toBeUndefined();
    expect((await read(TOKENS.otherBot)).statusCode).toBe(403);
    expect(await send('PUT', `/guilds/${WORLD.lab}/applications/299999999999999999`)).toMatchObject({ status: 404, body: { code: 10002 } });
  });
});

describe('channels', () => {
  const put = (send: Awaited<ReturnType<typeof managed>>['send'], id: string, body: unknown) => send('PUT', `/channels/${id}`, body);

  it('creates and edits guild channels, threads inside their parents', async () => {
    const { send } = await managed();
    const created = await put(send, '510000000000000099', { guild_id: WORLD.lab, name: 'ideas', type: 11, parent_id: WORLD.text });
    expect(created).toMatchObject({ status: 201, body: { id: '510000000000000099', type: 11, parent_id: WORLD.text, guild_id: WORLD.lab } });
    expect(await put(send, WORLD.voice, { guild_id: WORLD.lab, name: 'Quiet', type: 2, position: 9 })).toMatchObject({ status: 200, body: { name: 'Quiet', parent_id: null, position: 9 } });
  });

  it('refuses channels that break the world or the schema', async () => {
    const { registry, send } = await managed();
    const before = await exportWorld(registry.store);
    expect(await put(send, '510000000000000099', { guild_id: WORLD.lab, name: 'loose', type: 12 })).toEqual(invalid({ parent_id: field('BASE_TYPE_INVALID', 'a thread needs a parent channel') }));
    expect(await put(send, '510000000000000099', { guild_id: WORLD.lab, name: 'x', type: 0, parent_id: WORLD.darkText }))
      .toEqual(invalid({ parent_id: field('UNKNOWN_REFERENCE', `unknown channel "${WORLD.darkText}" in this guild`) }));
    expect(await put(send, WORLD.darkText, { guild_id: WORLD.lab, name: 'moved', type: 0 }))
      .toEqual(invalid({ channel_id: field('ALREADY_IN_USE', `already a channel of guild "${WORLD.dark}"`) }));
    expect(await put(send, WORLD.groupDm, { guild_id: WORLD.lab, name: 'moved', type: 0 })).toEqual(invalid({ channel_id: field('ALREADY_IN_USE', 'already a DM or group DM') }));
    expect(await put(send, '510000000000000099', { guild_id: '599999999999999999', name: 'x', type: 0 })).toEqual(invalid({ guild_id: field('UNKNOWN_REFERENCE', 'unknown guild "599999999999999999"') }));
    expect(await put(send, '510000000000000099', { name: 'x', type: 7 })).toEqual(invalid({
      type: field('BASE_TYPE_CHOICES', 'must be a guild channel type (0, 2, 4, 5, 10, 11, 12, 13, 14, 15, 16)'),
      guild_id: field('BASE_TYPE_REQUIRED', 'This field is required'),
    }));
    expect(await exportWorld(registry.store)).toEqual(before);
  });

  it('creates DMs and group DMs with recipients, and refuses ones that cannot exist', async () => {
    const { registry, send } = await managed();
    const dm = await put(send, '600000000000000099', { type: 1, recipients: [WORLD.stranger, IDS.app] });
    expect(dm).toMatchObject({ status: 201, body: { type: 1 } });
    expect((await registry.as(`Bot ${TOKENS.bot}`, { method: 'GET', url: '/api/v10/channels/600000000000000099' })).statusCode).toBe(200);
    expect(await put(send, WORLD.groupDm, { type: 3, recipients: [IDS.owner, WORLD.stranger], name: 'Two' })).toMatchObject({ status: 200, body: { name: 'Two' } });
    expect(await registry.store.world.recipients(WORLD.groupDm)).toEqual([IDS.owner, WORLD.stranger]);
    expect(await put(send, '600000000000000098', { type: 3, recipients: [IDS.owner, IDS.app] })).toEqual(invalid({ recipients: { 1: field('BASE_TYPE_INVALID', 'a group DM cannot include a bot') } }));
    expect(await put(send, '600000000000000098', { type: 1, recipients: [IDS.owner, WORLD.reader] }))
      .toEqual(invalid({ recipients: field('ALREADY_IN_USE', `a DM between these users already exists ("${WORLD.peopleDm}")`) }));
    expect(await put(send, '600000000000000098', { type: 1, recipients: [IDS.owner] })).toEqual(invalid({ recipients: field('BASE_TYPE_INVALID', 'a DM has exactly two recipients') }));
    expect(await put(send, WORLD.text, { type: 1, recipients: [IDS.owner, WORLD.stranger] }))
      .toEqual(invalid({ channel_id: field('ALREADY_IN_USE', `already a channel of guild "${WORLD.lab}"`) }));
  });

  it('deletes a channel with its threads and messages', async () => {
    const { registry, send } = await managed();
    expect((await send('DELETE', `/channels/${WORLD.text}`)).status).toBe(204);
    expect(await registry.store.world.channel(WORLD.thread)).toBeUndefined();
    expect(await registry.store.messages.messages(WORLD.text, { limit: 100 })).toEqual([]);
    expect((await registry.as(`Bot ${TOKENS.bot}`, { method: 'GET', url: `/api/v10/channels/${WORLD.text}` })).json()).toEqual({ message: 'Unknown Channel', code: 10003 });
    expect(await send('DELETE', `/channels/${WORLD.text}`)).toEqual({ status: 404, body: { message: 'Unknown Channel', code: 10003 } });
  });
});
