/**
 * The management routes the client's world editor adds: roles and channels created with an
 * id the registry makes, people deleted with everything that names them, and an import
 * that makes tokens for new people and apps (answered once, where a world file carries
 * them). Every edit announces `worldChanged`, and what it changed inside guilds as
 * `guildEdited`; a refusal announces nothing and writes nothing.
 */
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { GuildEdits } from '../../src/registry/domain/guild-diff.js';
import { exportWorld } from '../../src/registry/world/export-world.js';
import type { WorldFile } from '../../src/shared/world-file.js';
import { IDS, TOKENS, WORLD, WORLD_TOKENS, worldRegistry } from '../helpers/world-registry.js';

async function managed() {
  const registry = await worldRegistry();
  const changes: Array<{ kind: string; id: string }> = [];
  const guildEdits: GuildEdits[] = [];
  registry.bus.on('worldChanged', (change) => changes.push(change));
  registry.bus.on('guildEdited', (edits) => guildEdits.push(edits));
  const send = async (method: InjectOptions['method'], path: string, payload?: unknown, authorization: string = TOKENS.owner) => {
    const response = await registry.as(authorization, { method, url: `/_slashbench${path}`, ...(payload === undefined ? {} : { payload: payload as object }) });
    return { status: response.statusCode, body: response.body === '' ? undefined : (response.json() as unknown) };
  };
  return { registry, changes, guildEdits, send };
}

function invalid(errors: unknown) {
  return { status: 400, body: { message: 'Invalid Form Body', code: 50035, errors } };
}

function field(code: string, message: string) {
  return { _errors: [{ code, message }] };
}

/** The kinds and changes of the guild edits heard, as `kind:change:id` strings. */
function summary(edits: GuildEdits[]): string[] {
  return edits.flatMap(({ guildId, edits: list }) => list.map((edit) => {
    switch (edit.kind) {
      case 'install':
      case 'uninstall':
        return `${guildId} ${edit.kind} ${edit.applicationId}`;
      case 'guild':
        return `${guildId} guild update ${edit.guild.name}`;
      case 'role':
        return `${guildId} role ${edit.change} ${edit.role.id}`;
      case 'channel':
        return `${guildId} channel ${edit.change} ${edit.channel.id}`;
      case 'member':
        return `${guildId} member ${edit.change} ${edit.member.user_id}`;
    }
  }));
}

describe('POST /_slashbench/guilds/{guild}/roles', () => {
  it('creates a role with a snowflake the registry makes, on top of the others', async () => {
    const { registry, changes, guildEdits, send } = await managed();
    const created = await send('POST', `/guilds/${WORLD.lab}/roles`, { name: 'Managers', permissions: '32' });
    expect(created).toMatchObject({ status: 201, body: { name: 'Managers', permissions: '32', position: 2, color: 0, hoist: false } });
    const { id } = created.body as { id: string };
    expect(id).toMatch(/^\d{17,20}$/);
    expect(await registry.store.world.role(id)).toMatchObject({ guild_id: WORLD.lab, name: 'Managers' });
    expect(changes).toEqual([{ kind: 'role', id }]);
    expect(summary(guildEdits)).toEqual([`${WORLD.lab} role create ${id}`]);
  });

  it('refuses what the world file would refuse, and unknown guilds, announcing nothing', async () => {
    const { registry, changes, guildEdits, send } = await managed();
    const before = await exportWorld(registry.store);
    expect(await send('POST', `/guilds/${WORLD.lab}/roles`, { name: '', permissions: '8 ' })).toEqual(invalid({
      name: field('BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.'),
      permissions: field('BASE_TYPE_INVALID', 'must be a permission bit set as a decimal string'),
    }));
    expect(await send('POST', '/guilds/599999999999999999/roles', { name: 'x', permissions: '0' })).toEqual({ status: 404, body: { message: 'Unknown Guild', code: 10004 } });
    expect(await send('POST', '/guilds/lab/roles', { name: 'x', permissions: '0' })).toEqual(invalid({ guild_id: field('NUMBER_TYPE_COERCE', 'Value "lab" is not snowflake.') }));
    expect(await send('POST', `/guilds/${WORLD.lab}/roles`, { name: 'x', permissions: '0' }, `Bot ${TOKENS.bot}`)).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
    expect(await send('GET', `/guilds/${WORLD.lab}/roles`)).toEqual({ status: 405, body: { message: '405: Method Not Allowed', code: 0 } });
    expect(await exportWorld(registry.store)).toEqual(before);
    expect(changes).toEqual([]);
    expect(guildEdits).toEqual([]);
  });

  it('takes a deleted role from its members, which bots hear as member updates before the role goes', async () => {
    const { guildEdits, send } = await managed();
    expect((await send('DELETE', `/guilds/${WORLD.lab}/roles/${WORLD.labHelper}`)).status).toBe(204);
    expect(summary(guildEdits)).toEqual([`${WORLD.lab} member update ${WORLD.reader}`, `${WORLD.lab} role delete ${WORLD.labHelper}`]);
  });
});

describe('a role\'s colour and hoist', () => {
  it('are set, kept when an edit leaves them out, read by bots and clients, and exported', async () => {
    const { registry, send } = await managed();
    const created = await send('POST', `/guilds/${WORLD.lab}/roles`, { name: 'Blue', permissions: '0', color: 0x3498db, hoist: true });
    expect(created).toMatchObject({ status: 201, body: { color: 0x3498db, colors: { primary_color: 0x3498db }, hoist: true } });
    const { id } = created.body as { id: string };
    expect(await send('PUT', `/guilds/${WORLD.lab}/roles/${id}`, { name: 'Still blue', permissions: '8' })).toMatchObject({ status: 200, body: { color: 0x3498db, hoist: true } });
    const roles = (await registry.as(`Bot ${TOKENS.bot}`, { method: 'GET', url: `/api/v10/guilds/${WORLD.lab}/roles` })).json() as Array<{ id: string; color: number; hoist: boolean }>;
    expect(roles.find((role) => role.id === id)).toMatchObject({ color: 0x3498db, hoist: true });
    expect((await exportWorld(registry.store)).guilds.find((guild) => guild.id === WORLD.lab)?.roles.find((role) => role.id === id))
      .toEqual({ id, name: 'Still blue', permissions: '8', position: 2, color: 0x3498db, hoist: true });
    expect(await send('PUT', `/guilds/${WORLD.lab}/roles/${id}`, { name: 'Plain', permissions: '0', color: 0, hoist: false })).toMatchObject({ body: { color: 0, hoist: false } });
  });

  it('are refused when they are not a colour or a boolean', async () => {
    const { send } = await managed();
    expect(await send('POST', `/guilds/${WORLD.lab}/roles`, { name: 'x', permissions: '0', color: 0x1000000, hoist: 'yes' })).toEqual(invalid({
      color: field('NUMBER_TYPE_MAX', 'int value should be less than or equal to 16777215.'),
      hoist: field('BOOLEAN_TYPE_CONVERT', 'Must be either true or false.'),
    }));
  });
});

describe('POST /_slashbench/guilds/{guild}/channels', () => {
  it('creates a guild channel with a made id, in a category or as a thread', async () => {
    const { registry, guildEdits, send } = await managed();
    const created = await send('POST', `/guilds/${WORLD.lab}/channels`, { name: 'ideas', type: 0, parent_id: WORLD.category, nsfw: true });
    expect(created).toMatchObject({ status: 201, body: { type: 0, name: 'ideas', guild_id: WORLD.lab, parent_id: WORLD.category, nsfw: true } });
    const { id } = created.body as { id: string };
    expect(await registry.store.world.channel(id)).toMatchObject({ guild_id: WORLD.lab, name: 'ideas' });
    const thread = await send('POST', `/guilds/${WORLD.lab}/channels`, { name: 'first', type: 11, parent_id: id });
    expect(thread).toMatchObject({ status: 201, body: { type: 11, parent_id: id } });
    expect(summary(guildEdits)).toEqual([`${WORLD.lab} channel create ${id}`, `${WORLD.lab} channel create ${(thread.body as { id: string }).id}`]);
  });

  it('refuses a channel the world cannot hold, naming the field', async () => {
    const { registry, send } = await managed();
    const before = await exportWorld(registry.store);
    expect(await send('POST', `/guilds/${WORLD.lab}/channels`, { name: 'loose', type: 11 })).toEqual(invalid({ parent_id: field('BASE_TYPE_INVALID', 'a thread needs a parent channel') }));
    expect(await send('POST', `/guilds/${WORLD.lab}/channels`, { name: 'x', type: 0, parent_id: WORLD.text }))
      .toEqual(invalid({ parent_id: field('BASE_TYPE_INVALID', 'a channel sits only in a category') }));
    expect(await send('POST', `/guilds/${WORLD.lab}/channels`, { name: 'dm', type: 1 }))
      .toEqual(invalid({ type: field('BASE_TYPE_CHOICES', 'must be a guild channel type (0, 2, 4, 5, 10, 11, 12, 13, 14, 15, 16)') }));
    expect(await send('POST', '/guilds/599999999999999999/channels', { name: 'x', type: 0 })).toEqual({ status: 404, body: { message: 'Unknown Guild', code: 10004 } });
    expect(await exportWorld(registry.store)).toEqual(before);
  });

  it('hears a deleted channel with its threads, and its category\'s channels moved out', async () => {
    const { guildEdits, send } = await managed();
    expect((await send('DELETE', `/channels/${WORLD.category}`)).status).toBe(204);
    expect(summary(guildEdits)).toEqual([
      `${WORLD.lab} channel update ${WORLD.text}`, `${WORLD.lab} channel update ${WORLD.voice}`, `${WORLD.lab} channel delete ${WORLD.category}`,
    ]);
    guildEdits.length = 0;
    expect((await send('DELETE', `/channels/${WORLD.text}`)).status).toBe(204);
    expect(summary(guildEdits)).toEqual([
      `${WORLD.lab} channel delete ${WORLD.text}`, `${WORLD.lab} channel delete ${WORLD.thread}`, `${WORLD.lab} channel delete ${WORLD.privateThread}`,
    ]);
  });
});

describe('DELETE /_slashbench/users/{id}', () => {
  it('deletes a person with their memberships, DMs, group DM place and messages; the export still loads', async () => {
    const { registry, changes, guildEdits, send } = await managed();
    expect((await send('DELETE', `/users/${WORLD.reader}`)).status).toBe(204);
    const { world, messages } = registry.store;
    expect(await world.user(WORLD.reader)).toBeUndefined();
    expect(await world.member(WORLD.lab, WORLD.reader)).toBeUndefined();
    expect(await world.channel(WORLD.botDm)).toBeUndefined();
    expect(await world.channel(WORLD.peopleDm)).toBeUndefined();
    expect(await world.recipients(WORLD.groupDm)).toEqual([IDS.owner, WORLD.stranger]);
    expect((await messages.allMessages()).some((message) => message.author_id === WORLD.reader)).toBe(false);
    expect((await registry.as(WORLD_TOKENS.reader, { method: 'GET', url: '/api/v10/users/@me' })).statusCode).toBe(401);
    expect(changes).toEqual([{ kind: 'user', id: WORLD.reader }]);
    expect(summary(guildEdits).sort()).toEqual([`${WORLD.dark} member delete ${WORLD.reader}`, `${WORLD.lab} member delete ${WORLD.reader}`].sort());
    const exported = await exportWorld(registry.store);
    expect(await send('PUT', '/world', exported)).toMatchObject({ status: 200 });
    expect(await exportWorld(registry.store)).toEqual(exported);
  });

  it('refuses to delete the caller, an owner, a bot user or nobody, writing nothing', async () => {
    const { registry, changes, send } = await managed();
    const before = await exportWorld(registry.store);
    expect(await send('DELETE', `/users/${WORLD.reader}`, undefined, WORLD_TOKENS.reader))
      .toEqual(invalid({ user_id: field('BASE_TYPE_INVALID', 'you cannot delete yourself: act as someone else first') }));
    expect(await send('DELETE', `/users/${IDS.owner}`, undefined, WORLD_TOKENS.reader))
      .toEqual(invalid({ user_id: field('BASE_TYPE_INVALID', `owns guild "${IDS.guild}": give it another owner first`) }));
    expect(await send('DELETE', `/users/${IDS.app}`)).toEqual({ status: 403, body: { message: 'Missing Access', code: 50001 } });
    expect(await send('DELETE', '/users/499999999999999999')).toEqual({ status: 404, body: { message: 'Unknown User', code: 10013 } });
    expect(await exportWorld(registry.store)).toEqual(before);
    expect(changes).toEqual([]);
  });

  it('refuses to delete the owner of an application', async () => {
    const { registry, send } = await managed();
    await registry.load({ users: [], applications: [{ id: IDS.otherApp, name: 'Other Bot', owner_id: WORLD.stranger }], guilds: [] });
    expect(await send('DELETE', `/users/${WORLD.stranger}`))
      .toEqual(invalid({ user_id: field('BASE_TYPE_INVALID', `owns application "${IDS.otherApp}": give it another owner first`) }));
  });
});

describe('renaming a person', () => {
  it('is heard in every guild they are a member of, as a member update', async () => {
    const { guildEdits, send } = await managed();
    expect((await send('PATCH', `/users/${WORLD.reader}`, { global_name: 'Reader Two' })).status).toBe(200);
    expect(summary(guildEdits).sort()).toEqual([`${WORLD.dark} member update ${WORLD.reader}`, `${WORLD.lab} member update ${WORLD.reader}`].sort());
    guildEdits.length = 0;
    expect((await send('PATCH', `/users/${WORLD.stranger}`, { locale: 'fr' })).status).toBe(200);
    expect(guildEdits).toEqual([]);
  });
});

describe('PUT /_slashbench/world', () => {
  it('makes tokens for new people and apps that have none, answers them once, and they work', async () => {
    const { registry, send } = await managed();
    const world: WorldFile = {
      users: [{ id: '400000000000000009', username: 'newcomer' }, { id: WORLD.reader, username: 'reader' }],
      applications: [{ id: '299999999999999999', name: 'Imported Bot', owner_id: '400000000000000009' }, { id: IDS.otherApp, name: 'Other Bot' }],
      guilds: [],
    };
    const imported = await send('PUT', '/world', world);
    expect(imported.status).toBe(200);
    const answer = imported.body as WorldFile;
    const userToken = answer.users.find((user) => user.id === '400000000000000009')?.token;
    const botToken = answer.applications.find((app) => app.id === '299999999999999999')?.bot_token;
    expect(userToken).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(botToken).toMatch(/^[\w-]+\.[\w-]+$/);
    // Only what the import made: people and apps that existed keep their tokens, unshown.
    expect(answer.users.filter((user) => user.token !== undefined).map((user) => user.id)).toEqual(['400000000000000009']);
    expect(answer.applications.filter((app) => app.bot_token !== undefined).map((app) => app.id)).toEqual(['299999999999999999']);
    expect((await registry.as(userToken, { method: 'GET', url: '/api/v10/users/@me' })).json()).toMatchObject({ id: '400000000000000009' });
    expect((await registry.as(`Bot ${botToken}`, { method: 'GET', url: '/api/v10/applications/@me' })).json()).toMatchObject({ id: '299999999999999999' });
    expect((await registry.as(WORLD_TOKENS.reader, { method: 'GET', url: '/api/v10/users/@me' })).statusCode).toBe(200);
    expect((await registry.as(`Bot ${TOKENS.otherBot}`, { method: 'GET', url: '/api/v10/applications/@me' })).statusCode).toBe(200);
    // The next export carries none of them.
    expect(JSON.stringify((await send('GET', '/world')).body)).not.toContain(botToken);
  });

  it('imports an export of another registry (no tokens at all) into this one', async () => {
    const source = await managed();
    const exported = (await source.send('GET', '/world')).body as WorldFile;
    const target = await worldRegistry({ extend: false });
    const response = await target.as(TOKENS.owner, { method: 'PUT', url: '/_slashbench/world', payload: exported as unknown as object });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as WorldFile;
    expect(answer.users.filter((user) => user.token !== undefined).map((user) => user.id).sort()).toEqual([WORLD.stranger, WORLD.reader].sort());
    const { token, ...withoutToken } = answer.users.find((user) => user.id === WORLD.reader) ?? {};
    expect(token).toBeDefined();
    expect((await exportWorld(target.store)).users.find((user) => user.id === WORLD.reader)).toEqual(withoutToken);
    expect((await exportWorld(target.store)).guilds).toEqual(exported.guilds);
  });

  it('tells bots what the import changed in their guilds: installs, roles, channels, members', async () => {
    const { guildEdits, send } = await managed();
    const world = (await send('GET', '/world')).body as WorldFile;
    const lab = world.guilds.find((guild) => guild.id === WORLD.lab);
    if (!lab) throw new Error('no lab');
    lab.applications.push(IDS.otherApp);
    lab.name = 'Laboratory';
    lab.roles = lab.roles.map((role) => (role.id === WORLD.labHelper ? { ...role, name: 'Helpers' } : role));
    lab.channels = lab.channels.filter((channel) => channel.id !== WORLD.stage);
    expect((await send('PUT', '/world', world)).status).toBe(200);
    expect(summary(guildEdits)).toEqual([
      `${WORLD.lab} guild update Laboratory`,
      `${WORLD.lab} role update ${WORLD.labHelper}`,
      `${WORLD.lab} member create ${IDS.otherApp}`,
      `${WORLD.lab} channel delete ${WORLD.stage}`,
      `${WORLD.lab} install ${IDS.otherApp}`,
    ]);
  });
});
