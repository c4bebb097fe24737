/**
 * The client's tools in Debian Chromium against a registry on a real port: the member list
 * (right-click → Apps → a USER command), user, channel and role selects in an app's message
 * (the app gets the ids and `resolved`), an ATTACHMENT option (uploaded, then fetched by the
 * app from its URL), the inspector's "Copy as curl" run for real with curl (an HTTP app
 * accepts the replayed signature; a gateway entry replays the client's invocation),
 * "Export session", and the picker's hidden commands with the registry's explanation.
 * Screenshots go to test-results/screenshots/. Every wait is on the page's state.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorldFile } from '../../src/registry/start.js';
import { ATTACHMENT_SIZE_LIMIT } from '../../src/shared/attachment-limits.js';
import { answerJson, signatureCheckingBot, startBotServer, type BotServer } from '../helpers/bot-server.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { EXAMPLE_WORLD, REPO_ROOT } from '../helpers/registry-process.js';
import { ScriptedBot, type Interaction } from '../helpers/scripted-bot.js';
import { TOOL_COMMANDS, toolsHandler } from './tools-app.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
const run = promisify(execFile);

/** The world's app with an Activity: here it gets an interactions endpoint and a command of its own. */
const HTTP_APP = (() => {
  const app = readWorldFile(EXAMPLE_WORLD).applications.find((entry) => entry.name === 'Example Activity');
  if (!app?.bot_token) throw new Error('examples/world.json lost its Example Activity');
  return { id: app.id, token: app.bot_token };
})();

let client: ClientBuild;
let registry: ListeningRegistry;
let bot: ScriptedBot;
let httpBot: BotServer;
let browser: TestBrowser;
let page: Page;

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

async function ready(userId: string): Promise<void> {
  await page.locator(`body[data-ready="true"][data-user-id="${userId}"]`).waitFor();
}

const composer = () => page.getByTestId('composer-input');
const inspectorEntries = () => page.getByTestId('inspector-entry');

function message(text: string) {
  return page.locator('[data-testid^="message-"]').filter({ has: page.getByTestId('message-content').filter({ hasText: text }) }).last();
}

/** The inspector entry labelled `label`, newest first. */
function recorded(label: string) {
  return inspectorEntries().filter({ has: page.getByTestId('inspector-label').filter({ hasText: label }) }).last();
}

async function chooseCommand(query: string, label: string): Promise<void> {
  await composer().click();
  await composer().pressSequentially(`/${query}`);
  await page.locator(`[data-testid="picker-entry"][data-command="${label}"]`).click();
  await page.getByTestId('chosen-command').filter({ hasText: label }).waitFor();
}

/** The interactions the bot received that `where` picks. */
function receivedWhere(where: (interaction: Interaction) => boolean): Interaction[] {
  return bot.received.filter(where);
}

/** Runs a copied command line in sh, printing only the HTTP status curl got. */
async function runCurl(command: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run('sh', ['-c', `${command} -s -o /dev/null -w '%{http_code}'`], { env: { PATH: process.env.PATH, ...env } });
  return stdout;
}

async function clipboard(): Promise<string> {
  return String(await page.evaluate('navigator.clipboard.readText()'));
}

async function httpApp(path: string, method: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${registry.url}/api/v10${path}`, {
    method, headers: { authorization: `Bot ${HTTP_APP.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

describe('the client\'s tools in Chromium', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    bot = await ScriptedBot.connect(registry.url, EXAMPLE.app.id, EXAMPLE.app.token, toolsHandler());
    await bot.registerCommands(TOOL_COMMANDS);
    // An interactions-endpoint app: it checks every signature with discord-interactions' verifyKey.
    const { verify_key: verifyKey } = await httpApp('/applications/@me', 'GET');
    httpBot = await startBotServer(signatureCheckingBot(String(verifyKey), (_request, response) => answerJson(response, 200, { type: 4, data: { content: 'HTTP pong' } })));
    await httpApp('/applications/@me', 'PATCH', { interactions_endpoint_url: httpBot.url });
    await httpApp(`/applications/${HTTP_APP.id}/commands`, 'POST', { name: 'httping', description: 'Answered over HTTP' });
    browser = await openBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: registry.url });
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.goto(`${registry.url}/`);
    await ready(EXAMPLE.alice.id);
    await page.getByTestId(`channel-${EXAMPLE.botTesting}`).click();
    await page.getByTestId('channel-title').filter({ hasText: 'bot-testing' }).waitFor();
    await ready(EXAMPLE.alice.id);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await bot?.close();
    await httpBot?.close();
    await registry?.close();
    await client?.remove();
  });

  it('lists the guild\'s members; right-clicking one offers the USER commands, and choosing one invokes it', async () => {
    const list = page.getByTestId('member-list');
    await list.waitFor();
    const names = await list.getByTestId('member-name').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Alice', 'Bobby', 'carol', 'Example Bot']));
    expect(await page.getByTestId('member-group-members').locator('h2').textContent()).toBe(`Members — ${names.length}`);
    await screenshot('20-member-list');
    await page.getByTestId(`member-${EXAMPLE.bob.id}`).click({ button: 'right' });
    await page.getByTestId('context-menu').and(page.locator('[data-target-kind="user"]')).waitFor();
    await page.getByTestId('context-menu-apps').hover();
    await page.getByTestId('context-command-Wave').click();
    await message('Waving at Bob!').waitFor();
    const waved = receivedWhere((interaction) => interaction.data.name === 'Wave').at(-1);
    expect(waved?.data).toMatchObject({ type: 2, target_id: EXAMPLE.bob.id, resolved: { members: { [EXAMPLE.bob.id]: { nick: 'Bobby' } } } });
    await page.getByTestId('member-list-toggle').click();
    await list.waitFor({ state: 'detached' });
    await page.getByTestId('member-list-toggle').click();
    await list.waitFor();
  });

  it('chooses people in a user select and a channel in a channel select: the app gets the ids and resolved', async () => {
    await chooseCommand('pic', '/pick');
    await page.getByTestId('send-command').click();
    const menu = message('Choose below.');
    await menu.waitFor();
    await menu.getByTestId('component-pick-people').click();
    const people = page.getByTestId('select-list-pick-people');
    await people.getByTestId(`select-option-${EXAMPLE.alice.id}`).click();
    await people.getByTestId(`select-option-${EXAMPLE.bob.id}`).click();
    await people.getByTestId('select-note').filter({ hasText: '2 of at most 2 chosen' }).waitFor();
    await screenshot('21-user-select');
    await menu.getByTestId('component-pick-people').click();
    await message('You picked Alice, Bob').waitFor();
    const picked = receivedWhere((interaction) => interaction.type === 3 && interaction.data.custom_id === 'pick-people').at(-1);
    expect(picked?.data).toMatchObject({
      component_type: 5, values: [EXAMPLE.alice.id, EXAMPLE.bob.id],
      resolved: { users: { [EXAMPLE.alice.id]: { username: 'alice' }, [EXAMPLE.bob.id]: { username: 'bob' } }, members: { [EXAMPLE.bob.id]: { nick: 'Bobby' } } },
    });

    await menu.getByTestId('component-pick-channel').click();
    const channels = page.getByTestId('select-list-pick-channel');
    await channels.getByTestId(`select-option-${EXAMPLE.general}`).waitFor();
    const offered = await channels.getByRole('option').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-testid')));
    expect(offered).not.toContain('select-option-1184502661266817028'); // Lounge, a voice channel
    expect(offered).not.toContain('select-option-1184502661266817029'); // release-plans, a thread
    await screenshot('22-channel-select');
    await channels.getByTestId(`select-option-${EXAMPLE.general}`).click();
    await message('You picked #general').waitFor();
    const channel = receivedWhere((interaction) => interaction.type === 3 && interaction.data.custom_id === 'pick-channel').at(-1);
    expect(channel?.data).toMatchObject({ component_type: 8, values: [EXAMPLE.general], resolved: { channels: { [EXAMPLE.general]: { name: 'general', type: 0 } } } });
    await inspectorEntries().and(page.locator('[data-kind="component"][data-status="succeeded"]')).last().waitFor();
  });

  it('uploads a file for an ATTACHMENT option; the app gets it resolved and fetches it from its URL', async () => {
    await chooseCommand('upl', '/upload');
    await page.getByTestId('option-file').setInputFiles({ name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(ATTACHMENT_SIZE_LIMIT + 1) });
    await page.getByTestId('attachment-error-file').filter({ hasText: 'big.bin is 10.00 MB: files can be at most 10.00 MB here.' }).waitFor();
    await page.getByTestId('option-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello from a file') });
    await page.getByTestId('attachment-file').and(page.locator('[data-status="uploaded"]')).waitFor();
    expect(await page.getByTestId('attachment-name-file').textContent()).toBe('notes.txt');
    await screenshot('23-attachment');
    await page.getByTestId('send-command').click();
    await message('Got notes.txt (17 bytes): hello from a file').waitFor();
    const uploaded = receivedWhere((interaction) => interaction.data.name === 'upload').at(-1);
    const id = (uploaded?.data.options as Array<{ value: string }>)[0]?.value ?? '';
    expect(uploaded?.data).toMatchObject({
      options: [{ name: 'file', type: 11, value: id }],
      resolved: { attachments: { [id]: { id, filename: 'notes.txt', size: 17, content_type: 'text/plain', url: expect.stringContaining(`${registry.url}/attachments/`) } } },
    });
  });

  it('copies an HTTP-delivered interaction as curl; running it, the app accepts the signature again', async () => {
    await chooseCommand('httpi', '/httping');
    await page.getByTestId('send-command').click();
    await message('HTTP pong').waitFor();
    const entry = recorded('/httping');
    await entry.and(page.locator('[data-status="succeeded"]')).waitFor();
    const button = entry.getByTestId('inspector-copy-curl');
    expect(await button.getAttribute('data-replay')).toBe('endpoint');
    await button.click();
    await entry.getByTestId('inspector-copied').filter({ hasText: 'Copied curl' }).waitFor();
    const command = await clipboard();
    expect(command).toContain(`curl -X POST '${httpBot.url}'`);
    const delivered = httpBot.received.at(-1);
    const before = httpBot.received.length;
    expect(await runCurl(command)).toBe('200');
    expect(httpBot.received).toHaveLength(before + 1);
    expect(httpBot.received.at(-1)?.body).toBe(delivered?.body);
    expect(httpBot.received.at(-1)?.headers['x-signature-ed25519']).toBe(delivered?.headers['x-signature-ed25519']);
    // The app does check: the same command with another timestamp is refused.
    expect(await runCurl(command.replace(/X-Signature-Timestamp: \d+/, 'X-Signature-Timestamp: 1'))).toBe('401');
  });

  it('copies a gateway-delivered interaction as the client\'s invocation, without the token', async () => {
    const entry = recorded('Wave');
    await entry.getByRole('button').first().click();
    const button = entry.getByTestId('inspector-copy-curl');
    expect(await button.getAttribute('data-replay')).toBe('registry');
    await button.click();
    await entry.getByTestId('inspector-copied').filter({ hasText: 'Copied curl' }).waitFor();
    const command = await clipboard();
    expect(command).toContain(`'${registry.url}/api/v10/interactions'`);
    expect(command).toContain('"Authorization: $SLASHBENCH_TOKEN"');
    // No token of any kind in the clipboard: the one Authorization header names the variable.
    expect(command.match(/Authorization:[^"]*/g)).toEqual(['Authorization: $SLASHBENCH_TOKEN']);
    const waves = receivedWhere((interaction) => interaction.data.name === 'Wave').length;
    const entries = await inspectorEntries().count();
    expect(await runCurl(command, { SLASHBENCH_TOKEN: EXAMPLE.alice.token })).toBe('204');
    await expect.poll(() => receivedWhere((interaction) => interaction.data.name === 'Wave').length).toBe(waves + 1);
    // The app's answer to the replay shows in the channel, after every event of it reached the page.
    await expect.poll(() => page.getByTestId('message-content').filter({ hasText: 'Waving at Bob!' }).count()).toBe(2);
    // The replay carries no nonce: this client does not take it for the entry it copied.
    expect(await inspectorEntries().count()).toBe(entries);
  });

  it('exports the session: every inspector entry in one timestamped JSON file', async () => {
    const count = await inspectorEntries().count();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('inspector-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^slashbench-session-\d{8}-\d{6}\.json$/);
    const saved = JSON.parse(await readFile(await download.path(), 'utf8')) as { user_id: string; registry: string; interactions: Array<{ label: string; events: Array<{ type: string }> }> };
    expect(saved).toMatchObject({ user_id: EXAMPLE.alice.id, registry: registry.url });
    expect(saved.interactions).toHaveLength(count);
    const labels = saved.interactions.map((interaction) => interaction.label);
    expect(labels).toEqual(expect.arrayContaining(['Wave', '/pick', '/upload', '/httping']));
    const http = saved.interactions.find((interaction) => interaction.label === '/httping');
    expect(http?.events.map((event) => event.type)).toEqual(expect.arrayContaining(['INTERACTION_DELIVERY', 'INTERACTION_BOT_RESPONSE']));
  });

  it('lists the commands hidden here in the picker; clicking one shows why, from the registry', async () => {
    await page.getByTestId('user-switcher').selectOption(EXAMPLE.bob.id);
    await ready(EXAMPLE.bob.id);
    await composer().click();
    await composer().pressSequentially('/pur');
    const hidden = page.locator('[data-testid="picker-hidden-entry"][data-command="purge"]');
    await hidden.waitFor();
    expect(await page.locator('[data-testid="picker-entry"][data-command="/purge"]').count()).toBe(0);
    expect(await hidden.textContent()).toContain('member permission');
    await hidden.getByRole('button').click();
    const explain = page.getByTestId('explain-view').and(page.locator('[data-status="loaded"]'));
    await explain.waitFor();
    expect(await page.getByTestId('explain-title').textContent()).toBe('Why is /purge not shown here?');
    const failing = page.locator('[data-testid="explain-check"][data-verdict="fail"]');
    expect(await failing.getAttribute('data-rule')).toBe('member permission');
    expect(await page.locator('[data-testid="explain-check"][data-verdict="pass"]').count()).toBeGreaterThan(0);
    await screenshot('24-explain-hidden');
    await page.getByTestId('explain-close').click();
    await page.getByTestId('explain-view').waitFor({ state: 'detached' });
  });
});
