/**
 * The whole client by keyboard alone, in Debian Chromium at 1280x720, as issue 18's newcomer
 * tried it: a command through the `/` picker; a command's optional options added from their
 * list with the arrows and Enter, one removed with Backspace; a message focused (the list is one tab stop,
 * arrows move) and its context menu opened with Shift+F10 to run a message command; a
 * person's menu from the member list with the ContextMenu key; a string select opened and
 * chosen with the arrows, a user select searched; an app's modal opened and submitted;
 * dialogs (the modal, the settings, the world editor, Authorize) that keep the focus inside
 * and give it back on close, even when the modal comes before the send's answer or the
 * Authorize panel is still loading; the guild's menu; one menu open at a time. No mouse: every step is a key press, and every wait is on the page.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { REPO_ROOT } from '../helpers/registry-process.js';
import { ScriptedBot } from '../helpers/scripted-bot.js';
import { tourHandler, TOUR_COMMANDS } from './tour-app.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
/** A message of the list (notices are items too, but carry no author). */
const MESSAGE_ITEM = 'li[data-author-id]';

let client: ClientBuild;
let registry: ListeningRegistry;
let bot: ScriptedBot;
let browser: TestBrowser;
let page: Page;

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** The newest message whose text contains `text`. */
function message(text: string) {
  return page.locator('[data-testid^="message-"]').filter({ has: page.getByTestId('message-content').filter({ hasText: text }) }).last();
}

/** The focused element's test id (or its tag name when it has none). */
async function focusedId(): Promise<string | null> {
  return (await page.evaluate('document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName ?? null')) as string | null;
}

/** Whether the focused element matches `selector`. */
async function focusIs(selector: string): Promise<boolean> {
  return (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) === true;
}

/** Whether the focus is inside the element with test id `testId`. */
function focusInside(testId: string): Promise<boolean> {
  return focusIs(`[data-testid="${testId}"] *`);
}

/** Presses Tab (Shift+Tab going `back`) until the focus is on `selector`: reachable by keyboard, or the test fails. */
async function tabTo(selector: string, back = false): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await focusIs(selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${selector}; the focus is on ${await focusedId()}`);
}

/** Tabs to the message box, types `/name` and chooses the command with Enter, as a keyboard user does. */
async function chooseCommand(name: string): Promise<void> {
  await tabTo('[data-testid="composer-input"]');
  await page.keyboard.type(`/${name}`);
  await page.locator(`[data-testid="picker-entry"][data-command="/${name}"][aria-selected="true"]`).waitFor();
  await page.keyboard.press('Enter');
  await page.getByTestId('chosen-command').filter({ hasText: `/${name}` }).waitFor();
}

/** The names of the option chips shown, in order. */
function chipNames(): Promise<Array<string | undefined>> {
  return page.locator('[data-testid^="option-chip-"]').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-testid')?.replace('option-chip-', '')));
}

/** How many items of the message list are a tab stop. */
function messageStops(): Promise<number> {
  return page.getByTestId('message-list').locator(':scope ol > li[tabindex="0"]').count();
}

describe('the client by keyboard alone at 1280x720', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    bot = await ScriptedBot.connect(registry.url, EXAMPLE.app.id, EXAMPLE.app.token, tourHandler());
    await bot.registerCommands(TOUR_COMMANDS);
    browser = await openBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${registry.url}/?user=${EXAMPLE.alice.id}`);
    await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await bot?.close();
    await registry?.close();
    await client?.remove();
  });

  it('sends a command through the `/` picker: arrows, Home and End move, Enter chooses and sends', async () => {
    expect(await focusedId()).toBe('composer-input');
    await page.keyboard.type('/');
    const input = page.getByTestId('composer-input');
    await page.getByTestId('command-picker').waitFor();
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    const entries = page.getByTestId('picker-entry');
    const active = async () => page.locator(`#${await input.getAttribute('aria-activedescendant')}`).getAttribute('data-command');
    expect(await active()).toBe(await entries.first().getAttribute('data-command'));
    await page.keyboard.press('End');
    expect(await active()).toBe(await entries.last().getAttribute('data-command'));
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe(await entries.nth(1).getAttribute('data-command'));
    await page.keyboard.type('menu');
    await page.locator('[data-testid="picker-entry"][data-command="/menu"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('chosen-command').filter({ hasText: '/menu' }).waitFor();
    expect(await focusedId()).toBe('send-command');
    await page.keyboard.press('Enter');
    await message('Pick a flavour below.').waitFor();
    expect(await focusedId()).toBe('composer-input');
  });

  it('focuses a message: the list is one tab stop, and the arrows, Home and End move in it', async () => {
    await tabTo(MESSAGE_ITEM, true);
    expect(await page.locator(':focus').textContent()).toContain('Pick a flavour below.');
    expect(await messageStops()).toBe(1);
    const newest = await focusedId();
    await page.keyboard.press('ArrowUp');
    const previous = await focusedId();
    expect(previous).not.toBe(newest);
    expect(await focusIs(MESSAGE_ITEM)).toBe(true);
    expect(await messageStops()).toBe(1);
    expect(await page.getByTestId(previous ?? '').getAttribute('tabindex')).toBe('0');
    await page.keyboard.press('Home');
    expect(await focusIs(`${MESSAGE_ITEM}:first-child`)).toBe(true);
    await page.keyboard.press('End');
    expect(await focusedId()).toBe(newest);
    await screenshot('keyboard-message-focused');
  });

  it('opens the focused message\'s context menu with Shift+F10 and runs a message command from its Apps', async () => {
    const target = await focusedId();
    await page.keyboard.press('Shift+F10');
    await page.locator('[data-testid="context-menu"][data-target-kind="message"]').waitFor();
    expect(await focusedId()).toBe('context-menu-talk');
    await page.keyboard.press('ArrowDown');
    expect(await focusedId()).toBe('context-menu-apps');
    await page.keyboard.press('ArrowRight');
    await page.getByTestId('context-menu-apps-list').waitFor();
    expect(await focusedId()).toBe('context-command-Quote');
    await screenshot('keyboard-context-menu');
    await page.keyboard.press('Enter');
    await page.getByTestId('context-menu').waitFor({ state: 'detached' });
    expect(await focusedId()).toBe(target);
    await message('Quoted: "Pick a flavour below."').waitFor();
    const quoted = bot.received.filter((interaction) => interaction.data.name === 'Quote').at(-1);
    expect(quoted?.data).toMatchObject({ type: 3, target_id: target?.replace('message-', '') });
  });

  it('opens a person\'s menu from the member list with the ContextMenu key, and Enter runs a user command', async () => {
    await tabTo('li.member');
    const bob = `member-${EXAMPLE.bob.id}`;
    for (let presses = 0; presses < 10 && (await focusedId()) !== bob; presses += 1) await page.keyboard.press('ArrowDown');
    expect(await focusedId()).toBe(bob);
    await page.keyboard.press('ContextMenu');
    await page.locator('[data-testid="context-menu"][data-target-kind="user"]').waitFor();
    expect(await focusInside('context-menu')).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('context-menu').waitFor({ state: 'detached' });
    expect(await focusedId()).toBe(bob);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="context-menu"][data-target-kind="user"]').waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await focusedId()).toBe('context-menu-apps');
    await page.keyboard.press('Enter');
    expect(await focusedId()).toBe('context-command-Wave');
    await page.keyboard.press('Enter');
    await message('Waving at bob').waitFor();
    expect(await focusedId()).toBe(bob);
  });

  it('opens a string select with the keyboard and chooses with the arrows; the focus comes back to it', async () => {
    await tabTo('[data-testid="component-flavour"]', true);
    await page.keyboard.press('ArrowDown');
    const list = page.getByTestId('select-list-flavour');
    await list.waitFor();
    const listbox = list.getByRole('listbox');
    expect(await focusIs('[role="listbox"]')).toBe(true);
    const active = async () => page.locator(`#${await listbox.getAttribute('aria-activedescendant')}`).getAttribute('data-testid');
    expect(await active()).toBe('select-option-vanilla');
    await page.keyboard.press('End');
    expect(await active()).toBe('select-option-strawberry');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe('select-option-chocolate');
    await screenshot('keyboard-select');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await focusedId()).toBe('component-flavour');
    await message('You chose chocolate').waitFor();
    const chosen = bot.received.filter((interaction) => interaction.type === 3).at(-1);
    expect(chosen?.data).toMatchObject({ custom_id: 'flavour', values: ['chocolate'] });
    // Esc closes an open list without sending.
    const sent = bot.received.length;
    await page.keyboard.press('ArrowDown');
    await list.waitFor();
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'detached' });
    expect(await focusedId()).toBe('component-flavour');
    expect(bot.received).toHaveLength(sent);
  });

  it('searches a user select as typed and chooses with the arrows and Enter', async () => {
    await tabTo('[data-testid="composer-input"]');
    await page.keyboard.type('/people');
    await page.locator('[data-testid="picker-entry"][data-command="/people"][aria-selected="true"]').waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await message('Pick someone below.').waitFor();
    await tabTo('[data-testid="component-person"]', true);
    await page.keyboard.press('Enter');
    const list = page.getByTestId('select-list-person');
    await list.waitFor();
    expect(await focusedId()).toBe('select-search');
    await page.keyboard.type('b');
    const search = page.getByTestId('select-search');
    const active = async () => page.locator(`#${await search.getAttribute('aria-activedescendant')}`).getAttribute('data-testid');
    expect(await active()).toBe(`select-option-${EXAMPLE.bob.id}`);
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe(`select-option-${EXAMPLE.app.id}`);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await list.waitFor({ state: 'detached' });
    expect(await focusedId()).toBe('component-person');
    await message('You chose bob').waitFor();
  });

  it('opens and submits an app\'s modal: the focus stays inside it, then goes back to the composer', async () => {
    await chooseCommand('feedback');
    await page.keyboard.press('Enter');
    await page.getByTestId('modal').waitFor();
    expect(await focusedId()).toBe('modal-input-subject');
    // Round and round: Tab never leaves the dialog; Shift+Tab from the first field goes to Submit.
    for (let presses = 0; presses < 6; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside('modal')).toBe(true);
    }
    await tabTo('[data-testid="modal-input-subject"]');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedId()).toBe('modal-submit');
    await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('modal-input-subject');
    await page.keyboard.type('Great bot');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Answers from the keyboard too.');
    await screenshot('keyboard-modal');
    await tabTo('[data-testid="modal-submit"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('modal').waitFor({ state: 'detached' });
    await message('Thanks for your feedback: Great bot').waitFor();
    expect(await focusedId()).toBe('composer-input');
  });

  it('gives the focus back to the composer after a modal that opened before the command\'s send was answered', async () => {
    // The app may answer with its modal before the client hears the 204 of its POST
    // /interactions: the 204 is held until the modal shows, so the composer is drawn anew
    // behind the modal, where it cannot take the focus.
    await page.route('**/api/v10/interactions', async (route) => {
      const response = await route.fetch();
      await page.getByTestId('modal').waitFor();
      await route.fulfill({ response });
    }, { times: 1 });
    await chooseCommand('feedback');
    await page.keyboard.press('Enter');
    await page.getByTestId('modal').waitFor();
    await page.getByTestId('options-form').waitFor({ state: 'detached' });
    expect(await focusInside('modal')).toBe(true);
    await tabTo('[data-testid="modal-input-subject"]');
    await page.keyboard.type('Still the composer');
    await tabTo('[data-testid="modal-submit"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('modal').waitFor({ state: 'detached' });
    await message('Thanks for your feedback: Still the composer').waitFor();
    expect(await focusedId()).toBe('composer-input');
  });

  it('the settings and the world editor keep the focus inside, and give it back to the button that opened them', async () => {
    await tabTo('[data-testid="settings-button"]', true);
    await page.keyboard.press('Enter');
    await page.getByTestId('settings-panel').waitFor();
    expect(await focusedId()).toBe('settings-nav-registry');
    for (let presses = 0; presses < 30; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside('settings-panel')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-panel').waitFor({ state: 'detached' });
    expect(await focusedId()).toBe('settings-button');

    await tabTo('[data-testid="world-editor-open"]', true);
    await page.keyboard.press('Enter');
    await page.getByTestId('world-editor').waitFor();
    expect(await focusInside('world-editor')).toBe(true);
    for (let presses = 0; presses < 30; presses += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusInside('world-editor')).toBe(true);
    }
    await screenshot('keyboard-world-editor');
    await page.keyboard.press('Escape');
    await page.getByTestId('world-editor').waitFor({ state: 'detached' });
    expect(await focusedId()).toBe('world-editor-open');
  });

  it('the Authorize panel keeps the focus too, and the guild\'s menu answers the arrows and Esc', async () => {
    // While the panel fetches its setup its fields are disabled: Close is its one stop then.
    let release = () => {};
    const released = new Promise<void>((resolve) => { release = resolve; });
    await page.route('**/_host/authorization', async (route) => {
      await released;
      await route.continue();
    }, { times: 1 });
    await tabTo('[data-testid="authorize-open"]', true);
    await page.keyboard.press('Enter');
    await page.getByTestId('authorize-panel').locator('fieldset[disabled]').waitFor();
    expect(await focusedId()).toBe('authorize-close');
    for (let presses = 0; presses < 3; presses += 1) {
      await page.keyboard.press(presses === 1 ? 'Shift+Tab' : 'Tab');
      expect(await focusedId()).toBe('authorize-close');
    }
    release();
    await page.getByTestId('authorize-url').waitFor();
    expect(await focusInside('authorize-panel')).toBe(true);
    for (let presses = 0; presses < 40; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside('authorize-panel')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.getByTestId('authorize-panel').waitFor({ state: 'detached' });
    expect(await focusedId()).toBe('authorize-open');

    await tabTo('[data-testid="guild-menu"]');
    await page.keyboard.press('Enter');
    await page.getByTestId('guild-menu-list').waitFor();
    expect(await focusedId()).toBe('guild-menu-roles');
    await page.keyboard.press('End');
    expect(await focusedId()).toBe('guild-menu-apps');
    await page.keyboard.press('ArrowDown');
    expect(await focusedId()).toBe('guild-menu-roles');
    await page.keyboard.press('Escape');
    await page.getByTestId('guild-menu-list').waitFor({ state: 'detached' });
    expect(await focusedId()).toBe('guild-menu');
  });

  it('adds optional options from their list with the arrows and Enter, removes one with Backspace, and sends what was added', async () => {
    await chooseCommand('survey');
    // The required options are chips, the focus on the first; the six optional ones wait in the list.
    expect(await chipNames()).toEqual(['name', 'age', 'colour']);
    expect(await page.getByTestId('optional-list').getByRole('option').count()).toBe(6);
    expect(await focusedId()).toBe('option-name');
    await page.keyboard.type('Alice');
    await page.keyboard.press('Tab');
    await page.keyboard.type('30');
    await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('option-colour');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('option-colour').inputValue()).toBe('red');
    // After the chips, the optional list: End highlights its last option, Enter adds it with the focus.
    await page.keyboard.press('Tab');
    expect(await focusedId()).toBe('optional-list');
    await page.keyboard.press('End');
    expect(await page.getByTestId('optional-list').getAttribute('aria-activedescendant')).toBe('optional-option-note');
    await page.keyboard.press('Enter');
    await page.getByTestId('option-chip-note').waitFor();
    expect(await focusedId()).toBe('option-note');
    expect(bot.received.filter((interaction) => interaction.data.name === 'survey')).toEqual([]);
    // The added option's autocomplete works as a required one's.
    await page.keyboard.type('idea');
    await page.getByTestId('autocomplete-choice').filter({ hasText: 'an idea' }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByTestId('autocomplete').waitFor({ state: 'detached' });
    expect(await page.getByTestId('option-note').inputValue()).toBe('an idea');
    // Another, then Backspace in its empty field removes it; the focus goes back to the chip before.
    await tabTo('[data-testid="optional-list"]');
    await page.keyboard.press('Home');
    for (let presses = 0; presses < 3; presses += 1) await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('optional-list').getAttribute('aria-activedescendant')).toBe('optional-option-subscribe');
    await page.keyboard.press('Enter');
    expect(await focusedId()).toBe('option-subscribe');
    expect(await chipNames()).toEqual(['name', 'age', 'colour', 'note', 'subscribe']);
    await screenshot('keyboard-optional-options');
    await page.keyboard.press('Backspace');
    await page.getByTestId('option-chip-subscribe').waitFor({ state: 'detached' });
    expect(await focusedId()).toBe('option-note');
    await page.getByTestId('optional-option-subscribe').waitFor();
    await tabTo('[data-testid="send-command"]');
    await page.keyboard.press('Enter');
    await message('Survey from Alice, 30, red').waitFor();
    const survey = bot.received.filter((interaction) => interaction.type === 2 && interaction.data.name === 'survey').at(-1);
    expect(survey?.data.options).toEqual([
      { name: 'name', type: 3, value: 'Alice' }, { name: 'age', type: 4, value: 30 }, { name: 'colour', type: 3, value: 'red' },
      { name: 'note', type: 3, value: 'an idea' },
    ]);
    expect(await focusedId()).toBe('composer-input');
  });

  it('keeps one menu open: the `/` picker closes when a message\'s menu opens from the keyboard', async () => {
    await tabTo('[data-testid="composer-input"]');
    await page.keyboard.type('/');
    await page.getByTestId('command-picker').waitFor();
    await tabTo(MESSAGE_ITEM, true);
    // The picker belongs to the draft, not to the focus: it is still open here.
    await page.getByTestId('command-picker').waitFor();
    await page.keyboard.press('Shift+F10');
    await page.getByTestId('context-menu').waitFor();
    await page.getByTestId('command-picker').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await page.getByTestId('context-menu').waitFor({ state: 'detached' });
    expect(await focusIs(MESSAGE_ITEM)).toBe(true);
    // Typing on a message writes in the composer, as in the real client.
    await page.keyboard.type('hi');
    expect(await focusedId()).toBe('composer-input');
    expect(await page.getByTestId('composer-input').inputValue()).toBe('/hi');
  });
});
