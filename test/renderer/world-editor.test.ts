/**
 * The world editor's pure parts and its slice, in Node with fake dependencies: permission
 * checkboxes to and from the bit set, each form as the management request it becomes
 * (checked first with the shared schema), refusals placed beside their fields, the import
 * check with the paths of bad fields, the tokens shown once, and reloads after edits and on
 * WORLD_UPDATE.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { PERMISSION_ENTRIES, type PermissionEntry, type PermissionName } from '../../src/shared/permission-names.js';
import type { WorldFile } from '../../src/shared/world-file.js';
import { parentChoices } from '../../src/renderer/features/world-editor/channel-types.js';
import { answerErrors, editErrors, treeIssues } from '../../src/renderer/features/world-editor/edit-errors.js';
import {
  checkRequest, createUserRequest, deleteUserRequest, editApplicationRequest, editUserRequest, installRequest, removeMemberRequest,
  saveChannelRequest, saveMemberRequest, saveRoleRequest, type ApplicationForm,
} from '../../src/renderer/features/world-editor/management-requests.js';
import { mappingWarnings } from '../../src/renderer/features/world-editor/mapping-warnings.js';
import {
  checkboxGroups, isGranted, permissionSet, permissionsOf, withPermission,
} from '../../src/renderer/features/world-editor/permission-checkboxes.js';
import { checkWorldImport, importedTokens } from '../../src/renderer/features/world-editor/world-import.js';
import type { ManagementCall } from '../../src/renderer/store/deps.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { GUILD, startedClient, type Fake } from './fake-deps.js';

function permission(name: PermissionName): PermissionEntry {
  const found = PERMISSION_ENTRIES.find((entry) => entry.name === name);
  if (!found) throw new Error(`no ${name}`);
  return found;
}

describe('permission checkboxes', () => {
  it('read a bit set as checked boxes and write the boxes back as the decimal string', () => {
    const manageGuild = permission('ManageGuild');
    const commands = permission('UseApplicationCommands');
    const bits = permissionsOf([manageGuild, commands]);
    expect(bits).toBe(String((1n << 5n) | (1n << 31n)));
    expect(isGranted(bits, manageGuild)).toBe(true);
    expect(isGranted(bits, permission('Administrator'))).toBe(false);
    const checked = checkboxGroups(bits).flatMap((group) => group.rows.filter((row) => row.checked).map((row) => row.entry.name));
    expect(checked).toEqual(['ManageGuild', 'UseApplicationCommands']);
    expect(withPermission(bits, manageGuild, false)).toBe(String(1n << 31n));
    expect(withPermission('0', permission('BypassSlowmode'), true)).toBe(String(PermissionFlagsBits.BypassSlowmode));
  });

  it('keep bits no checkbox names, and read a malformed set as none', () => {
    const unknown = 1n << 60n;
    const bits = withPermission(unknown.toString(), permission('ViewChannel'), true);
    expect(permissionSet(bits)).toBe(unknown | (1n << 10n));
    expect(withPermission(bits, permission('ViewChannel'), false)).toBe(unknown.toString());
    expect(permissionSet('all')).toBe(0n);
    expect(checkboxGroups('all').every((group) => group.rows.every((row) => !row.checked))).toBe(true);
  });

  it('filter by label, any case, keeping only sections with a match', () => {
    const groups = checkboxGroups('0', 'MANAGE S');
    expect(groups.map((group) => [group.title, group.rows.map((row) => row.entry.label)])).toEqual([
      ['General Server Permissions', ['Manage Server']],
    ]);
    expect(checkboxGroups('0', 'nothing like it')).toEqual([]);
  });
});

describe('forms as management requests', () => {
  it('creates a user with only what was typed, and edits one clearing blank optional fields', () => {
    const blank = { id: '', username: ' dave ', globalName: '', locale: '', token: '' };
    expect(createUserRequest(blank).call).toEqual({ method: 'POST', path: '/users', body: { username: 'dave' } });
    expect(createUserRequest({ ...blank, id: '42', globalName: 'Dave', locale: 'fr', token: 'token-of-dave' }).call.body)
      .toEqual({ id: '42', username: 'dave', global_name: 'Dave', locale: 'fr', token: 'token-of-dave' });
    expect(editUserRequest('7', blank).call).toEqual({ method: 'PATCH', path: '/users/7', body: { username: 'dave', global_name: null, locale: null } });
    expect(deleteUserRequest('7', 'dave').call).toEqual({ method: 'DELETE', path: '/users/7' });
  });

  it('creates a role with POST (the registry makes its id) and edits one with PUT', () => {
    expect(saveRoleRequest('1', null, { name: ' Managers ', permissions: '32', position: '', color: 0, hoist: false }).call)
      .toEqual({ method: 'POST', path: '/guilds/1/roles', body: { name: 'Managers', permissions: '32', color: 0, hoist: false } });
    expect(saveRoleRequest('1', '5', { name: 'Managers', permissions: '0', position: '3', color: 0x3498db, hoist: true }).call)
      .toEqual({ method: 'PUT', path: '/guilds/1/roles/5', body: { name: 'Managers', permissions: '0', position: 3, color: 0x3498db, hoist: true } });
  });

  it('creates a channel under its guild and edits one naming the guild, a blank parent as none', () => {
    const form = { name: 'ideas', type: 0, parentId: '', nsfw: true, position: '' };
    expect(saveChannelRequest('1', null, form).call).toEqual({ method: 'POST', path: '/guilds/1/channels', body: { name: 'ideas', type: 0, parent_id: null, nsfw: true } });
    expect(saveChannelRequest('1', '9', { ...form, parentId: '8', position: '2' }).call)
      .toEqual({ method: 'PUT', path: '/channels/9', body: { guild_id: '1', name: 'ideas', type: 0, parent_id: '8', nsfw: true, position: 2 } });
  });

  it('saves a member without @everyone among their roles, and installs to a guild or a person', () => {
    expect(saveMemberRequest('1', '7', { roles: ['1', '5'], nick: ' ' }, 'dave').call)
      .toEqual({ method: 'PUT', path: '/guilds/1/members/7', body: { roles: ['5'], nick: null } });
    expect(removeMemberRequest('1', '7', 'dave').call).toEqual({ method: 'DELETE', path: '/guilds/1/members/7' });
    expect(installRequest({ guildId: '1' }, '3', true, 'Bot').call).toEqual({ method: 'PUT', path: '/guilds/1/applications/3' });
    expect(installRequest({ userId: '7' }, '3', false, 'Bot').call).toEqual({ method: 'DELETE', path: '/users/7/applications/3' });
  });

  it('are checked with the registry\'s own schema before sending, in its words and codes', () => {
    expect(checkRequest(saveRoleRequest('1', null, { name: 'ok', permissions: '8', position: '', color: 0, hoist: false }))).toEqual([]);
    const refused = checkRequest(saveRoleRequest('1', null, { name: '', permissions: 'all', position: 'top', color: 0, hoist: false }));
    expect(editErrors(refused, ['name', 'permissions', 'position'])).toEqual({
      fields: {
        name: [{ code: 'BASE_TYPE_MIN_LENGTH', message: 'Must be 1 or more in length.' }],
        permissions: [{ code: 'BASE_TYPE_INVALID', message: 'must be a permission bit set as a decimal string' }],
        position: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "top" is not a valid number.' }],
      },
      general: [],
    });
    expect(checkRequest(createUserRequest({ id: '', username: 'x'.repeat(33), globalName: '', locale: '', token: 'short' })).map((issue) => issue.path))
      .toEqual([['username'], ['token']]);
  });
});

describe('an app\'s URL mappings in its settings form', () => {
  const form: ApplicationForm = {
    name: 'Dice', interactionsEndpointUrl: '', activityUrl: ' ', flags: 1 << 17, redirectUris: '',
    urlMappings: [{ prefix: ' /api ', target: '127.0.0.1:3001 ' }, { prefix: '/', target: '127.0.0.1:5173' }],
  };
  const APP_FIELDS = ['name', 'interactions_endpoint_url', 'activity_url', 'url_mappings', 'flags', 'redirect_uris'];

  it('are sent whole, in their order and trimmed, so no rows clears them', () => {
    expect(editApplicationRequest('3', form).call).toEqual({
      method: 'PATCH', path: '/applications/3',
      body: {
        name: 'Dice', interactions_endpoint_url: null, activity_url: null, flags: 1 << 17, redirect_uris: [],
        url_mappings: [{ prefix: '/api', target: '127.0.0.1:3001' }, { prefix: '/', target: '127.0.0.1:5173' }],
      },
    });
    expect(editApplicationRequest('3', { ...form, urlMappings: [] }).call.body).toMatchObject({ url_mappings: [] });
  });

  it('refuse a bad row before sending, under the list with the row named, as the registry would', () => {
    const request = editApplicationRequest('3', { ...form, urlMappings: [{ prefix: '/api', target: 'ftp://files.example' }, { prefix: '', target: '' }] });
    const refused = checkRequest(request);
    expect(refused.map((issue) => [issue.path, issue.code])).toContainEqual([['url_mappings', 0, 'target'], 'URL_MAPPING_TARGET_INVALID']);
    expect(refused.map((issue) => [issue.path, issue.code])).toContainEqual([['url_mappings', 1, 'prefix'], 'URL_MAPPING_PREFIX_INVALID']);
    expect(editErrors(refused, APP_FIELDS).fields.url_mappings?.[0]).toEqual({
      code: 'URL_MAPPING_TARGET_INVALID', message: 'url_mappings[0].target: The proxy reaches http, https, ws and wss targets, not ftp.',
    });
    const tree = { url_mappings: { 0: { target: { _errors: [{ code: 'URL_MAPPING_TARGET_INVALID', message: 'Port 0 is out of range.' }] } } } };
    expect(answerErrors({ code: 50035, message: 'Invalid Form Body', errors: tree }, APP_FIELDS)).toEqual({
      fields: { url_mappings: [{ code: 'URL_MAPPING_TARGET_INVALID', message: 'url_mappings[0].target: Port 0 is out of range.' }] },
      general: [],
    });
  });

  it('warn of each mapping an earlier, shorter prefix hides, by its row', () => {
    const rows = [{ prefix: '/', target: 'localhost:5173' }, { prefix: '/foo', target: 'foo.example' }, { prefix: ' /foo/bar', target: 'bar.example' }];
    expect(mappingWarnings(rows)).toEqual([
      { index: 2, text: '/foo/bar is never reached: Discord tries mappings in order; put /foo/bar before /foo.' },
    ]);
    expect(mappingWarnings([rows[2], rows[1], rows[0]] as typeof rows)).toEqual([]);
  });
});

describe('refusals from the registry', () => {
  it('go beside their field, deeper paths named, and the rest above the form', () => {
    const tree = {
      roles: { 0: { _errors: [{ code: 'UNKNOWN_REFERENCE', message: 'unknown role "9"' }] } },
      user_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value "x" is not snowflake.' }] },
    };
    expect(treeIssues(tree)).toEqual([
      { path: ['roles', 0], code: 'UNKNOWN_REFERENCE', message: 'unknown role "9"' },
      { path: ['user_id'], code: 'NUMBER_TYPE_COERCE', message: 'Value "x" is not snowflake.' },
    ]);
    expect(answerErrors({ code: 50035, message: 'Invalid Form Body', errors: tree }, ['roles', 'nick'])).toEqual({
      fields: { roles: [{ code: 'UNKNOWN_REFERENCE', message: 'roles[0]: unknown role "9"' }] },
      general: [{ code: 'NUMBER_TYPE_COERCE', message: 'user_id: Value "x" is not snowflake.' }],
    });
    expect(answerErrors({ code: 50001, message: 'Missing Access' }, ['nick'])).toEqual({ fields: {}, general: [{ code: '50001', message: 'Missing Access' }] });
  });
});

describe('channel parents', () => {
  const channels = [{ id: 'c', type: 4 }, { id: 't', type: 0 }, { id: 'v', type: 2 }, { id: 'f', type: 15 }, { id: 'th', type: 11 }];
  it('offer categories to channels, text-like channels to threads, nothing to categories', () => {
    expect(parentChoices(0, channels, 't').map((channel) => channel.id)).toEqual(['c']);
    expect(parentChoices(11, channels, null).map((channel) => channel.id)).toEqual(['t', 'f']);
    expect(parentChoices(4, channels, 'c')).toEqual([]);
  });
});

const WORLD: WorldFile = {
  users: [{ id: '10', username: 'alice', global_name: 'Alice', applications: [] }],
  applications: [{ id: '30', name: 'Example Bot', flags: 0 }],
  guilds: [{
    id: GUILD, name: 'Guild', owner_id: '10',
    roles: [{ id: GUILD, name: '@everyone', permissions: '0', position: 0 }],
    channels: [{ id: '21', name: 'general', type: 0 }], members: [{ user_id: '10', roles: [] }], applications: ['30'],
  }],
};

describe('importing a world file', () => {
  it('lists every problem with its field\'s path, and refuses text that is not JSON', () => {
    const refused = checkWorldImport(JSON.stringify({ users: [{ id: 'alice', username: '' }], guilds: [{ id: '1' }] }), WORLD);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.issues.map((issue) => issue.path)).toEqual([
      'users[0].id', 'users[0].username', 'guilds[0].name', 'guilds[0].owner_id', 'guilds[0].roles', 'guilds[0].channels', 'guilds[0].members', 'guilds[0].applications',
    ]);
    expect(refused.issues[0]).toEqual({ path: 'users[0].id', code: 'NUMBER_TYPE_COERCE', message: 'must be a snowflake (a string of decimal digits)' });
    const notJson = checkWorldImport('{"users": [', WORLD);
    expect(notJson.ok === false && notJson.issues[0]?.path).toBe('(root)');
    expect(notJson.ok === false && notJson.issues[0]?.code).toBe('50109');
  });

  it('says how many new people and apps will get a token', () => {
    const checked = checkWorldImport(JSON.stringify({
      users: [{ id: '10', username: 'alice' }, { id: '12', username: 'carol' }, { id: '13', username: 'dan', token: 'token-of-dan' }],
      applications: [{ id: '31', name: 'New Bot' }],
    }), WORLD);
    expect(checked.ok && checked.summary).toEqual({ users: 3, applications: 1, guilds: 0, newWithoutToken: 2 });
  });

  it('finds the tokens the registry made in its answer', () => {
    expect(importedTokens({ ...WORLD, users: [{ id: '12', username: 'carol', token: 'made.user' }, ...WORLD.users], applications: [{ id: '31', name: 'New Bot', bot_token: 'made.bot' }] }))
      .toEqual([{ kind: 'user', id: '12', name: 'carol', token: 'made.user' }, { kind: 'bot', id: '31', name: 'New Bot', token: 'made.bot' }]);
  });
});

/** A fake registry's management API over an in-memory world: GET answers it, edits answer `edit`. */
function serve(fake: Fake, world: WorldFile, edit: (call: ManagementCall) => ReturnType<Fake['management']['answer']>): void {
  fake.management.answer = (call) => (call.method === 'GET' && call.path === '/world' ? { ok: true, status: 200, body: world } : edit(call));
}

describe('the world editor slice', () => {
  it('opens on the guild the person looks at, reading the world with their session token', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    serve(fake, WORLD, () => ({ ok: true, status: 204, body: null }));
    fake.store.getState().openWorldEditor({ tab: 'roles' });
    await fake.settle();
    const state = fake.store.getState();
    expect(state.editorOpen).toBe(true);
    expect(state.editorGuildId).toBe(GUILD);
    expect(state.editorLoad).toBe('loaded');
    expect(state.editorWorld).toEqual(WORLD);
    expect(fake.management.calls).toEqual([{ method: 'GET', path: '/world' }]);
  });

  it('sends nothing when the shared schema refuses the form, and shows why beside the fields', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    serve(fake, WORLD, () => ({ ok: true, status: 201, body: {} }));
    const outcome = await fake.store.getState().submitEdit('role', saveRoleRequest(GUILD, null, { name: '', permissions: '32', position: '', color: 0, hoist: false }), ['name', 'permissions']);
    expect(outcome).toEqual({ ok: false });
    expect(fake.management.calls).toEqual([]);
    expect(fake.store.getState().editorErrors.role?.fields.name?.[0]?.code).toBe('BASE_TYPE_MIN_LENGTH');
  });

  it('shows the registry\'s refusal beside its field, and after a taken edit clears it, says so and reloads', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const refusal = { code: 50035, message: 'Invalid Form Body', errors: { roles: { 0: { _errors: [{ code: 'UNKNOWN_REFERENCE', message: 'unknown role "9"' }] } } } };
    let refuse = true;
    serve(fake, WORLD, () => (refuse ? { ok: false, status: 400, error: refusal } : { ok: true, status: 200, body: {} }));
    const request = saveMemberRequest(GUILD, '10', { roles: ['9'], nick: '' }, 'alice');
    expect(await fake.store.getState().submitEdit('member', request, ['roles', 'nick'])).toEqual({ ok: false });
    expect(fake.store.getState().editorErrors.member).toEqual({ fields: { roles: [{ code: 'UNKNOWN_REFERENCE', message: 'roles[0]: unknown role "9"' }] }, general: [] });
    refuse = false;
    expect((await fake.store.getState().submitEdit('member', request, ['roles', 'nick'])).ok).toBe(true);
    const state = fake.store.getState();
    expect(state.editorErrors.member).toBeUndefined();
    expect(state.editorNotice).toBe('Saved alice in the guild.');
    expect(fake.management.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `PUT /guilds/${GUILD}/members/10`, `PUT /guilds/${GUILD}/members/10`, 'GET /world',
    ]);
  });

  it('shows a new person\'s token once, until dismissed', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    serve(fake, WORLD, () => ({ ok: true, status: 201, body: { id: '77', username: 'dave', token: 'Nzc.made-by-the-registry' } }));
    await fake.store.getState().submitEdit('user', createUserRequest({ id: '', username: 'dave', globalName: '', locale: '', token: '' }), ['username']);
    expect(fake.store.getState().mintedTokens).toEqual([{ kind: 'user', id: '77', name: 'dave', token: 'Nzc.made-by-the-registry' }]);
    fake.store.getState().dismissMintedTokens();
    expect(fake.store.getState().mintedTokens).toEqual([]);
  });

  it('checks an import before sending, sends it on confirmation, and lists the registry\'s refusals by path', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const refusal = { code: 50035, message: 'Invalid Form Body', errors: { guilds: { 0: { owner_id: { _errors: [{ code: 'UNKNOWN_REFERENCE', message: 'unknown user "5"' }] } } } } };
    let answer: ReturnType<Fake['management']['answer']> = { ok: false, status: 400, error: refusal };
    serve(fake, WORLD, () => answer);
    await fake.store.getState().checkWorldImport('broken.json', '{"users": 1}');
    expect(fake.store.getState().worldImport).toMatchObject({ status: 'invalid', issues: [{ path: 'users', code: 'LIST_TYPE_CONVERT' }] });
    expect(await fake.store.getState().confirmWorldImport()).toBe(false);
    expect(fake.management.calls).toEqual([]);

    await fake.store.getState().checkWorldImport('world.json', JSON.stringify(WORLD));
    expect(fake.store.getState().worldImport.status).toBe('ready');
    expect(await fake.store.getState().confirmWorldImport()).toBe(false);
    expect(fake.store.getState().worldImport).toEqual({
      status: 'refused', fileName: 'world.json', issues: [{ path: 'guilds[0].owner_id', code: 'UNKNOWN_REFERENCE', message: 'unknown user "5"' }],
    });

    answer = { ok: true, status: 200, body: { ...WORLD, applications: [{ id: '31', name: 'New Bot', bot_token: 'MzE.made' }] } };
    await fake.store.getState().checkWorldImport('world.json', JSON.stringify(WORLD));
    expect(await fake.store.getState().confirmWorldImport()).toBe(true);
    expect(fake.store.getState().worldImport).toEqual({ status: 'imported', fileName: 'world.json' });
    expect(fake.store.getState().mintedTokens).toEqual([{ kind: 'bot', id: '31', name: 'New Bot', token: 'MzE.made' }]);
    expect(fake.management.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([WORLD, WORLD]);
  });

  it('on WORLD_UPDATE, reconnects for a fresh READY and reloads the open editor', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    serve(fake, WORLD, () => ({ ok: true, status: 204, body: null }));
    fake.store.getState().openWorldEditor();
    await fake.settle();
    const closes = fake.gateway.closes;
    fake.gateway.listener?.dispatch('WORLD_UPDATE', { kind: 'role', id: '5' });
    await fake.settle();
    expect(fake.gateway.closes).toBe(closes + 1);
    expect(fake.management.calls.filter((call) => call.path === '/world')).toHaveLength(2);
    fake.store.getState().closeWorldEditor();
    fake.gateway.listener?.dispatch('WORLD_UPDATE', { kind: 'role', id: '5' });
    await fake.settle();
    expect(fake.management.calls.filter((call) => call.path === '/world')).toHaveLength(2);
  });
});
