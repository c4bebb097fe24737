/**
 * The stage of the message-rendering tests: the client built from source, a registry with
 * the example world (its @everyone allowed embeds and files, which the example lacks), an
 * unmodified discord.js bot logged in, and Debian Chromium reading #general as alice at
 * 1280x720 in UTC, with the member list put away. Also what those tests read from the page:
 * screenshots kept in test-results/screenshots/, the images an element shows, a computed style.
 */
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { Client, Events, GatewayIntentBits, type TextChannel } from 'discord.js';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { REPO_ROOT } from '../helpers/registry-process.js';

export const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

export interface MessagePage {
  registry: ListeningRegistry;
  page: Page;
  bot: Client;
  /** #general, as the bot sees it. */
  channel: TextChannel;
  close(): Promise<void>;
}

/** Sets the stage (see the header); `close` takes it all down. */
export async function openMessagePage(): Promise<MessagePage> {
  await mkdir(SCREENSHOTS, { recursive: true });
  let client: ClientBuild | undefined;
  let registry: ListeningRegistry | undefined;
  let bot: Client | undefined;
  let browser: TestBrowser | undefined;
  const close = async () => {
    await browser?.close();
    await bot?.destroy();
    await registry?.close();
    await client?.remove();
  };
  try {
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    // The example world's @everyone lacks EMBED_LINKS, without which the service drops a bot's embeds.
    const everyone = await registry.store.world.role(EXAMPLE.guild);
    if (!everyone) throw new Error('no @everyone');
    const granted = BigInt(everyone.permissions) | PermissionFlagsBits.EmbedLinks | PermissionFlagsBits.AttachFiles;
    await registry.store.world.putRole({ ...everyone, permissions: granted.toString() });
    bot = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessagePolls], rest: { api: `${registry.url}/api` } });
    const ready = once(bot, Events.ClientReady);
    await bot.login(EXAMPLE.app.token);
    await ready;
    const channel = (await bot.channels.fetch(EXAMPLE.general)) as TextChannel;
    browser = await openBrowser();
    const page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error));
    // Times are checked as written in UTC; the browser's zone is pinned, as a reader's would be.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'UTC' });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`${registry.url}/?user=${EXAMPLE.alice.id}`);
    await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
    await page.getByTestId(`channel-${EXAMPLE.general}`).click();
    await page.getByTestId('channel-title').filter({ hasText: 'general' }).waitFor();
    // The chat as a reader keeps it at 1280x720: the inspector starts put away there, and the
    // member list is put away too.
    await page.locator('[data-testid="inspector-toggle"][aria-pressed="false"]').waitFor();
    await page.locator('[data-testid="member-list-toggle"][aria-pressed="true"]').click();
    await page.locator('[data-testid="member-list-toggle"][aria-pressed="false"]').waitFor();
    return { registry, page, bot, channel, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The element whole: the window grows to hold a tall one for the picture, then is 1280x720 again. */
export async function screenshot(page: Page, target: Locator, name: string): Promise<void> {
  const box = await target.boundingBox();
  await page.setViewportSize({ width: 1280, height: Math.max(720, Math.ceil((box?.height ?? 0) + 240)) });
  await target.scrollIntoViewIfNeeded();
  await target.screenshot({ path: join(SCREENSHOTS, `messages-${name}.png`) });
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Waits until every image in `root` (custom emoji aside) has loaded or failed; answers what each shows. */
export async function images(root: Locator): Promise<Array<{ src: string; natural: number; width: number; height: number }>> {
  type Image = { complete: boolean; naturalWidth: number; width: number; height: number; getAttribute(name: string): string | null;
    addEventListener(type: string, listener: (value: unknown) => void, options: { once: boolean }): void };
  return root.evaluate(async (element) => {
    const found = [...element.querySelectorAll('img:not(.md-emoji)')] as Image[];
    await Promise.all(found.map((image) => (image.complete ? Promise.resolve() : new Promise((resolve) => {
      image.addEventListener('load', resolve, { once: true });
      image.addEventListener('error', resolve, { once: true });
    }))));
    return found.map((image) => ({ src: image.getAttribute('src') ?? '', natural: image.naturalWidth, width: image.width, height: image.height }));
  });
}

/** The computed value of a CSS property of `target`. */
export const css = (target: Locator, property: string) =>
  target.evaluate((element, name) => String(element.ownerDocument.defaultView.getComputedStyle(element).getPropertyValue(name)), property);
