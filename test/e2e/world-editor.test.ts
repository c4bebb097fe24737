/**
 * The world editor in Debian Chromium against a registry on a real port, with the example
 * world, its bot's commands, and one more app installed nowhere: create a person (their
 * token shown once), give them a role with named permissions and membership, act as them
 * and watch the picker follow the role; create a channel; install the app and see its
 * commands; export the world, change it, import the export and see the original back; an
 * invalid import lists its problems by path; an imported new person gets a token, shown once. Every edit goes through the management API
 * and every wait is on the page's state, never on a timer. Screenshots go to
 * test-results/screenshots/, and the roles tab also to docs/world-editor.png.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { exportWorld } from '../../src/registry/world/export-world.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import type { WorldFile } from '../../src/shared/world-file.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { REPO_ROOT } from '../helpers/registry-process.js';
import { Gates, ScriptedBot } from '../helpers/scripted-bot.js';
import { COMMANDS, exampleHandler } from './example-app.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
/** An app of the world that no guild has installed yet, with one global command. */
const DICE = { id: '1184502999999999001', name: 'Dice Bot', token: 'dice-token-e2e-6Fh2Kq' };

let client: ClientBuild;
let registry: ListeningRegistry;
let bot: ScriptedBot;
let browser: TestBrowser;
let page: Page;

async function screenshot(name: string): Promise<string> {
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

async function ready(userId: string): Promise<void> {
  await page.locator(`body[data-ready="true"][data-user-id="${userId}"]`).waitFor();
}

const composer = () => page.getByTestId('composer-input');
const entry = (label: string) => page.locator(`[data-testid="picker-entry"][data-command="${label}"]`);
const notice = (text: string) => page.getByTestId('world-editor-notice').filter({ hasText: text }).waitFor();
const roleRow = (name: string) => page.locator('[data-testid^="role-row-"]').filter({ hasText: name });
const channelRow = (name: string) => page.locator('[data-testid^="channel-row-"]').filter({ hasText: name });
/** A channel of the client's sidebar (not the editor's list). */
const sidebarChannel = (name: string) => page.locator('button.channel-row[data-testid^="channel-"]').filter({ hasText: name });

async function openEditor(tab: string): Promise<void> {
  if (!(await page.getByTestId('world-editor').isVisible())) await page.getByTestId('world-editor-open').click();
  await page.getByTestId(`world-editor-tab-${tab}`).click();
  await page.getByTestId(`world-editor-tab-${tab}`).and(page.locator('[aria-current="page"]')).waitFor();
}

async function closeEditor(): Promise<void> {
  await page.getByTestId('world-editor-close').click();
  await page.getByTestId('world-editor').waitFor({ state: 'detached' });
}

/** Opens the picker with `/` in the open channel, waiting for `/ping` (the example bot's) to be listed. */
async function openPicker(): Promise<void> {
  await composer().click();
  await composer().fill('');
  await composer().pressSequentially('/');
  await entry('/ping').waitFor();
}

async function closePicker(): Promise<void> {
  await composer().press('Escape');
  await composer().fill('');
}

function guildOf(world: WorldFile) {
  const guild = world.guilds.find((entry) => entry.id === EXAMPLE.guild);
  if (!guild) throw new Error('the example guild is gone');
  return guild;
}

describe('the world editor in Chromium', () => {
  let dave = '';
  let managers = '';
  let exported = '';

  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    bot = await ScriptedBot.connect(registry.url, EXAMPLE.app.id, EXAMPLE.app.token, exampleHandler(new Gates()));
    await bot.registerCommands(COMMANDS);
    await loadWorld(registry.store, { users: [], applications: [{ id: DICE.id, name: DICE.name, bot_token: DICE.token }], guilds: [] }, {
      now: Date.now, nextId: createSnowflakeGenerator(Date.now),
    });
    const registered = await fetch(`${registry.url}/api/v10/applications/${DICE.id}/commands`, {
      method: 'POST',
      headers: { authorization: `Bot ${DICE.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'roll', description: 'Roll a die' }),
    });
    if (registered.status !== 201) throw new Error(`registering /roll answered ${registered.status}`);
    browser = await openBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: registry.url });
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.goto(`${registry.url}/`);
    await ready(EXAMPLE.alice.id);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await bot?.close();
    await registry?.close();
    await client?.remove();
  });

  it('creates a person, checking the form first, and shows their new token once with a copy button', async () => {
    await openEditor('users');
    await page.getByTestId('user-new').click();
    await page.getByTestId('user-save').click();
    // The shared schema refuses it before anything is sent, in the registry's words.
    await page.getByTestId('user-error-username').filter({ hasText: 'Must be 1 or more in length.' }).waitFor();
    expect(await page.getByTestId('user-error-username').textContent()).toContain('BASE_TYPE_MIN_LENGTH');
    await page.getByTestId('user-field-username').fill('dave');
    await page.getByTestId('user-field-global_name').fill('Dave');
    await page.getByTestId('user-save').click();
    await notice('Created dave.');
    const created = (await registry.store.world.users()).find((user) => user.username === 'dave');
    expect(created).toMatchObject({ global_name: 'Dave', bot: false });
    dave = created?.id ?? '';
    const token = await page.getByTestId(`token-value-${dave}`).textContent() ?? '';
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    await page.getByTestId(`token-copy-${dave}`).click();
    await page.getByTestId(`token-copy-${dave}`).filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(token);
    const me = await fetch(`${registry.url}/api/v10/users/@me`, { headers: { authorization: token } });
    expect(await me.json()).toMatchObject({ id: dave, username: 'dave' });
    await screenshot('world-editor-01-new-user-token');
    await page.getByTestId('tokens-dismiss').click();
    await page.getByTestId('minted-tokens').waitFor({ state: 'detached' });

    // The registry is the authority: its refusal shows on the form, with its code.
    await page.getByTestId(`user-row-${EXAMPLE.alice.id}`).click();
    await page.getByTestId('user-delete').click();
    await page.getByTestId('user-errors').filter({ hasText: 'you cannot delete yourself: act as someone else first' }).waitFor();
    expect(await registry.store.world.user(EXAMPLE.alice.id)).toBeDefined();
  });

  it('gives them a role with named permissions and makes them a member with it', async () => {
    await openEditor('roles');
    await page.getByTestId('role-new').click();
    await page.getByTestId('role-field-name').fill('Managers');
    await page.getByRole('button', { name: '#3498db' }).click();
    await page.getByTestId('role-field-hoist').check();
    await page.getByTestId('role-tab-permissions').click();
    await page.getByTestId('permission-ManageGuild').check();
    expect(await page.getByTestId('role-field-permissions').inputValue()).toBe('32');
    await page.getByTestId('role-save').click();
    await notice('Saved role "Managers".');
    managers = (await registry.store.world.roles(EXAMPLE.guild)).find((role) => role.name === 'Managers')?.id ?? '';
    expect(await registry.store.world.role(managers)).toMatchObject({ permissions: '32', color: 0x3498db, hoist: true });
    await page.getByTestId(`role-row-${managers}`).and(page.locator('.world-editor__row--selected')).waitFor();
    // Searching keeps the matching switches, in their sections.
    await page.getByTestId('permission-search').fill('manage');
    await page.getByTestId('permission-ViewChannel').waitFor({ state: 'detached' });
    expect(await page.getByTestId('permission-ManageGuild').isChecked()).toBe(true);
    await page.locator('[data-testid="world-editor"] .settings-layer__content').evaluate((content) => content.scrollTo(0, 0));
    const shot = await screenshot('world-editor-02-roles');
    await copyFile(shot, join(REPO_ROOT, 'docs', 'world-editor.png'));
    await page.getByTestId('permission-search').fill('');

    await openEditor('members');
    await page.getByTestId('member-add-user').selectOption(dave);
    await page.getByTestId(`member-role-${managers}`).check();
    await page.getByTestId('member-field-nick').fill('Dave the Manager');
    await page.getByTestId('member-save').click();
    await notice('Saved Dave in the guild.');
    await page.getByTestId(`member-row-${dave}`).filter({ hasText: 'Managers' }).waitFor();
    expect(await registry.store.world.member(EXAMPLE.guild, dave)).toMatchObject({ roles: [managers], nick: 'Dave the Manager' });
    await screenshot('world-editor-03-members');
    // The rest of the client follows: the member list shows them apart, in the role's colour.
    await closeEditor();
    const listed = page.getByTestId(`member-group-${managers}`).getByTestId(`member-${dave}`);
    await listed.getByTestId('member-name').filter({ hasText: 'Dave the Manager' }).waitFor();
    expect(await listed.getByTestId('member-name').getAttribute('style')).toBe('color: rgb(52, 152, 219);');
  });

  it('acts as them: the permission-gated command shows while the role grants it, and goes when it does not', async () => {
    await page.getByTestId('user-switcher').selectOption(dave);
    await ready(dave);
    await openPicker();
    await entry('/admin user ban').waitFor();
    await closePicker();

    await page.getByTestId('guild-menu').click();
    await page.getByTestId('guild-menu-roles').click();
    await page.getByTestId(`role-row-${managers}`).click();
    await page.getByTestId('role-tab-permissions').click();
    await page.getByTestId('permission-ManageGuild').uncheck();
    await page.getByTestId('role-unsaved').waitFor();
    await page.getByTestId('role-save').click();
    await notice('Saved role "Managers".');
    await closeEditor();
    await openPicker();
    await entry('/admin user ban').waitFor({ state: 'detached' });
    await page.locator('[data-testid="picker-hidden-entry"][data-command="admin"]').waitFor();
    await closePicker();
  });

  it('creates a channel in a category, which the channel list then shows', async () => {
    await openEditor('channels');
    await page.getByTestId('channel-new').click();
    await page.getByTestId('channel-field-name').fill('lab-notes');
    await page.getByTestId('channel-field-parent').selectOption({ label: 'Text Channels (Category)' });
    await page.getByTestId('channel-save').click();
    await notice('Saved channel "lab-notes".');
    await channelRow('lab-notes').waitFor();
    await closeEditor();
    const listed = sidebarChannel('lab-notes');
    await listed.waitFor();
    await listed.click();
    await page.getByTestId('channel-title').filter({ hasText: 'lab-notes' }).waitFor();
  });

  it('installs an app to the guild, whose commands the picker then offers', async () => {
    await openPicker();
    expect(await entry('/roll').count()).toBe(0);
    await closePicker();
    await openEditor('apps');
    await page.getByTestId(`app-guild-install-${DICE.id}`).click();
    await page.getByTestId(`app-guild-install-${DICE.id}`).and(page.locator('[data-installed="true"]')).waitFor();
    expect(await registry.store.world.isInstalled(EXAMPLE.guild, DICE.id)).toBe(true);
    await screenshot('world-editor-04-apps');
    await closeEditor();
    await openPicker();
    await entry('/roll').waitFor();
    await page.getByTestId(`picker-app-${DICE.id}`).filter({ hasText: DICE.name }).waitFor();
    await closePicker();
  });

  it('exports the world without tokens; importing the export after a change brings the original back', async () => {
    await openEditor('file');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('world-export').click()]);
    exported = await download.path();
    const world = JSON.parse(await readFile(exported, 'utf8')) as WorldFile;
    expect(world.users.some((user) => 'token' in user)).toBe(false);
    expect(world.applications.some((app) => 'bot_token' in app || 'client_secret' in app)).toBe(false);
    const guild = guildOf(world);
    expect(guild.roles.map((role) => role.name)).toContain('Managers');
    expect(guild.channels.map((channel) => channel.name)).toContain('lab-notes');
    expect(guild.applications).toContain(DICE.id);
    const before = await exportWorld(registry.store);

    await openEditor('roles');
    await page.getByTestId(`role-row-${managers}`).click();
    await page.getByTestId('role-field-name').fill('Bosses');
    await page.getByTestId('role-save').click();
    await notice('Saved role "Bosses".');
    await openEditor('channels');
    await channelRow('lab-notes').click();
    await page.getByTestId('channel-delete').click();
    await notice('Deleted channel "lab-notes".');
    await channelRow('lab-notes').waitFor({ state: 'detached' });
    expect(await exportWorld(registry.store)).not.toEqual(before);

    await openEditor('file');
    await page.getByTestId('import-file').setInputFiles(exported);
    await page.getByTestId('import-summary').filter({ hasText: `${world.users.length} people, ${world.applications.length} apps, 1 guild.` }).waitFor();
    await page.getByTestId('import-confirm').click();
    await page.locator('[data-testid="import-result"][data-status="imported"]').waitFor();
    await openEditor('roles');
    await roleRow('Managers').waitFor();
    expect(await roleRow('Bosses').count()).toBe(0);
    await openEditor('channels');
    await channelRow('lab-notes').waitFor();
    const after = await exportWorld(registry.store);
    // The deleted channel comes back with its id; everything else is as it was.
    expect(after.guilds).toEqual(before.guilds);
    expect(after.users).toEqual(before.users);
    await closeEditor();
    await sidebarChannel('lab-notes').waitFor();
  });

  it('lists an invalid import\'s problems by path, and the registry\'s refusals the same way, writing nothing', async () => {
    const before = await exportWorld(registry.store);
    await openEditor('file');
    const broken = { users: [{ id: 'dave', username: 'dave' }], guilds: [{ id: EXAMPLE.guild, name: 'x', owner_id: EXAMPLE.alice.id, roles: [{ id: '1', name: 'r', permissions: 'all' }], channels: [], members: [], applications: [] }] };
    await page.getByTestId('import-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
    await page.locator('[data-testid="import-result"][data-status="invalid"]').waitFor();
    expect(await page.getByTestId('import-issue-path').allTextContents()).toEqual(['users[0].id', 'guilds[0].roles[0].permissions']);
    expect(await page.getByTestId('import-issue-message').allTextContents()).toEqual([
      'must be a snowflake (a string of decimal digits)', 'must be a permission bit set as a decimal string',
    ]);
    expect(await page.getByTestId('import-confirm').count()).toBe(0);
    await screenshot('world-editor-05-invalid-import');

    const orphan = { guilds: [{ id: '1184502533340599999', name: 'Orphan', owner_id: '1184502348762399999', roles: [], channels: [], members: [], applications: [] }] };
    await page.getByTestId('import-file').setInputFiles({ name: 'orphan.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(orphan)) });
    await page.getByTestId('import-confirm').click();
    await page.locator('[data-testid="import-result"][data-status="refused"]').waitFor();
    expect(await page.getByTestId('import-issue-path').allTextContents()).toEqual(['guilds[0].owner_id']);
    expect(await page.getByTestId('import-issue-message').allTextContents()).toEqual(['unknown user "1184502348762399999"']);

    await page.getByTestId('import-file').setInputFiles({ name: 'text.json', mimeType: 'application/json', buffer: Buffer.from('{"users": [') });
    await page.locator('[data-testid="import-result"][data-status="invalid"]').waitFor();
    expect(await page.getByTestId('import-issue-path').allTextContents()).toEqual(['(root)']);
    expect(await exportWorld(registry.store)).toEqual(before);
  });

  it('imports a new person without a token, and shows the token the registry made for them once', async () => {
    const erin = '1184502348762329199';
    const file = { users: [{ id: erin, username: 'erin', locale: 'de' }] };
    await page.getByTestId('import-file').setInputFiles({ name: 'erin.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await page.getByTestId('import-summary').filter({ hasText: '1 person, 0 apps, 0 guilds; 1 new without a token will get one.' }).waitFor();
    await page.getByTestId('import-confirm').click();
    await page.locator('[data-testid="import-result"][data-status="imported"]').waitFor();
    const token = await page.getByTestId(`token-value-${erin}`).textContent() ?? '';
    const me = await fetch(`${registry.url}/api/v10/users/@me`, { headers: { authorization: token } });
    expect(await me.json()).toMatchObject({ id: erin, username: 'erin', locale: 'de' });
    await page.getByTestId('tokens-dismiss').click();
    await closeEditor();
    // The switcher offers the imported person at once.
    await page.getByTestId('user-switcher').locator(`option[value="${erin}"]`).waitFor({ state: 'attached' });
  });
});
