/**
 * The client's settings in Debian Chromium, against registries started as the CLI and the
 * desktop app start them (`startRegistry`, settings.json in the data directory): theme,
 * locale and acting person kept across a reload and a restart of the registry; the picker
 * in the chosen locale; a second registry on another port used as the remote one, with its
 * tokens, cross-origin; a refused token and an unreachable registry said plainly, with the
 * one-click way back to Local. Screenshots go to test-results/screenshots/. Every wait is
 * on the page's state, never on a timer.
 */
import { statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/registry/free-port.js';
import { SETTINGS_FILE_NAME } from '../../src/registry/host/settings-file.js';
import { startRegistry, type RunningRegistry } from '../../src/registry/start.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { EXAMPLE } from '../helpers/listening-registry.js';
import { EXAMPLE_WORLD, REPO_ROOT } from '../helpers/registry-process.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

/** A command of the example app with German and French names, to see the picker follow the locale. */
const GREET = {
  name: 'greet', description: 'Say hello', name_localizations: { de: 'gruss', fr: 'salut' },
  description_localizations: { de: 'Hallo sagen', fr: 'Dire bonjour' },
};

let client: ClientBuild;
let localDirectory: string;
let remoteDirectory: string;
let local: RunningRegistry;
let remote: RunningRegistry;
let browser: TestBrowser;
let page: Page;

/** The local registry on its data directory with the example world, as `npm run serve -- --world` starts it. */
async function startLocal(): Promise<RunningRegistry> {
  return await startRegistry({ host: '127.0.0.1', port: 0, dataDirectory: localDirectory, worldFile: EXAMPLE_WORLD, clientDirectory: client.directory });
}

async function ready(userId: string): Promise<void> {
  await page.locator(`body[data-ready="true"][data-user-id="${userId}"]`).waitFor();
}

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

const composer = () => page.getByTestId('composer-input');
const look = () => page.locator('html').getAttribute('data-theme');
// A string: the tests are type-checked without the DOM's names.
const background = () => page.evaluate<string>('getComputedStyle(document.body).backgroundColor');

async function openSettings(section: string): Promise<void> {
  if (!(await page.getByTestId('settings-panel').isVisible())) await page.getByTestId('settings-button').click();
  await page.getByTestId(`settings-nav-${section}`).click();
}

async function closeSettings(): Promise<void> {
  await page.keyboard.press('Escape');
  await page.getByTestId('settings-panel').waitFor({ state: 'detached' });
}

/** Types `/query` and waits for the picker to list `label`. */
async function pickerShows(query: string, label: string): Promise<void> {
  await composer().click();
  await composer().fill('');
  await composer().pressSequentially(`/${query}`);
  await page.locator(`[data-testid="picker-entry"][data-command="${label}"]`).waitFor();
  await composer().press('Escape');
  await composer().fill('');
}

/** Fills the Registry section's remote form and connects: the page loads again. */
async function connectRemote(url: string, tokens: string[]): Promise<void> {
  await openSettings('registry');
  await page.getByTestId('registry-remote').check();
  await page.getByTestId('remote-url').fill(url);
  // Down to one token field, then one field per token.
  while (await page.getByTestId('remote-token-1').count() > 0) await page.getByTestId('remote-token-remove-1').click();
  for (const [index, token] of tokens.entries()) {
    if (index > 0) await page.getByTestId('remote-add-token').click();
    await page.getByTestId(`remote-token-${index}`).fill(token);
  }
  await Promise.all([page.waitForEvent('load'), page.getByTestId('remote-connect').click()]);
}

describe('the client\'s settings in Chromium', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    localDirectory = await mkdtemp(join(tmpdir(), 'slashbench-settings-local-'));
    remoteDirectory = await mkdtemp(join(tmpdir(), 'slashbench-settings-remote-'));
    local = await startLocal();
    // The remote registry: another data directory and port, with the demo world (other people, other tokens).
    remote = await startRegistry({ host: '127.0.0.1', port: 0, dataDirectory: remoteDirectory, clientDirectory: null });
    const registered = await fetch(`${local.url}/api/v10/applications/${EXAMPLE.app.id}/commands`, {
      method: 'POST', headers: { authorization: `Bot ${EXAMPLE.app.token}`, 'content-type': 'application/json' }, body: JSON.stringify(GREET),
    });
    if (!registered.ok) throw new Error(`registering /greet: ${registered.status} ${await registered.text()}`);
    browser = await openBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await local?.close();
    await remote?.close();
    await client?.remove();
    for (const directory of [localDirectory, remoteDirectory]) if (directory) await rm(directory, { recursive: true, force: true });
  });

  it('opens with the defaults: the first person, their locale, the dark look; the gear opens the settings', async () => {
    await page.goto(`${local.url}/`);
    await ready(EXAMPLE.alice.id);
    expect(await look()).toBe('dark');
    expect(await background()).toBe('rgb(49, 51, 56)');
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-panel').waitFor();
    expect(await page.getByTestId('registry-in-use').textContent()).toContain(local.url);
    await page.getByTestId('registry-remote').check();
    await page.getByTestId('remote-url').fill('192.168.1.20:8484');
    await page.getByTestId('remote-token-0').fill('a-token-from-that-registry');
    await screenshot('settings-01-registry');
    await page.getByTestId('registry-local').check();
    await closeSettings();
  });

  it('changes the theme (light, and the computer\'s under "system"), the locale and the acting person', async () => {
    await openSettings('appearance');
    await page.getByTestId('theme-choice-light').click();
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
    expect(await background()).toBe('rgb(255, 255, 255)');
    await screenshot('settings-02-appearance-light');
    // "Sync with computer" follows the computer's preference as it changes; Light ignores it.
    await page.getByTestId('theme-choice-system').click();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await page.getByTestId('theme-choice-light').click();
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('theme-light').isChecked()).toBe(true);

    await closeSettings();
    await pickerShows('gre', '/greet');
    await openSettings('language');
    await page.getByTestId('settings-locale').selectOption('de');
    await closeSettings();
    await page.getByTestId('acting-locale').filter({ hasText: 'de' }).waitFor();
    await pickerShows('gru', '/gruss');

    await page.getByTestId('user-switcher').selectOption(EXAMPLE.bob.id);
    await ready(EXAMPLE.bob.id);
    // Bob's own locale is French; the chosen one stands.
    await page.getByTestId('acting-locale').filter({ hasText: 'de' }).waitFor();
    await pickerShows('gru', '/gruss');
    await screenshot('settings-03-light-theme');
  });

  it('keeps them across a reload of the page', async () => {
    await page.reload();
    await ready(EXAMPLE.bob.id);
    expect(await look()).toBe('light');
    await pickerShows('gru', '/gruss');
    await openSettings('account');
    expect(await page.getByTestId('settings-acting-user').inputValue()).toBe(EXAMPLE.bob.id);
    await openSettings('language');
    expect(await page.getByTestId('settings-locale').inputValue()).toBe('de');
    await closeSettings();
  });

  it('keeps them across a restart of the registry on the same data directory, in a file only its owner reads', async () => {
    await local.close();
    local = await startLocal();
    await page.goto(`${local.url}/`);
    await ready(EXAMPLE.bob.id);
    expect(await look()).toBe('light');
    await pickerShows('gru', '/gruss');
    if (process.platform !== 'win32') expect(statSync(join(localDirectory, SETTINGS_FILE_NAME)).mode & 0o777).toBe(0o600);
    // "Follow the acting user" gives Bob his French back.
    await openSettings('language');
    await page.getByTestId('settings-locale').selectOption('follow');
    await closeSettings();
    await pickerShows('sal', '/salut');
  });

  it('uses a remote registry with its tokens: its world, its people in the switcher, kept across a reload', async () => {
    const [ana, ben] = remote.demo?.users ?? [];
    if (!ana?.token || !ben?.token) throw new Error('the remote demo world printed no user tokens');
    await connectRemote(remote.url, [ana.token, ben.token]);
    await ready(ana.id);
    expect(await page.getByTestId('sidebar-title').textContent()).toBe('Slashbench Lab');
    expect(await page.getByTestId('remote-registry').textContent()).toContain(new URL(remote.url).host);
    expect(await page.getByTestId('registry-banner').count()).toBe(0);
    const offered = await page.getByTestId('user-switcher').locator('option').evaluateAll((options) => options.map((option) => option.getAttribute('value')));
    expect(offered).toEqual([ana.id, ben.id]);
    await page.getByTestId('user-switcher').selectOption(ben.id);
    await ready(ben.id);
    await page.reload();
    await ready(ben.id);
    expect(await page.getByTestId('sidebar-title').textContent()).toBe('Slashbench Lab');
    await screenshot('settings-04-remote');
  });

  it('says plainly when the remote refuses the token or cannot be reached, and goes back to Local in one click', async () => {
    await connectRemote(remote.url, ['wrong-token-0000']);
    await page.getByTestId('registry-error').filter({ hasText: `The remote registry at ${remote.url} refused token 1 (…0000)` }).waitFor();
    await screenshot('settings-05-remote-refused');
    await Promise.all([page.waitForEvent('load'), page.getByTestId('registry-banner-local').click()]);
    await ready(EXAMPLE.bob.id);
    expect(await page.getByTestId('sidebar-title').textContent()).toBe('Example Guild');

    const nowhere = `http://127.0.0.1:${await freePort()}`;
    await connectRemote(nowhere, ['any-token']);
    await page.getByTestId('registry-error').filter({ hasText: `The remote registry at ${nowhere} could not be reached` }).waitFor();
    await page.getByTestId('registry-banner-settings').click();
    await page.getByTestId('registry-error-detail').waitFor();
    await page.getByTestId('registry-local').check();
    await Promise.all([page.waitForEvent('load'), page.getByTestId('registry-use-local').click()]);
    await ready(EXAMPLE.bob.id);
  });
});
