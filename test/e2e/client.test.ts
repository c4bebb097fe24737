/**
 * The client in Debian Chromium against a registry on a real port, with the example world
 * and a bot answering over the gateway: the picker, the options form (required options as
 * chips, optional ones added from their list by mouse or keyboard and removed again) and its
 * checks, answers, buttons, autocomplete, deferred and ephemeral answers, read-repair, switching
 * person, context menus (Apps on a person or a message), an app's modal, and the
 * inspector's record of each. Screenshots of the main views go to
 * test-results/screenshots/. Every wait is on the page's state, never on a timer.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOCATION_MESSAGES } from '../../src/shared/invocation/index.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { REPO_ROOT } from '../helpers/registry-process.js';
import { Gates, ScriptedBot } from '../helpers/scripted-bot.js';
import { COMMANDS, exampleHandler } from './example-app.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

let client: ClientBuild;
let registry: ListeningRegistry;
let bot: ScriptedBot;
let browser: TestBrowser;
let page: Page;
const gates = new Gates();

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Waits for the readiness signal of the person `userId`. */
async function ready(userId: string): Promise<void> {
  await page.locator(`body[data-ready="true"][data-user-id="${userId}"]`).waitFor();
}

const composer = () => page.getByTestId('composer-input');
const entry = (label: string) => page.locator(`[data-testid="picker-entry"][data-command="${label}"]`);
const pickerLabels = () => page.getByTestId('picker-entry').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-command')));
const inspectorEntries = () => page.getByTestId('inspector-entry');

/** The newest message whose text contains `text`. */
function message(text: string) {
  return page.locator('[data-testid^="message-"]').filter({ has: page.getByTestId('message-content').filter({ hasText: text }) }).last();
}

/** A message of the shared rules as the page shows it: `name` in backticks becomes code. */
function shown(text: string): string {
  return text.replaceAll('`', '');
}

/** The names of the option chips shown, in order. */
const chipNames = () => page.locator('[data-testid^="option-chip-"]').evaluateAll((chips) => chips.map((chip) => chip.getAttribute('data-testid')?.replace('option-chip-', '')));
/** The names the optional list offers, in order. */
const optionalNames = () => page.locator('[data-testid^="optional-option-"]').evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-testid')?.replace('optional-option-', '')));

/** Whether the focused element matches `selector`. */
async function focusIs(selector: string): Promise<boolean> {
  return (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) === true;
}

/** Adds the optional option `name` as a chip with a click on its name in the optional list. */
async function addOption(name: string): Promise<void> {
  await page.getByTestId(`optional-option-${name}`).click();
  await page.getByTestId(`option-chip-${name}`).waitFor();
}

/** The newest command interaction the bot received named `name`. */
function receivedCommand(name: string) {
  return bot.received.filter((interaction) => interaction.type === 2 && interaction.data.name === name).at(-1);
}

/** Types `/`, then `query`, and chooses `label` with the keyboard. */
async function chooseCommand(query: string, label: string): Promise<void> {
  await composer().click();
  await composer().pressSequentially(`/${query}`);
  await entry(label).waitFor();
  const labels = await pickerLabels();
  const steps = labels.indexOf(label);
  for (let step = 0; step < steps; step += 1) await composer().press('ArrowDown');
  await composer().press('Tab');
  await page.getByTestId('chosen-command').filter({ hasText: label }).waitFor();
}

describe('the client in Chromium', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    bot = await ScriptedBot.connect(registry.url, EXAMPLE.app.id, EXAMPLE.app.token, exampleHandler(gates));
    await bot.registerCommands(COMMANDS);
    browser = await openBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: registry.url });
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await bot?.close();
    await registry?.close();
    await client?.remove();
  });

  it('opens as the first person, in the guild, with categories, threads and voice channels', async () => {
    const response = await page.goto(`${registry.url}/`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await ready(EXAMPLE.alice.id);
    expect(await page.getByTestId('acting-user').textContent()).toBe('Alice');
    expect(await page.getByTestId('sidebar-title').textContent()).toBe('Example Guild');
    expect(await page.getByTestId('channel-list').textContent()).toContain('Text Channels');
    await page.getByTestId('channel-1184502661266817029').filter({ hasText: 'release-plans' }).waitFor();
    await page.getByTestId('channel-1184502661266817028').filter({ hasText: 'Lounge' }).waitFor();
    expect(await page.getByTestId('channel-title').textContent()).toBe('general');
    await message('Welcome to the example guild!').waitFor();
    await page.getByTestId(`channel-${EXAMPLE.botTesting}`).click();
    await page.getByTestId('channel-title').filter({ hasText: 'bot-testing' }).waitFor();
    await ready(EXAMPLE.alice.id);
    await screenshot('01-guild');
  });

  it('opens the picker on /, grouped by app, and filters it as the person types', async () => {
    await composer().click();
    await composer().pressSequentially('/');
    await page.getByTestId('command-picker').waitFor();
    await page.getByTestId(`picker-app-${EXAMPLE.app.id}`).filter({ hasText: 'Example Bot' }).waitFor();
    const all = await pickerLabels();
    expect(all).toEqual(expect.arrayContaining(['/ping', '/echo', '/fruit', '/admin user ban', '/admin user warn', '/hello']));
    await screenshot('02-picker');
    await composer().pressSequentially('USER');
    await entry('/admin user warn').waitFor();
    expect(await pickerLabels()).toEqual(['/admin user ban', '/admin user warn']);
    await composer().press('ArrowDown');
    expect(await entry('/admin user warn').getAttribute('aria-selected')).toBe('true');
    await composer().press('Escape');
    await page.getByTestId('command-picker').waitFor({ state: 'detached' });
    await composer().fill('');
  });

  it('refuses invalid options before sending, with the messages the registry would use', async () => {
    const before = await inspectorEntries().count();
    await chooseCommand('ech', '/echo');
    // The required option is a chip at once, with the focus; the optional ones wait in their list.
    expect(await chipNames()).toEqual(['text']);
    expect(await optionalNames()).toEqual(['times', 'loud']);
    expect(await focusIs('[data-testid="option-text"]')).toBe(true);
    await addOption('times');
    expect(await focusIs('[data-testid="option-times"]')).toBe(true);
    expect(await chipNames()).toEqual(['text', 'times']);
    expect(await optionalNames()).toEqual(['loud']);
    await page.getByTestId('option-text').pressSequentially('x');
    await page.getByTestId('option-times').fill('two');
    await page.getByTestId('option-times').press('Enter');
    const textError = shown(INVOCATION_MESSAGES.tooShort.text('text', 2));
    const timesError = shown(INVOCATION_MESSAGES.notInteger.text('times'));
    await page.getByTestId('option-error-text').filter({ hasText: textError }).waitFor();
    await page.getByTestId('option-error-times').filter({ hasText: timesError }).waitFor();
    expect(await inspectorEntries().count()).toBe(before);
    await screenshot('03-options-refused');
  });

  it('sends the command and shows the bot\'s answer, recorded by the inspector', async () => {
    await page.getByTestId('option-text').fill('hello');
    await page.getByTestId('option-times').fill('2');
    // The keyboard adds `loud`: Tab past the chips to the optional list, ArrowDown, Enter.
    for (let presses = 0; presses < 5 && !(await focusIs('[data-testid="optional-list"]')); presses += 1) await page.keyboard.press('Tab');
    expect(await focusIs('[data-testid="optional-list"]')).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await page.getByTestId('optional-list').getAttribute('aria-activedescendant')).toBe('optional-option-loud');
    expect(await page.getByTestId('option-hint').textContent()).toContain('In capitals');
    await page.keyboard.press('Enter');
    await page.getByTestId('option-chip-loud').waitFor();
    expect(await focusIs('[data-testid="option-loud"]')).toBe(true);
    await page.getByTestId('optional-options').waitFor({ state: 'detached' });
    await page.getByTestId('option-loud').selectOption('true');
    await page.getByTestId('option-text').press('Enter');
    const answer = message('HELLO HELLO');
    await answer.waitFor();
    expect(await answer.getByTestId('message-used').textContent()).toContain('Alice used /echo');
    expect(await answer.getByTestId('embed-title').textContent()).toBe('Echo');
    const recorded = inspectorEntries().last();
    await recorded.and(page.locator('[data-status="succeeded"]')).waitFor();
    expect(await recorded.getByTestId('inspector-label').textContent()).toBe('/echo');
    expect(await recorded.getByTestId('inspector-actor').textContent()).toBe('Alice');
    const payload = JSON.parse(await recorded.getByTestId('inspector-payload').textContent() ?? '{}') as Record<string, unknown>;
    expect(payload).toMatchObject({ type: 2, data: { name: 'echo', options: [{ name: 'text', value: 'hello' }, { name: 'times', value: 2 }, { name: 'loud', value: true }] } });
    expect(receivedCommand('echo')?.data.options).toEqual([{ name: 'text', type: 3, value: 'hello' }, { name: 'times', type: 4, value: 2 }, { name: 'loud', type: 5, value: true }]);
    await recorded.getByTestId('inspector-copy').click();
    await recorded.getByTestId('inspector-copied').filter({ hasText: 'Copied' }).waitFor();
    const copied = JSON.parse(String(await page.evaluate('navigator.clipboard.readText()'))) as { request: { data: { name: string } }; events: Array<{ type: string }> };
    expect(copied.request.data.name).toBe('echo');
    expect(copied.events.map((event) => event.type)).toEqual(expect.arrayContaining(['INTERACTION_CREATE', 'INTERACTION_DELIVERY', 'INTERACTION_CALLBACK', 'INTERACTION_SUCCESS']));
    await screenshot('04-answer-and-inspector');
  });

  it('removes an added option, with the × or Backspace in its empty field: its value is not sent', async () => {
    await chooseCommand('ech', '/echo');
    await page.getByTestId('option-text').fill('quietly');
    await addOption('times');
    await page.getByTestId('option-times').fill('3');
    await page.getByTestId('option-remove-times').click();
    await page.getByTestId('option-chip-times').waitFor({ state: 'detached' });
    expect(await optionalNames()).toEqual(['times', 'loud']);
    expect(await focusIs('[data-testid="option-text"]')).toBe(true);
    // Added again, it starts empty.
    await addOption('times');
    expect(await page.getByTestId('option-times').inputValue()).toBe('');
    await page.getByTestId('option-times').press('Backspace');
    await page.getByTestId('option-chip-times').waitFor({ state: 'detached' });
    expect(await focusIs('[data-testid="option-text"]')).toBe(true);
    // Backspace in a required option's empty field leaves its chip.
    await page.getByTestId('option-text').fill('');
    await page.getByTestId('option-text').press('Backspace');
    expect(await chipNames()).toEqual(['text']);
    await page.getByTestId('option-text').fill('quietly');
    await page.getByTestId('option-text').press('Enter');
    await message('quietly').waitFor();
    expect(receivedCommand('echo')?.data.options).toEqual([{ name: 'text', type: 3, value: 'quietly' }]);
  });

  it('shows no chip for a command whose options are all optional: Enter in their list sends it bare, or adds the highlighted one', async () => {
    await bot.rest('POST', `/applications/${EXAMPLE.app.id}/commands`, {
      name: 'search', description: 'Search for things',
      options: [{ type: 3, name: 'terms', description: 'What to find' }, { type: 5, name: 'exact', description: 'Only exact matches' }],
    });
    await chooseCommand('sear', '/search');
    expect(await chipNames()).toEqual([]);
    expect(await optionalNames()).toEqual(['terms', 'exact']);
    expect(await focusIs('[data-testid="optional-list"]')).toBe(true);
    await page.keyboard.press('Enter');
    await message('Done: /search').waitFor();
    expect(receivedCommand('search')?.data.options).toBeUndefined();

    await chooseCommand('sear', '/search');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await focusIs('[data-testid="option-terms"]')).toBe(true);
    await page.keyboard.type('cats');
    await page.keyboard.press('Enter');
    const answers = page.locator('[data-testid^="message-"]').filter({ has: page.getByTestId('message-content').filter({ hasText: 'Done: /search' }) });
    await answers.nth(1).waitFor();
    expect(receivedCommand('search')?.data.options).toEqual([{ name: 'terms', type: 3, value: 'cats' }]);
  });

  it('presses a button of an answer: a component interaction that updates the message', async () => {
    await chooseCommand('pi', '/ping');
    await page.getByTestId('send-command').press('Enter');
    const pong = message('Pong!');
    await pong.waitFor();
    await pong.getByTestId('component-again').click();
    await message('Pong again!').waitFor();
    await inspectorEntries().and(page.locator('[data-kind="component"][data-status="succeeded"]')).waitFor();
    await screenshot('05-component');
  });

  it('autocompletes from the bot, and says so when the bot does not answer', async () => {
    await chooseCommand('fru', '/fruit');
    await page.getByTestId('option-name').pressSequentially('ap');
    await page.getByTestId('autocomplete-choice').filter({ hasText: 'apricot' }).waitFor();
    expect(await page.getByTestId('autocomplete-choice').allTextContents()).toEqual(['apple', 'apricot', 'grape']);
    await screenshot('06-autocomplete');
    await page.getByTestId('option-name').press('ArrowDown');
    await page.getByTestId('option-name').press('Enter');
    await page.getByTestId('autocomplete').waitFor({ state: 'detached' });
    expect(await page.getByTestId('option-name').inputValue()).toBe('apricot');
    const focused = bot.received.filter((interaction) => interaction.type === 4).at(-1);
    expect(focused?.data.options).toEqual([{ name: 'name', type: 3, value: 'ap', focused: true }]);
    await addOption('vegetable');
    await page.getByTestId('option-vegetable').pressSequentially('c');
    await page.getByTestId('autocomplete-loading').waitFor();
    await page.getByTestId('autocomplete-failed').filter({ hasText: 'Loading options failed' }).waitFor({ timeout: 10_000 });
    await inspectorEntries().and(page.locator('[data-kind="autocomplete"][data-status="failed"]')).first().waitFor();
    await page.getByTestId('option-vegetable').fill('');
    await page.getByTestId('option-name').press('Escape');
    await page.getByTestId('option-name').press('Enter');
    await message('You picked apricot').waitFor();
  });

  it('shows "is thinking…" for a deferred answer until the bot edits it', async () => {
    await chooseCommand('slo', '/slow');
    await page.getByTestId('send-command').press('Enter');
    const thinking = page.getByTestId('message-thinking').filter({ hasText: 'Example Bot is thinking' });
    await thinking.waitFor();
    await screenshot('07-thinking');
    gates.open('slow');
    await message('Done thinking.').waitFor();
    await thinking.waitFor({ state: 'detached' });
    const recorded = inspectorEntries().filter({ has: page.getByTestId('inspector-label').filter({ hasText: '/slow' }) }).last();
    await recorded.click();
    await recorded.getByTestId('inspector-webhook').filter({ hasText: 'PATCH' }).waitFor();
  });

  it('says why a command failed when the app misses the deadline, in the chat and the inspector', async () => {
    await chooseCommand('ign', '/ignore');
    await page.getByTestId('send-command').press('Enter');
    await page.getByTestId('interaction-pending').waitFor();
    const failed = page.getByTestId('interaction-failed').filter({ hasText: 'The application did not respond' });
    await failed.waitFor({ timeout: 10_000 });
    const recorded = inspectorEntries().last();
    expect(await recorded.getAttribute('data-status')).toBe('failed');
    expect(await recorded.getByTestId('inspector-status').textContent()).toBe('failed: deadline');
    await recorded.getByTestId('inspector-result').filter({ hasText: 'deadline: The app did not respond within 3 s.' }).waitFor();
    await screenshot('08-deadline');
  });

  it('marks an ephemeral answer as only for this person', async () => {
    await chooseCommand('sec', '/secret');
    await page.getByTestId('send-command').press('Enter');
    const secret = message('Only for you.');
    await secret.waitFor();
    expect(await secret.getByTestId('ephemeral-note').textContent()).toContain('Only you can see this');
    // The earlier failure stays where it happened, above this later answer, not at the bottom.
    const order = await page.getByTestId('message-list').locator('[data-testid="interaction-failed"], [data-testid^="message-"]:has([data-testid="message-content"])')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid') === 'interaction-failed' ? 'failed' : item.textContent ?? ''));
    const failedAt = order.indexOf('failed');
    expect(failedAt).toBeGreaterThanOrEqual(0);
    expect(order.findIndex((text) => text.includes('Only for you.'))).toBeGreaterThan(failedAt);
  });

  it('reloads the index after a refusal for a stale version, and says so', async () => {
    await chooseCommand('ech', '/echo');
    await page.getByTestId('option-text').fill('again');
    // The reload the registry's APPLICATION_COMMAND_INDEX_UPDATE asks for is dropped, so
    // the client keeps the old version, as a client that missed the event would.
    let dropped!: () => void;
    const droppedOnce = new Promise<void>((resolve) => { dropped = resolve; });
    await page.route('**/application-command-index?*', async (route) => {
      await route.abort();
      dropped();
    });
    const echo = COMMANDS.find((command) => command.name === 'echo');
    await bot.rest('POST', `/applications/${EXAMPLE.app.id}/commands`, { ...echo, description: 'Repeat some text, louder' });
    await droppedOnce;
    await page.unroute('**/application-command-index?*');
    await page.getByTestId('option-text').press('Enter');
    await page.getByTestId('index-notice').filter({ hasText: 'Commands were updated; try again.' }).waitFor();
    await screenshot('09-stale-version');
    await page.getByTestId('option-text').press('Enter');
    await message('again').waitFor();
  });

  it('switches person: identity, locale and what the picker shows follow', async () => {
    await page.getByTestId('user-switcher').selectOption(EXAMPLE.carol.id);
    await ready(EXAMPLE.carol.id);
    expect(await page.getByTestId('acting-locale').textContent()).toContain('ja');
    await composer().click();
    await composer().pressSequentially('/');
    await page.getByTestId('command-picker').waitFor();
    const carols = await pickerLabels();
    expect(carols).toContain('/こんにちは');
    expect(carols.some((label) => label?.startsWith('/admin'))).toBe(false);
    await composer().press('Escape');
    await composer().fill('');

    await page.getByTestId('user-switcher').selectOption(EXAMPLE.bob.id);
    await ready(EXAMPLE.bob.id);
    expect(await page.getByTestId('acting-user').textContent()).toBe('Bob');
    await composer().click();
    await composer().pressSequentially('/');
    await entry('/bonjour').waitFor();
    expect(await pickerLabels()).toEqual(expect.arrayContaining(['/admin utilisateur bannir', '/admin utilisateur warn', '/bonjour']));
    await screenshot('10-switched-person');
    await composer().press('Escape');
    await composer().fill('');
  });

  it('offers the place\'s people, channels of the allowed types and choices in the options form', async () => {
    await chooseCommand('bon', '/bonjour');
    expect(await chipNames()).toEqual(['friend']);
    expect(await optionalNames()).toEqual(['where', 'mood']);
    await addOption('where');
    await addOption('mood');
    const friends = await page.getByTestId('option-friend').locator('option').allTextContents();
    expect(friends).toEqual(expect.arrayContaining(['Alice (@alice)', 'Bobby (@bob)']));
    const places = await page.getByTestId('option-where').locator('option').allTextContents();
    expect(places).toEqual(expect.arrayContaining(['general', 'bot-testing']));
    expect(places).not.toContain('Lounge');
    await page.getByTestId('send-command').click();
    await page.getByTestId('option-error-friend').filter({ hasText: shown(INVOCATION_MESSAGES.optionRequired.text('friend')) }).waitFor();
    await page.getByTestId('option-friend').selectOption(EXAMPLE.alice.id);
    await page.getByTestId('option-mood').selectOption('grumpy');
    await screenshot('11-entity-options');
    await page.getByTestId('send-command').click();
    await message('Hello @Alice!').waitFor();
  });

  it('right-clicking a person offers the USER commands under Apps, localized; choosing one invokes it', async () => {
    const hello = message('Hello @Alice!');
    await hello.getByTestId('message-used-user').click({ button: 'right' });
    await page.getByTestId('context-menu').waitFor();
    await page.getByTestId('context-menu-apps').hover();
    const command = page.getByTestId('context-command-High five');
    await command.filter({ hasText: 'Tape là' }).waitFor();
    expect(await page.getByTestId('context-command-Quote').count()).toBe(0);
    await screenshot('13-context-menu-user');
    await command.click();
    await page.getByTestId('context-menu').waitFor({ state: 'detached' });
    const highFive = message('High five, @');
    await highFive.waitFor();
    expect(await highFive.getByTestId('message-used').textContent()).toContain('used High five');
    const received = bot.received.filter((interaction) => interaction.data.type === 2).at(-1);
    expect(received?.data).toMatchObject({ name: 'High five', type: 2, target_id: EXAMPLE.bob.id });
    await inspectorEntries().filter({ has: page.getByTestId('inspector-label').filter({ hasText: 'Tape là' }) })
      .and(page.locator('[data-status="succeeded"]')).waitFor();
  });

  it('right-clicking a message offers the MESSAGE commands; the app gets the message as target', async () => {
    const hello = message('Hello @Alice!');
    await hello.getByTestId('message-content').click({ button: 'right' });
    await page.getByTestId('context-menu').and(page.locator('[data-target-kind="message"]')).waitFor();
    await page.getByTestId('context-menu-apps').click();
    await page.getByTestId('context-command-Quote').waitFor();
    expect(await page.getByTestId('context-command-High five').count()).toBe(0);
    await screenshot('14-context-menu-message');
    await page.getByTestId('context-command-Quote').click();
    await message('Quoted: "Hello @Alice!"').waitFor();
  });

  it('closes the context menu on Esc and on a click elsewhere, sending nothing', async () => {
    const before = await inspectorEntries().count();
    await message('Hello @Alice!').getByTestId('message-author').click({ button: 'right' });
    await page.getByTestId('context-menu').and(page.locator('[data-target-kind="user"]')).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('context-menu').waitFor({ state: 'detached' });
    await message('Hello @Alice!').click({ button: 'right' });
    await page.getByTestId('context-menu').waitFor();
    await page.getByTestId('channel-title').click();
    await page.getByTestId('context-menu').waitFor({ state: 'detached' });
    expect(await inspectorEntries().count()).toBe(before);
  });

  it('opens the app\'s modal, refuses an empty required field, then submits it', async () => {
    await chooseCommand('feed', '/feedback');
    await page.getByTestId('send-command').press('Enter');
    const modal = page.getByTestId('modal');
    await modal.waitFor();
    expect(await page.getByTestId('modal-title').textContent()).toBe('Your feedback');
    expect(await page.getByTestId('modal-input-subject').getAttribute('placeholder')).toBe('In a few words');
    const before = await inspectorEntries().count();
    await page.getByTestId('modal-submit').click();
    await page.getByTestId('modal-error-subject').filter({ hasText: 'This field is required.' }).waitFor();
    expect(await inspectorEntries().count()).toBe(before);
    await screenshot('15-modal-refused');
    await page.getByTestId('modal-input-subject').fill('Great bot');
    await page.getByTestId('modal-input-details').fill('It answers fast.');
    await page.getByTestId('modal-submit').click();
    await modal.waitFor({ state: 'detached' });
    await message('Thanks for your feedback: Great bot').waitFor();
    // The answer is to a form, not to a button: the line above it says so.
    expect(await message('Thanks for your feedback: Great bot').getByTestId('message-used').textContent()).toContain('Bob submitted a form');
    const submitted = bot.received.filter((interaction) => interaction.type === 5).at(-1);
    expect(submitted?.data).toMatchObject({ custom_id: 'feedback-form', components: [
      { type: 1, components: [{ type: 4, custom_id: 'subject', value: 'Great bot' }] },
      { type: 1, components: [{ type: 4, custom_id: 'details', value: 'It answers fast.' }] },
    ] });
    await inspectorEntries().and(page.locator('[data-kind="modal"][data-status="succeeded"]')).waitFor();
    await screenshot('16-modal-answered');
  });

  it('closes the modal on Cancel without sending', async () => {
    await chooseCommand('feed', '/feedback');
    await page.getByTestId('send-command').press('Enter');
    await page.getByTestId('modal').waitFor();
    const before = await inspectorEntries().count();
    await page.getByTestId('modal-cancel').click();
    await page.getByTestId('modal').waitFor({ state: 'detached' });
    expect(await inspectorEntries().count()).toBe(before);
  });

  it('lists direct messages in the home, and the inspector holds every interaction in order', async () => {
    await page.getByTestId('guild-home').click();
    await page.getByTestId('dm-list').waitFor();
    await ready(EXAMPLE.bob.id);
    await message('Always.').waitFor();
    await screenshot('12-direct-messages');
    const kinds = await inspectorEntries().evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds).toEqual(expect.arrayContaining(['command', 'autocomplete', 'component']));
    const labels = await page.getByTestId('inspector-label').allTextContents();
    // Each is there (indexOf's -1 would pass any "before"), in the order invoked.
    const at = (label: string) => {
      const index = labels.indexOf(label);
      expect(index, `${label} among the inspector's entries: ${labels.join(', ')}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    expect(at('/echo')).toBeLessThan(at('/ping'));
    expect(at('/ping')).toBeLessThan(at('/slow'));
  });
});
