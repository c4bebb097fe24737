/**
 * The world editor's Apps and Users tabs in Debian Chromium, by keyboard: open an app's
 * settings, reveal its bot token (masked until then), reset it (the old token answers 401,
 * the new one works), make a new key pair, edit its Application URL Override, flags, name and
 * redirect URIs (a refusal shown beside its field first), edit its URL mappings row by row
 * (a hidden mapping warned of, a refusal shown, a row moved up), and show and reset a
 * person's token.
 * Every wait is on the page's state. Screenshots go to test-results/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ApplicationFlags } from 'discord-api-types/v10';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { REPO_ROOT } from '../helpers/registry-process.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
const APP = EXAMPLE.app.id;

let client: ClientBuild;
let registry: ListeningRegistry;
let browser: TestBrowser;
let page: Page;

/** Focuses a control and presses a key on it, as a keyboard user would after tabbing there. */
async function press(target: Locator, key = 'Enter'): Promise<void> {
  await target.focus();
  await target.press(key);
}

const value = (id: string) => page.getByTestId(`secret-${id}-value`);
const notice = (text: string) => page.getByTestId('world-editor-notice').filter({ hasText: text }).waitFor();
const currentApplication = (token: string) => fetch(`${registry.url}/api/v10/applications/@me`, { headers: { authorization: `Bot ${token}` } });

describe('the world editor\'s Apps and Users tabs in Chromium', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    browser = await openBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: registry.url });
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.goto(`${registry.url}/`);
    await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
    await press(page.getByTestId('world-editor-open'));
    await press(page.getByTestId('world-editor-tab-apps'));
    await page.getByTestId('world-editor-tab-apps').and(page.locator('[aria-current="page"]')).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await registry?.close();
    await client?.remove();
  });

  it('shows the bot token masked until revealed, copies it, and resets it: the old one answers 401', async () => {
    await press(page.getByTestId(`app-details-toggle-${APP}`));
    const token = value(`${APP}-token`);
    await token.and(page.locator('[data-masked="true"]')).waitFor();
    expect(await token.textContent()).not.toContain(EXAMPLE.app.token);
    await press(page.getByTestId(`secret-${APP}-token-reveal`), ' ');
    await token.filter({ hasText: EXAMPLE.app.token }).waitFor();
    await press(page.getByTestId(`token-copy-secret-${APP}-token`));
    await page.getByTestId(`token-copy-secret-${APP}-token`).filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(EXAMPLE.app.token);

    // A reset asks once more, with the confirmation focused; Enter confirms.
    await press(page.getByTestId(`secret-${APP}-token-reset`));
    await page.getByTestId(`secret-${APP}-token-confirm`).and(page.locator(':focus')).waitFor();
    await page.keyboard.press('Enter');
    await notice('Made a new bot token for Example Bot.');
    await token.and(page.locator('[data-masked="false"]')).filter({ hasNotText: EXAMPLE.app.token }).waitFor();
    const fresh = (await token.textContent()) ?? '';
    expect(fresh).toMatch(/^[\w-]+\.[\w-]+$/);
    expect((await currentApplication(EXAMPLE.app.token)).status).toBe(401);
    expect((await currentApplication(fresh)).status).toBe(200);
    await page.screenshot({ path: join(SCREENSHOTS, 'world-editor-apps-credentials.png') });
  });

  it('makes a new key pair, which becomes the app\'s verify_key', async () => {
    const before = (await value(`${APP}-key`).textContent()) ?? '';
    await press(page.getByTestId(`secret-${APP}-key-reset`));
    await press(page.getByTestId(`secret-${APP}-key-confirm`));
    await notice('Made a new key pair for Example Bot.');
    await value(`${APP}-key`).filter({ hasNotText: before }).waitFor();
    const shown = (await value(`${APP}-key`).textContent()) ?? '';
    expect(shown).toMatch(/^[0-9a-f]{64}$/);
    expect((await registry.store.world.application(APP))?.public_key).toBe(shown);
  });

  it('edits the app\'s settings, showing a refusal beside its field first', async () => {
    const field = (name: string) => page.getByTestId(`app-field-${APP}-${name}`);
    await field('activity_url').fill('ftp://activity.example/');
    await press(field('activity_url'));
    await page.getByTestId(`app-${APP}-error-activity_url`).filter({ hasText: 'URL_TYPE_INVALID_PROTOCOL' }).waitFor();
    expect((await registry.store.world.application(APP))?.activity_url).toBeNull();

    await field('name').fill('Example Bot Renamed');
    await field('activity_url').fill('http://127.0.0.1:5173/');
    await field('redirect_uris').fill('http://127.0.0.1:3000/callback\nmyapp://oauth');
    await press(page.getByTestId(`app-flag-${APP}-${ApplicationFlags.Embedded}`), ' ');
    await press(page.getByTestId(`app-${APP}-save`));
    await notice('Saved Example Bot Renamed.');
    expect(await registry.store.world.application(APP)).toMatchObject({
      name: 'Example Bot Renamed', activity_url: 'http://127.0.0.1:5173/', redirect_uris: ['http://127.0.0.1:3000/callback', 'myapp://oauth'],
    });
    expect(((await registry.store.world.application(APP))?.flags ?? 0) & ApplicationFlags.Embedded).not.toBe(0);
    await page.getByTestId(`app-${APP}`).filter({ hasText: 'has an Activity' }).waitFor();
  });

  it('edits the URL mappings by keyboard: rows added, a hidden one warned of, a refusal shown, a row moved up, all cleared', async () => {
    const mapping = (index: number, part: 'prefix' | 'target') => page.getByTestId(`app-field-${APP}-url_mappings-${index}-${part}`);
    const add = page.getByTestId(`app-mapping-add-${APP}`);
    const mappings = async () => (await registry.store.world.application(APP))?.url_mappings;
    // A new row takes the focus; the first is the root, as in the Portal.
    await press(add);
    await mapping(0, 'prefix').and(page.locator(':focus')).waitFor();
    expect(await mapping(0, 'prefix').inputValue()).toBe('/');
    await mapping(0, 'target').fill('127.0.0.1:5173');
    await press(add);
    await mapping(1, 'prefix').and(page.locator(':focus')).waitFor();
    await page.keyboard.type('/api');
    await mapping(1, 'target').fill('ftp://files.example');
    await press(add);
    await page.keyboard.type('/api/v2');
    await mapping(2, 'target').fill('v2.example');
    await page.getByTestId(`app-mapping-warning-${APP}-2`).filter({ hasText: 'put /api/v2 before /api' }).waitFor();

    await press(page.getByTestId(`app-${APP}-save`));
    await page.getByTestId(`app-${APP}-error-url_mappings`).filter({ hasText: 'url_mappings[1].target' }).filter({ hasText: 'URL_MAPPING_TARGET_INVALID' }).waitFor();
    expect(await mappings()).toEqual([]);

    await mapping(1, 'target').fill('127.0.0.1:3001');
    await press(page.getByTestId(`app-mapping-up-${APP}-2`));
    await page.getByTestId(`app-mapping-warnings-${APP}`).waitFor({ state: 'detached' });
    await press(page.getByTestId(`app-${APP}-save`));
    await notice('Saved Example Bot Renamed.');
    expect(await mappings()).toEqual([
      { prefix: '/', target: '127.0.0.1:5173' }, { prefix: '/api/v2', target: 'v2.example' }, { prefix: '/api', target: '127.0.0.1:3001' },
    ]);
    await page.screenshot({ path: join(SCREENSHOTS, 'world-editor-url-mappings.png') });

    // Removing a row moves the focus to the row now in its place, and the last to the add button.
    for (let left = 3; left > 0; left -= 1) await press(page.getByTestId(`app-mapping-remove-${APP}-0`));
    await add.and(page.locator(':focus')).waitFor();
    await press(page.getByTestId(`app-${APP}-save`));
    await page.getByTestId('world-editor-notice').filter({ hasText: 'Saved Example Bot Renamed.' }).waitFor();
    await expect.poll(mappings).toEqual([]);
  });

  it('shows a person\'s token in the Users tab and resets it', async () => {
    await press(page.getByTestId('world-editor-tab-users'));
    await press(page.getByTestId(`user-row-${EXAMPLE.bob.id}`));
    const token = value(`user-${EXAMPLE.bob.id}`);
    await token.and(page.locator('[data-masked="true"]')).waitFor();
    await press(page.getByTestId(`secret-user-${EXAMPLE.bob.id}-reveal`));
    await token.filter({ hasText: EXAMPLE.bob.token }).waitFor();
    await press(page.getByTestId(`secret-user-${EXAMPLE.bob.id}-reset`));
    await press(page.getByTestId(`secret-user-${EXAMPLE.bob.id}-confirm`));
    await notice('Made a new token for bob.');
    await token.filter({ hasNotText: EXAMPLE.bob.token }).waitFor();
    const me = (authorization: string) => fetch(`${registry.url}/api/v10/users/@me`, { headers: { authorization } });
    expect((await me(EXAMPLE.bob.token)).status).toBe(401);
    expect(await (await me((await token.textContent()) ?? '')).json()).toMatchObject({ id: EXAMPLE.bob.id });
    await page.screenshot({ path: join(SCREENSHOTS, 'world-editor-user-token.png') });
  });
});
