/**
 * Every main view of the client in Debian Chromium, at 1280x720 and at 1024x640: axe
 * (@axe-core/playwright) finds no serious or critical violation, and the page itself never
 * scrolls (its document is the window's size; what is long scrolls inside its own panel).
 * The views: a channel with messages and the member list, the `/` picker, a command with
 * nine options (three required as chips, six in the optional list, then all nine as chips)
 * and its autocomplete, an app's modal, the settings, the world editor, the inspector, the
 * App Launcher, the Authorize panel, a context menu and a select's list; some in the light
 * theme too. Also: only one of
 * those menus is open at a time. Screenshots of each view at 1024x640 go to
 * test-results/screenshots/. Every wait is on the page's state.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { pageSize, seriousViolations } from '../helpers/page-checks.js';
import { REPO_ROOT } from '../helpers/registry-process.js';
import { ScriptedBot } from '../helpers/scripted-bot.js';
import { TOUR_COMMANDS, tourHandler } from './tour-app.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
const SIZES = [{ width: 1280, height: 720 }, { width: 1024, height: 640 }] as const;

let client: ClientBuild;
let registry: ListeningRegistry;
let bot: ScriptedBot;
let browser: TestBrowser;
let page: Page;

const composer = () => page.getByTestId('composer-input');

/** The newest message whose text contains `text`. */
function message(text: string) {
  return page.locator('[data-testid^="message-"]').filter({ has: page.getByTestId('message-content').filter({ hasText: text }) }).last();
}

async function chooseCommand(name: string): Promise<void> {
  await composer().click();
  await composer().fill(`/${name}`);
  await page.locator(`[data-testid="picker-entry"][data-command="/${name}"]`).click();
  await page.getByTestId('chosen-command').filter({ hasText: `/${name}` }).waitFor();
}

/** Opens the client afresh at `size`, as Alice, in #general. */
async function openAt(size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.goto(`${registry.url}/?user=${EXAMPLE.alice.id}`);
  await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
  await message('Pick a flavour below.').waitFor();
}

/** The view as it is: no serious axe violation, no page scroll; a screenshot at the smaller size. */
async function checkView(name: string, size: { width: number; height: number }): Promise<void> {
  expect(await seriousViolations(page), `axe on ${name} at ${size.width}x${size.height}`).toEqual([]);
  expect(await pageSize(page), `the page scrolls on ${name} at ${size.width}x${size.height}`)
    .toEqual({ scrollWidth: size.width, scrollHeight: size.height, width: size.width, height: size.height });
  if (size.width === 1024) await page.screenshot({ path: join(SCREENSHOTS, `a11y-${name}-1024.png`) });
}

describe('the client\'s views, for axe and small windows', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    bot = await ScriptedBot.connect(registry.url, EXAMPLE.app.id, EXAMPLE.app.token, tourHandler());
    await bot.registerCommands(TOUR_COMMANDS);
    browser = await openBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    // A message with a select menu for the views to show.
    await page.goto(`${registry.url}/?user=${EXAMPLE.alice.id}`);
    await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
    await chooseCommand('menu');
    await page.getByTestId('send-command').click();
    await message('Pick a flavour below.').waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await bot?.close();
    await registry?.close();
    await client?.remove();
  });

  for (const size of SIZES) {
    describe(`at ${size.width}x${size.height}`, () => {
      it('gives the messages room: side panels start put away where they would crowd them, and take turns on the right', async () => {
        await openAt(size);
        const width = async () => (await page.getByTestId('message-list').boundingBox())?.width ?? 0;
        const members = page.getByTestId('member-list');
        // The inspector starts closed below 1400px; the member list from 1100px up.
        expect(await page.getByTestId('inspector-toggle').getAttribute('aria-pressed')).toBe('false');
        expect(await page.getByTestId('member-list-toggle').getAttribute('aria-pressed')).toBe(size.width >= 1100 ? 'true' : 'false');
        expect(await width()).toBeGreaterThanOrEqual(680);
        await checkView('channel', size);
        if (size.width < 1100) {
          await page.getByTestId('member-list-toggle').click();
          await members.waitFor();
          expect(await width()).toBeGreaterThanOrEqual(450);
          await checkView('members', size);
        }
        // The inspector takes the member list's place rather than squeezing the messages between them.
        await page.getByTestId('inspector-toggle').click();
        await page.getByTestId('inspector').waitFor();
        await members.waitFor({ state: 'detached' });
        expect(await width()).toBeGreaterThanOrEqual(360);
        await page.getByTestId('member-list-toggle').click();
        await members.waitFor();
        await page.getByTestId('inspector').waitFor({ state: 'detached' });
      });

      it('the `/` picker', async () => {
        await composer().click();
        await composer().fill('/');
        await page.getByTestId('command-picker').waitFor();
        await checkView('picker', size);
        await composer().press('Escape');
        await composer().fill('');
      });

      it('a command with nine options: the required ones as chips, the optional ones listed, and all nine as chips that fit the composer', async () => {
        await chooseCommand('survey');
        const chips = page.locator('[data-testid^="option-chip-"]');
        expect(await chips.count()).toBe(3);
        expect(await page.getByTestId('optional-list').getByRole('option').count()).toBe(6);
        await checkView('options-optional', size);
        for (const name of ['note', 'friend', 'where', 'team', 'subscribe', 'score']) {
          await page.getByTestId(`optional-option-${name}`).click();
          await page.getByTestId(`option-chip-${name}`).waitFor();
        }
        await page.getByTestId('optional-options').waitFor({ state: 'detached' });
        expect(await chips.count()).toBe(9);
        const bar = await page.getByTestId('options-form').boundingBox();
        expect(bar?.height ?? 0).toBeLessThanOrEqual(200);
        // Every chip is in view, none cut off by the window.
        for (const chip of await chips.all()) {
          const box = await chip.boundingBox();
          expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height).toBe(true);
        }
        await page.getByTestId('send-command').click();
        await page.getByTestId('option-error-name').waitFor();
        await checkView('options', size);
        await page.getByTestId('option-name').fill('Alice');
        await page.getByTestId('option-age').fill('30');
        await page.getByTestId('option-colour').selectOption('blue');
        await page.getByTestId('option-friend').selectOption(EXAMPLE.bob.id);
        await page.getByTestId('option-subscribe').selectOption('true');
        await page.getByTestId('option-score').fill('7.5');
        // The note's autocomplete: the bot's suggestions, a listbox its field controls.
        await page.getByTestId('option-note').pressSequentially('a');
        await page.getByTestId('autocomplete-choice').filter({ hasText: 'an idea' }).waitFor();
        expect(await page.getByTestId('option-note').getAttribute('aria-controls')).toBe('autocomplete-choices');
        await checkView('autocomplete', size);
        await page.getByTestId('option-note').press('End');
        await page.getByTestId('option-note').press('Enter');
        expect(await page.getByTestId('option-note').inputValue()).toBe('an idea');
        await page.getByTestId('send-command').click();
        await message('Survey from Alice, 30, blue').waitFor();
        const survey = bot.received.filter((interaction) => interaction.type === 2 && interaction.data.name === 'survey').at(-1);
        expect(survey?.data.options).toEqual(expect.arrayContaining([
          { name: 'friend', type: 6, value: EXAMPLE.bob.id }, { name: 'subscribe', type: 5, value: true },
          { name: 'score', type: 10, value: 7.5 }, { name: 'note', type: 3, value: 'an idea' },
        ]));
      });

      it('an app\'s modal', async () => {
        await chooseCommand('feedback');
        await page.getByTestId('send-command').click();
        await page.getByTestId('modal').waitFor();
        await checkView('modal', size);
        await page.getByTestId('modal-cancel').click();
        await page.getByTestId('modal').waitFor({ state: 'detached' });
      });

      it('a message\'s context menu, and a select\'s list', async () => {
        await message('Pick a flavour below.').getByTestId('message-content').click({ button: 'right' });
        await page.getByTestId('context-menu-apps').click();
        await page.getByTestId('context-command-Quote').waitFor();
        await checkView('context-menu', size);
        await page.keyboard.press('Escape');
        await page.getByTestId('context-menu').waitFor({ state: 'detached' });
        await message('Pick a flavour below.').getByTestId('component-flavour').click();
        await page.getByTestId('select-list-flavour').waitFor();
        await checkView('select', size);
        await page.keyboard.press('Escape');
        await page.getByTestId('select-list-flavour').waitFor({ state: 'detached' });
      });

      it('the inspector', async () => {
        await page.getByTestId('inspector-toggle').click();
        await page.getByTestId('inspector-entry').last().waitFor();
        await checkView('inspector', size);
        await page.getByTestId('inspector-toggle').click();
        await page.getByTestId('inspector').waitFor({ state: 'detached' });
      });

      it('the App Launcher', async () => {
        await page.getByTestId('app-launcher-button').click();
        await page.getByTestId('app-launcher').waitFor();
        await checkView('launcher', size);
        await page.keyboard.press('Escape');
        await page.getByTestId('app-launcher').waitFor({ state: 'detached' });
      });

      it('the settings', async () => {
        await page.getByTestId('settings-button').click();
        await page.getByTestId('settings-panel').waitFor();
        for (const section of ['registry', 'account', 'language', 'appearance', 'activities']) {
          await page.getByTestId(`settings-nav-${section}`).click();
          await checkView(`settings-${section}`, size);
        }
        await page.keyboard.press('Escape');
        await page.getByTestId('settings-panel').waitFor({ state: 'detached' });
      });

      it('the world editor', async () => {
        await page.getByTestId('world-editor-open').click();
        await page.getByTestId('world-editor').waitFor();
        for (const tab of ['users', 'apps', 'roles', 'channels', 'members', 'file']) {
          await page.getByTestId(`world-editor-tab-${tab}`).click();
          await page.getByTestId('world-editor').getByText('Reading the world…').waitFor({ state: 'detached' });
          await checkView(`world-editor-${tab}`, size);
        }
        await page.getByTestId('world-editor-close').click();
        await page.getByTestId('world-editor').waitFor({ state: 'detached' });
      });

      it('the Authorize panel', async () => {
        await page.getByTestId('authorize-open').click();
        await page.getByTestId('authorize-url').waitFor();
        await checkView('authorize', size);
        await page.getByTestId('authorize-close').click();
        await page.getByTestId('authorize-panel').waitFor({ state: 'detached' });
      });
    });
  }

  it('reads as well in the light theme: a channel, the picker, options and the settings', async () => {
    const size = SIZES[0];
    await openAt(size);
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-nav-appearance').click();
    await page.getByTestId('theme-choice-light').click();
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
    await checkView('light-settings', size);
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-panel').waitFor({ state: 'detached' });
    await checkView('light-channel', size);
    await composer().click();
    await composer().fill('/');
    await page.getByTestId('command-picker').waitFor();
    await checkView('light-picker', size);
    await composer().fill('');
    await chooseCommand('survey');
    await page.getByTestId('send-command').click();
    await page.getByTestId('option-error-name').waitFor();
    await checkView('light-options', size);
    await page.getByTestId('cancel-command').click();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-nav-appearance').click();
    await page.getByTestId('theme-choice-dark').click();
    await page.locator('html[data-theme="dark"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-panel').waitFor({ state: 'detached' });
  });

  it('keeps one menu open at a time: opening one closes the other', async () => {
    await openAt(SIZES[0]);
    const select = page.getByTestId('select-list-flavour');
    await message('Pick a flavour below.').getByTestId('component-flavour').click();
    await select.waitFor();
    await message('Pick a flavour below.').getByTestId('message-content').click({ button: 'right' });
    await page.getByTestId('context-menu').waitFor();
    await select.waitFor({ state: 'detached' });
    await page.getByTestId('app-launcher-button').click();
    await page.getByTestId('app-launcher').waitFor();
    await page.getByTestId('context-menu').waitFor({ state: 'detached' });
    await composer().click();
    await composer().fill('/');
    await page.getByTestId('command-picker').waitFor();
    await page.getByTestId('app-launcher').waitFor({ state: 'detached' });
    await page.getByTestId('guild-menu').click();
    await page.getByTestId('guild-menu-list').waitFor();
    await page.getByTestId('command-picker').waitFor({ state: 'detached' });
  });
});
