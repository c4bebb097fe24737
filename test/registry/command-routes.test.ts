import { describe, expect, it } from 'vitest';
import { WARNINGS } from '../../src/shared/command-rules/index.js';
import { GLOBAL, GUILD, IDS, TOKENS, slash, testRegistry } from '../helpers/test-registry.js';

describe('create, read, edit and delete commands', () => {
  it('creates a global command with the service defaults (201)', async () => {
    const registry = await testRegistry();
    const response = await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('ping') });
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const command = response.json();
    expect(command).toMatchObject({
      application_id: IDS.app, type: 1, name: 'ping', description: 'The ping command',
      name_localizations: null, description_localizations: null, default_member_permissions: null,
      dm_permission: true, nsfw: false, integration_types: [0], contexts: null,
    });
    expect(command.id).toMatch(/^\d{17,20}$/);
    expect(command.version).toBe(command.id);
    expect(command).not.toHaveProperty('guild_id');
    expect(command).not.toHaveProperty('handler');
    // Accepted in a body, but no longer in the service's answers (docs/command-rules.md).
    expect(command).not.toHaveProperty('default_permission');
  });

  it('upserts a POST with the same name, type and scope (200, same id)', async () => {
    const registry = await testRegistry();
    const first = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('ping') })).json();
    const again = await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('ping') });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.id);
    expect(again.json().version).toBe(first.version);
    const changed = await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('ping', { description: 'Pong!' }) });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().id).toBe(first.id);
    expect(BigInt(changed.json().version)).toBeGreaterThan(BigInt(first.version));
    const list = (await registry.bot({ method: 'GET', url: GLOBAL })).json();
    expect(list).toHaveLength(1);
  });

  it('lets the same name exist per type and per scope', async () => {
    const registry = await testRegistry();
    expect((await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('info') })).statusCode).toBe(201);
    expect((await registry.bot({ method: 'POST', url: GLOBAL, payload: { name: 'info', type: 2 } })).statusCode).toBe(201);
    const guild = await registry.bot({ method: 'POST', url: GUILD, payload: slash('info') });
    expect(guild.statusCode).toBe(201);
    expect(guild.json()).toMatchObject({ guild_id: IDS.guild, nsfw: false, default_member_permissions: null });
    // Fields "only for globally-scoped commands" are not in a guild command's answer.
    for (const field of ['dm_permission', 'integration_types', 'contexts']) expect(guild.json()).not.toHaveProperty(field);
    expect((await registry.bot({ method: 'GET', url: GLOBAL })).json()).toHaveLength(2);
    expect((await registry.bot({ method: 'GET', url: GUILD })).json()).toHaveLength(1);
  });

  it('answers an empty description for USER and MESSAGE commands', async () => {
    const registry = await testRegistry();
    const user = (await registry.bot({ method: 'POST', url: GLOBAL, payload: { name: 'High Five', type: 2 } })).json();
    const message = (await registry.bot({ method: 'POST', url: GLOBAL, payload: { name: 'Quote it', type: 3 } })).json();
    expect(user).toMatchObject({ type: 2, name: 'High Five', description: '' });
    expect(message).toMatchObject({ type: 3, name: 'Quote it', description: '' });
  });

  it('gets one command, and answers 10063 for an unknown one', async () => {
    const registry = await testRegistry();
    const created = (await registry.bot({ method: 'POST', url: GUILD, payload: slash('ping') })).json();
    const fetched = await registry.bot({ method: 'GET', url: `${GUILD}/${created.id}` });
    expect(fetched.json()).toEqual(created);
    const missing = await registry.bot({ method: 'GET', url: `${GUILD}/123456789012345678` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Unknown application command', code: 10063 });
    // A guild command is not found through the global route.
    expect((await registry.bot({ method: 'GET', url: `${GLOBAL}/${created.id}` })).statusCode).toBe(404);
  });

  it('edits with PATCH: given fields replace, others stay, the version moves', async () => {
    const registry = await testRegistry();
    const created = (await registry.bot({
      method: 'POST', url: GLOBAL,
      payload: slash('echo', { options: [{ type: 3, name: 'text', description: 'What to say', required: true }], nsfw: true }),
    })).json();
    const edited = await registry.bot({ method: 'PATCH', url: `${GLOBAL}/${created.id}`, payload: { description: 'Says it back' } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: created.id, description: 'Says it back', nsfw: true, options: created.options });
    expect(BigInt(edited.json().version)).toBeGreaterThan(BigInt(created.version));
    const unchanged = await registry.bot({ method: 'PATCH', url: `${GLOBAL}/${created.id}`, payload: {} });
    expect(unchanged.json().version).toBe(edited.json().version);
  });

  it('refuses a PATCH that renames onto another command of the same type', async () => {
    const registry = await testRegistry();
    await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('one') });
    const two = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('two') })).json();
    const response = await registry.bot({ method: 'PATCH', url: `${GLOBAL}/${two.id}`, payload: { name: 'one' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 50035, errors: { name: { _errors: [{ code: 'APPLICATION_COMMANDS_DUPLICATE_NAME' }] } } });
    expect((await registry.bot({ method: 'GET', url: `${GLOBAL}/${two.id}` })).json().name).toBe('two');
  });

  it('deletes with 204 and no body', async () => {
    const registry = await testRegistry();
    const created = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('gone') })).json();
    const response = await registry.bot({ method: 'DELETE', url: `${GLOBAL}/${created.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await registry.bot({ method: 'GET', url: GLOBAL })).json()).toEqual([]);
    expect((await registry.bot({ method: 'DELETE', url: `${GLOBAL}/${created.id}` })).json().code).toBe(10063);
  });

  it('makes timestamp-ordered snowflake ids', async () => {
    const registry = await testRegistry();
    const ids: bigint[] = [];
    for (const name of ['a', 'b', 'c']) {
      registry.clock.now += 5;
      ids.push(BigInt((await registry.bot({ method: 'POST', url: GLOBAL, payload: slash(name) })).json().id));
    }
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    expect(Number((ids[0] as bigint) >> 22n) + 1_420_070_400_000).toBe(registry.clock.now - 10);
  });
});

describe('bulk overwrite', () => {
  it('replaces the whole list, keeping ids of commands matched by name', async () => {
    const registry = await testRegistry();
    const keep = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('keep') })).json();
    const drop = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('drop') })).json();
    const response = await registry.bot({
      method: 'PUT', url: GLOBAL,
      payload: [slash('keep'), slash('new'), { name: 'Inspect', type: 2 }, { name: 'Quote', type: 3 }],
    });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.map((command: { name: string }) => command.name)).toEqual(['keep', 'new', 'Inspect', 'Quote']);
    expect(list[0].id).toBe(keep.id);
    expect(list[0].version).toBe(keep.version);
    const stored = (await registry.bot({ method: 'GET', url: GLOBAL })).json();
    expect(stored.map((command: { id: string }) => command.id)).not.toContain(drop.id);
    expect(stored).toHaveLength(4);
  });

  it('matches by id when an element carries one, so a rename keeps the id', async () => {
    const registry = await testRegistry();
    const old = (await registry.bot({ method: 'POST', url: GUILD, payload: slash('old') })).json();
    const list = (await registry.bot({ method: 'PUT', url: GUILD, payload: [{ id: old.id, ...slash('renamed') }] })).json();
    expect(list).toMatchObject([{ id: old.id, name: 'renamed', guild_id: IDS.guild }]);
  });

  it('swaps two names in one overwrite without colliding', async () => {
    const registry = await testRegistry();
    const a = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('a') })).json();
    const b = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('b') })).json();
    const list = (await registry.bot({ method: 'PUT', url: GLOBAL, payload: [{ id: a.id, ...slash('b') }, { id: b.id, ...slash('a') }] })).json();
    expect(list.map((command: { id: string; name: string }) => [command.id, command.name])).toEqual([[a.id, 'b'], [b.id, 'a']]);
  });

  it('is all or nothing: one bad element refuses the whole list, with numeric keys', async () => {
    const registry = await testRegistry();
    await registry.bot({ method: 'PUT', url: GLOBAL, payload: [slash('one'), slash('two')] });
    const before = (await registry.bot({ method: 'GET', url: GLOBAL })).json();
    const response = await registry.bot({ method: 'PUT', url: GLOBAL, payload: [slash('three'), slash('Bad Name')] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 50035, message: 'Invalid Form Body', errors: { 1: { name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME' }] } } } });
    expect((await registry.bot({ method: 'GET', url: GLOBAL })).json()).toEqual(before);
  });

  it('empties the list with []', async () => {
    const registry = await testRegistry();
    await registry.bot({ method: 'PUT', url: GUILD, payload: [slash('one')] });
    expect((await registry.bot({ method: 'PUT', url: GUILD, payload: [] })).json()).toEqual([]);
    expect((await registry.bot({ method: 'GET', url: GUILD })).json()).toEqual([]);
  });

  it('refuses a body that is not a list', async () => {
    const registry = await testRegistry();
    const response = await registry.bot({ method: 'PUT', url: GLOBAL, payload: slash('one') });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(50035);
  });
});

describe('list answers are reused only while nothing changed', () => {
  it('reflects every create, edit, delete and bulk overwrite, per scope and locale', async () => {
    const registry = await testRegistry();
    const list = async (url: string, locale = 'en-US') =>
      (await registry.bot({ method: 'GET', url, headers: { 'x-discord-locale': locale } })).json().map((command: { name: string; description: string; name_localized?: string }) =>
        `${command.name}:${command.description}${command.name_localized ? `:${command.name_localized}` : ''}`);
    expect(await list(GLOBAL)).toEqual([]);
    const created = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('one', { name_localizations: { fr: 'un' } }) })).json();
    expect(await list(GLOBAL)).toEqual(['one:The one command']);
    expect(await list(GLOBAL, 'fr')).toEqual(['one:The one command:un']);
    await registry.bot({ method: 'PATCH', url: `${GLOBAL}/${created.id}`, payload: { description: 'Edited' } });
    expect(await list(GLOBAL)).toEqual(['one:Edited']);
    expect(await list(GLOBAL, 'fr')).toEqual(['one:Edited:un']);
    expect(await list(GUILD)).toEqual([]);
    await registry.bot({ method: 'PUT', url: GUILD, payload: [slash('guildy')] });
    expect(await list(GUILD)).toEqual(['guildy:The guildy command']);
    expect(await list(GLOBAL)).toEqual(['one:Edited']);
    await registry.bot({ method: 'DELETE', url: `${GLOBAL}/${created.id}` });
    expect(await list(GLOBAL)).toEqual([]);
  });
});

describe('combinations the service stores but ignores', () => {
  it('stores contexts [0, 1, 2] with integration_types [0], as seyfert registers every command', async () => {
    const registry = await testRegistry();
    const body = slash('ask', { integration_types: [0], contexts: [0, 1, 2] });
    const created = await registry.bot({ method: 'POST', url: GLOBAL, payload: body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ integration_types: [0], contexts: [0, 1, 2] });
    // The public answer is the service's, with no warnings in it.
    expect(created.json()).not.toHaveProperty('warnings');
    const bulk = await registry.bot({ method: 'PUT', url: GLOBAL, payload: [body, slash('ping', { contexts: [2] })] });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().map((command: { contexts: number[] }) => command.contexts)).toEqual([[0, 1, 2], [2]]);
  });

  it('accepts a guild command with the global lists, as the bulk element documents them, and answers it without them', async () => {
    const registry = await testRegistry();
    const body = slash('guildy', { integration_types: [0, 1], contexts: [0, 1, 2] });
    const response = await registry.bot({ method: 'PUT', url: GUILD, payload: [body] });
    expect(response.statusCode).toBe(200);
    expect(response.json()[0]).toMatchObject({ guild_id: IDS.guild, name: 'guildy' });
    expect(response.json()[0]).not.toHaveProperty('integration_types');
    expect(response.json()[0]).not.toHaveProperty('contexts');
  });
});

describe('warnings in the management API', () => {
  const list = (registry: Awaited<ReturnType<typeof testRegistry>>, query = '', token: string = TOKENS.owner) =>
    registry.app.inject({ method: 'GET', url: `/_slashbench/applications/${IDS.app}/commands${query}`, headers: { authorization: token } });

  it('lists each stored command with what the service ignores in it', async () => {
    const registry = await testRegistry();
    await registry.bot({ method: 'PUT', url: GLOBAL, payload: [slash('ask', { integration_types: [0], contexts: [0, 1, 2] }), slash('ping')] });
    const response = await list(registry);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Array<{ command: { name: string }; warnings: unknown[] }>;
    expect(body.map((entry) => entry.command.name)).toEqual(['ask', 'ping']);
    expect(body[0]?.warnings).toEqual([{
      path: 'contexts.2', code: 'PRIVATE_CHANNEL_WITHOUT_USER_INSTALL',
      message: WARNINGS.privateChannelWithoutUserInstall.text(),
    }]);
    expect(body[1]?.warnings).toEqual([]);
  });

  it('lists a guild\'s commands with guild_id, and warns about the lists only global commands read', async () => {
    const registry = await testRegistry();
    await registry.bot({ method: 'POST', url: GUILD, payload: slash('guildy', { integration_types: [1], contexts: [0, 1] }) });
    const body = (await list(registry, `?guild_id=${IDS.guild}`)).json() as Array<{ warnings: Array<{ path: string; code: string }> }>;
    expect(body[0]?.warnings.map((warning) => [warning.path, warning.code])).toEqual([
      ['integration_types', 'GUILD_COMMAND_INTEGRATION_TYPES'], ['contexts', 'GUILD_COMMAND_CONTEXTS'],
    ]);
    expect((await list(registry)).json()).toEqual([]);
  });

  it('answers people only, for apps and guilds that exist', async () => {
    const registry = await testRegistry();
    expect((await list(registry, '', `Bot ${TOKENS.bot}`)).statusCode).toBe(403);
    expect((await list(registry, '', 'nobody')).statusCode).toBe(401);
    expect((await list(registry, '?guild_id=999')).json().code).toBe(10004);
    const unknownApp = await registry.app.inject({ method: 'GET', url: '/_slashbench/applications/999/commands', headers: { authorization: TOKENS.owner } });
    expect(unknownApp.json().code).toBe(10002);
  });
});
