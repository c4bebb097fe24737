/**
 * People talk too, in Debian Chromium: alice writes a plain message with markdown, replies
 * to it from its context menu, starts a group DM with bob and carol and a DM with the bot
 * from the member list, and a user-installed app's command answers in both (contexts
 * PRIVATE_CHANNEL and BOT_DM), as the real client lets it. Every wait is on the page's state.
 */
import type { APIMessage } from 'discord-api-types/v10';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { ScriptedBot } from '../helpers/scripted-bot.js';

let client: ClientBuild;
let registry: ListeningRegistry;
let bot: ScriptedBot;
let browser: TestBrowser;
let page: Page;

const WHISPER = { name: 'whisper', description: 'Says where it was used', integration_types: [0, 1], contexts: [0, 1, 2] };

const composer = () => page.getByTestId('composer-input');
const message = (text: string) =>
  page.locator('[data-testid^="message-"]').filter({ has: page.getByTestId('message-content').filter({ hasText: text }) }).last();

async function readMessages(channelId: string): Promise<APIMessage[]> {
  const answer = await fetch(`${registry.url}/api/v10/channels/${channelId}/messages`, { headers: { authorization: EXAMPLE.alice.token } });
  return (await answer.json()) as APIMessage[];
}

async function whisper(): Promise<void> {
  await composer().click();
  await composer().pressSequentially('/whisper');
  await page.locator('[data-testid="picker-entry"][data-command="/whisper"]').waitFor();
  await composer().press('Enter');
  await page.getByTestId('chosen-command').filter({ hasText: '/whisper' }).waitFor();
  await page.keyboard.press('Enter');
}

describe('people talk in Chromium', () => {
  beforeAll(async () => {
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    bot = await ScriptedBot.connect(registry.url, EXAMPLE.app.id, EXAMPLE.app.token, async (interaction, self) => {
      const context = (interaction as { context?: number }).context;
      await self.respond(interaction, { type: 4, data: { content: `Whispered in context ${context}` } });
    });
    await bot.registerCommands([WHISPER]);
    // alice installs the app to her account: its commands follow her into DMs.
    const installed = await fetch(`${registry.url}/_slashbench/users/${EXAMPLE.alice.id}/applications/${EXAMPLE.app.id}`, {
      method: 'PUT', headers: { authorization: EXAMPLE.alice.token },
    });
    expect(installed.ok).toBe(true);
    browser = await openBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.goto(`${registry.url}/`);
    await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await bot?.close();
    await registry?.close();
    await client?.remove();
  });

  it('sends a plain message, then a reply to it from its context menu', async () => {
    await composer().click();
    await composer().pressSequentially('hello **world**');
    await composer().press('Enter');
    const sent = message('hello');
    await sent.waitFor();
    expect(await composer().inputValue()).toBe('');
    await sent.getByTestId('message-content').click({ button: 'right' });
    await page.getByTestId('context-menu-talk').filter({ hasText: 'Reply' }).click();
    await page.getByTestId('composer-reply').filter({ hasText: 'Replying to Alice' }).waitFor();
    await composer().pressSequentially('indeed');
    await composer().press('Enter');
    await message('indeed').waitFor();
    await page.getByTestId('composer-reply').waitFor({ state: 'detached' });
    const [reply, original] = await readMessages(EXAMPLE.general);
    expect(original).toMatchObject({ content: 'hello **world**', author: { id: EXAMPLE.alice.id } });
    expect(reply).toMatchObject({ content: 'indeed', type: 19, message_reference: { message_id: original?.id }, referenced_message: { id: original?.id } });
  });

  it('starts a group DM, where the user-installed app answers in the PRIVATE_CHANNEL context', async () => {
    await page.getByTestId('guild-home').click();
    await page.getByTestId('dm-new').click();
    await page.getByTestId('new-message').waitFor();
    await page.getByTestId('new-message-person-bob').check();
    await page.getByTestId('new-message-person-carol').check();
    await page.getByTestId('new-message-open').click();
    await page.getByTestId('new-message').waitFor({ state: 'detached' });
    await page.getByTestId('channel-title').filter({ hasText: 'Bob' }).waitFor();
    await whisper();
    await message('Whispered in context 2').waitFor();
    expect(bot.received.at(-1)).toMatchObject({ context: 2, channel: { type: 3 } });
  });

  it('opens a DM with the bot from its context menu, where the app answers in the BOT_DM context', async () => {
    await page.getByTestId(`guild-${EXAMPLE.guild}`).click();
    await page.locator(`[data-testid="member-name"]`).filter({ hasText: 'Example Bot' }).click({ button: 'right' });
    await page.getByTestId('context-menu-talk').filter({ hasText: 'Message' }).click();
    await page.getByTestId('channel-title').filter({ hasText: 'Example Bot' }).waitFor();
    await whisper();
    await message('Whispered in context 1').waitFor();
    expect(bot.received.at(-1)).toMatchObject({ context: 1, channel: { type: 1 } });
  });

  it('keeps the inspector\'s record, with who acted, across a reload of the page', async () => {
    const whispers = () => page.getByTestId('inspector-entry').filter({ has: page.getByTestId('inspector-label').filter({ hasText: '/whisper' }) });
    await whispers().nth(1).waitFor();
    await page.reload();
    await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
    await whispers().nth(1).waitFor();
    expect(await whispers().getByTestId('inspector-actor').allTextContents()).toEqual(['Alice', 'Alice']);
  });
});
