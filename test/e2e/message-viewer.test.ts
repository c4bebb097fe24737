/**
 * What a reader does with a bot's messages beyond reading them, in Debian Chromium as in the
 * real client: a code block coloured by its language (highlight.js's token classes, never
 * HTML from the message; an unknown language stays plain); an image opened in the viewer by
 * click or by keyboard (full size within the window, its name, "Open in browser"), which
 * holds the focus and gives it back to the image on Escape; a video the service unfurled
 * playing in its embed with the thumbnail as its poster, or a link when it cannot play; an
 * unfurled GIF (`gifv`) playing silent and looping without controls (still, with controls,
 * when the reader prefers reduced motion); a gallery's video, or a link when it cannot play;
 * and an unfurled link's provider above its author.
 * Screenshots go to test-results/screenshots/; every wait is on the page, never on a timer.
 */
import { join } from 'node:path';
import { AttachmentBuilder, MediaGalleryBuilder, MessageFlags, type Client, type TextChannel } from 'discord.js';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import type { MessageRecord } from '../../src/registry/store/records.js';
import { EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { seriousViolations } from '../helpers/page-checks.js';
import { drawPng, recordWebm } from './message-fixtures.js';
import { css, images, openMessagePage, screenshot as keep, SCREENSHOTS, type MessagePage } from './message-page.js';

let stage: MessagePage;
let registry: ListeningRegistry;
let page: Page;
let bot: Client;
let channel: TextChannel;

const item = (id: string) => page.getByTestId(`message-${id}`);
const screenshot = (target: Locator, name: string) => keep(page, target, name);
/** The test id of the element that has the focus. */
const focused = () => page.evaluate('document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.textContent');
/** Whether `target` has the focus. */
const hasFocus = (target: Locator) => target.evaluate((element) => element === element.ownerDocument.activeElement);

/**
 * Writes into #bot-testing what the service stores when it unfurls links (bots cannot set an
 * embed's `type`, `provider` or `video`), as a world file would, and shows that channel afresh
 * (the page hears nothing of a write to the store): answers the message on the page.
 */
async function unfurled(fields: Partial<MessageRecord>): Promise<Locator> {
  const id = createSnowflakeGenerator()();
  await registry.store.messages.putMessage({
    id, channel_id: EXAMPLE.botTesting, author_id: bot.user?.id ?? EXAMPLE.app.id, content: '',
    timestamp: new Date().toISOString(), edited_timestamp: null, type: 0, flags: 0, components: [], attachments: [],
    application_id: null, webhook_id: null, interaction_metadata: null, embeds: [], ...fields,
  });
  await page.goto(`${registry.url}/?user=${EXAMPLE.alice.id}`);
  await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
  await page.getByTestId(`channel-${EXAMPLE.botTesting}`).click();
  await item(id).waitFor();
  return item(id);
}

/** Sends `files` to #general; answers each one's url by its name. */
async function upload(files: AttachmentBuilder[]): Promise<(name: string) => string> {
  const sent = await channel.send({ files });
  return (name) => sent.attachments.find((file) => file.name === name)?.url ?? '';
}

/** Waits until the video plays (at once when it already does); answers whether it does. */
const playing = (video: Locator) => video.evaluate((element) => new Promise<boolean>((resolve) => {
  const media = element as unknown as { paused: boolean; addEventListener(type: string, listener: () => void): void };
  if (!media.paused) resolve(true);
  media.addEventListener('playing', () => resolve(!media.paused));
}));

/** The video's state as its properties say (React sets `muted` as a property, not an attribute). */
const playState = (video: Locator) => video.evaluate((element) => {
  const media = element as unknown as { muted: boolean; loop: boolean; autoplay: boolean; controls: boolean; paused: boolean };
  return { muted: media.muted, loop: media.loop, autoplay: media.autoplay, controls: media.controls, paused: media.paused };
});

beforeAll(async () => {
  stage = await openMessagePage();
  ({ registry, page, bot, channel } = stage);
}, 120_000);

afterAll(async () => {
  await stage?.close();
});

describe('a reader and a bot\'s messages', () => {
  it('colours code by its language with highlight.js\'s classes, keeps markup in code as text, and leaves an unknown language plain', async () => {
    const markup = '<script>document.title = "owned"</script><img src=x onerror=alert(1)>';
    const sent = await channel.send(['```js', 'const answer = 42; // the answer', '```', '```html', markup, '```', '```cobol', 'DISPLAY "HELLO".', '```'].join('\n'));
    const content = item(sent.id).getByTestId('message-content');
    const js = content.locator('pre[data-language="js"][data-highlighted="true"]');
    const html = content.locator('pre[data-language="html"][data-highlighted="true"]');
    await js.waitFor();
    await html.waitFor();

    expect(await js.locator('code').getAttribute('class')).toBe('language-js hljs');
    expect(await js.textContent()).toBe('const answer = 42; // the answer');
    expect(await js.locator('span').evaluateAll((spans) => spans.map((span) => [span.className, span.textContent]))).toEqual([
      ['hljs-keyword', 'const'], ['hljs-number', '42'], ['hljs-comment', '// the answer'],
    ]);
    // The theme colours each kind of token (the dark theme's keyword colour).
    expect(await css(js.locator('.hljs-keyword'), 'color')).toBe('rgb(255, 123, 114)');
    expect(await css(js.locator('.hljs-keyword'), 'color')).not.toBe(await css(js.locator('code'), 'color'));

    // HTML in an html block is its tokens' text: no element was made of it, nothing ran.
    expect(await html.textContent()).toBe(markup);
    expect(await html.locator('script, img').count()).toBe(0);
    expect(await html.locator('.hljs-name').allTextContents()).toEqual(['script', 'script', 'img']);
    expect(await html.locator('.language-javascript .hljs-property').textContent()).toBe('title');
    expect(await page.title()).toBe('Slashbench');

    const cobol = content.locator('pre[data-language="cobol"]');
    expect(await cobol.getAttribute('data-highlighted')).toBe('false');
    expect(await cobol.locator('span').count()).toBe(0);
    expect(await cobol.textContent()).toBe('DISPLAY "HELLO".');
    await screenshot(item(sent.id), 'code-highlighted');
  });

  it('opens an image in the viewer by click, Enter and Space; the viewer holds the focus and gives it back on Escape or Close', async () => {
    const photo = await drawPng(page, 1600, 1000, '#5865f2', 'wide photo');
    const sent = await channel.send({ content: 'The whole picture', files: [new AttachmentBuilder(photo, { name: 'wide.png' })] });
    const opener = item(sent.id).getByTestId('media-image');
    await opener.waitFor();
    expect(await opener.getAttribute('aria-haspopup')).toBe('dialog');
    const viewer = page.getByTestId('image-viewer');

    await opener.click();
    await viewer.waitFor();
    expect(await viewer.evaluate((element) => element.matches('dialog[open]:modal'))).toBe(true);
    expect(await viewer.getAttribute('aria-label')).toBe('wide.png');
    expect(await viewer.getByTestId('image-viewer-name').textContent()).toBe('wide.png');
    const open = viewer.getByRole('link', { name: 'Open in browser' });
    expect(await open.getAttribute('href')).toBe(sent.attachments.first()?.url);
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await open.getAttribute('rel')).toBe('noreferrer noopener');
    // Full size, bounded by the 1280x720 window, its shape kept: larger than the 400x250 in the message.
    const [full] = await images(viewer);
    expect(full?.natural).toBe(1600);
    expect(full?.height).toBeLessThanOrEqual(720);
    expect(full?.width).toBeLessThanOrEqual(1280);
    expect(full?.height).toBeGreaterThan(250);
    expect(Math.abs((full?.width ?? 0) / (full?.height ?? 1) - 1.6)).toBeLessThan(0.01);
    await page.screenshot({ path: join(SCREENSHOTS, 'messages-image-viewer.png') });
    expect(await seriousViolations(page), 'axe with the viewer open').toEqual([]);

    // The focus starts on Close and goes round the viewer's controls, never behind it.
    expect(await focused()).toBe('image-viewer-close');
    const seen = [];
    for (let press = 0; press < 3; press += 1) {
      await page.keyboard.press('Tab');
      seen.push(await focused());
    }
    expect(seen).toEqual(['Open in browser', 'image-viewer-close', 'Open in browser']);
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('image-viewer-close');

    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await hasFocus(opener)).toBe(true);

    // The keyboard alone: Enter opens it, Close closes it; Space opens it, Escape closes it.
    await page.keyboard.press('Enter');
    await viewer.waitFor();
    await page.keyboard.press('Enter');
    await viewer.waitFor({ state: 'detached' });
    expect(await hasFocus(opener)).toBe(true);
    await page.keyboard.press('Space');
    await viewer.waitFor();
    expect(await viewer.getByTestId('image-viewer-name').textContent()).toBe('wide.png');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await hasFocus(opener)).toBe(true);
  });

  it('opens embed images, gallery items and thumbnails in the viewer; a spoiler\'s first click only uncovers it', async () => {
    const chart = await drawPng(page, 800, 400, '#3ba55d', 'chart');
    const badge = await drawPng(page, 120, 120, '#faa61a', '42');
    const shot = await drawPng(page, 400, 300, '#ed4245', 'shot');
    const withEmbed = await channel.send({
      embeds: [{ title: 'Build', image: { url: 'attachment://chart.png' }, thumbnail: { url: 'attachment://badge.png' } }],
      files: [new AttachmentBuilder(chart, { name: 'chart.png' }), new AttachmentBuilder(badge, { name: 'badge.png' })],
    });
    const viewer = page.getByTestId('image-viewer');
    const embed = item(withEmbed.id).getByTestId('embed');
    await embed.waitFor();
    for (const [part, name] of [['.embed__image', 'chart.png'], ['.embed__thumbnail', 'badge.png']] as const) {
      await embed.locator(part).click();
      await viewer.waitFor();
      expect(await viewer.getByTestId('image-viewer-name').textContent()).toBe(name);
      const [full] = await images(viewer);
      expect(full?.src).toContain(name);
      await viewer.getByTestId('image-viewer-close').click();
      await viewer.waitFor({ state: 'detached' });
      expect(await hasFocus(embed.locator(part))).toBe(true);
    }

    const withGallery = await channel.send({
      flags: MessageFlags.IsComponentsV2,
      components: [new MediaGalleryBuilder().addItems((entry) => entry.setURL('attachment://shot.png').setDescription('A secret shot').setSpoiler(true))],
      files: [new AttachmentBuilder(shot, { name: 'shot.png' })],
    });
    const gallery = item(withGallery.id).getByTestId('v2-gallery');
    await gallery.waitFor();
    await gallery.getByTestId('media-spoiler-reveal').click();
    await gallery.getByTestId('media-spoiler').waitFor({ state: 'detached' });
    expect(await viewer.count()).toBe(0);
    await gallery.getByTestId('gallery-item').click();
    await viewer.waitFor();
    expect(await viewer.getByTestId('image-viewer-name').textContent()).toBe('shot.png');
    expect(await viewer.getByTestId('image-viewer-image').getAttribute('alt')).toBe('A secret shot');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await hasFocus(gallery.getByTestId('gallery-item'))).toBe(true);
  });

  it('plays a video the service unfurled in its embed with the thumbnail as poster, and links one the browser cannot play', async () => {
    const clip = await recordWebm(page, 640, 360);
    const poster = await drawPng(page, 640, 360, '#5865f2', 'poster');
    const files = await channel.send({
      content: 'The clip, its poster and some notes',
      files: [new AttachmentBuilder(clip, { name: 'clip.webm' }), new AttachmentBuilder(poster, { name: 'poster.png' }), new AttachmentBuilder(Buffer.from('not a video\n'), { name: 'notes.txt' })],
    });
    const url = (name: string) => files.attachments.find((file) => file.name === name)?.url ?? '';
    // The uploaded video itself plays in its message too.
    await item(files.id).getByTestId('attachment').filter({ has: page.locator('video') }).waitFor();

    const message = await unfurled({
      content: 'https://example.com/watch/clip',
      embeds: [
        { type: 'video', url: 'https://example.com/watch/clip', title: 'A short clip', thumbnail: { url: url('poster.png'), width: 640, height: 360 }, video: { url: url('clip.webm'), width: 640, height: 360 } },
        { type: 'video', url: 'https://example.com/watch/notes', title: 'Not a video', video: { url: url('notes.txt'), width: 320, height: 240 } },
      ],
    });
    const [playable, unplayable] = [message.getByTestId('embed').nth(0), message.getByTestId('embed').nth(1)];
    const video = playable.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('src')).toBe(url('clip.webm'));
    expect(await video.getAttribute('poster')).toBe(url('poster.png'));
    expect(await video.getAttribute('controls')).toBe('');
    // 640x360 within the 400x300 box of an embed's image.
    expect(await video.evaluate((element) => [element.getAttribute('width'), element.getAttribute('height')])).toEqual(['400', '225']);
    expect(await playable.locator('.embed__thumbnail').count()).toBe(0);
    const metadata = await video.evaluate((element) => new Promise<number>((resolve) => {
      const media = element as unknown as { readyState: number; addEventListener(type: string, listener: () => void): void };
      if (media.readyState >= 1) resolve(media.readyState);
      media.addEventListener('loadedmetadata', () => resolve(media.readyState));
    }));
    expect(metadata).toBeGreaterThanOrEqual(1);

    const link = unplayable.getByTestId('embed-video-link').locator('a');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(url('notes.txt'));
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await unplayable.locator('video').count()).toBe(0);
    await screenshot(message, 'embed-video');
  });

  it('plays an unfurled GIF (gifv) silent, looping and on its own without controls, and still with controls when the reader prefers less motion', async () => {
    const clip = await recordWebm(page, 480, 480);
    const still = await drawPng(page, 480, 480, '#faa61a', 'still');
    const url = await upload([new AttachmentBuilder(clip, { name: 'dance.webm' }), new AttachmentBuilder(still, { name: 'dance.png' })]);
    const tenor = {
      type: 'gifv', url: 'https://tenor.com/view/dance-123', provider: { name: 'Tenor', url: 'https://tenor.co' },
      thumbnail: { url: url('dance.png'), width: 480, height: 480 }, video: { url: url('dance.webm'), width: 480, height: 480 },
    } as const;
    const message = await unfurled({ content: 'https://tenor.com/view/dance-123', embeds: [tenor] });
    const gif = message.getByTestId('embed');
    const video = gif.locator('video');
    await video.waitFor();
    expect(await gif.getAttribute('data-type')).toBe('gifv');
    expect(await video.getAttribute('src')).toBe(url('dance.webm'));
    expect(await playState(video)).toMatchObject({ muted: true, loop: true, autoplay: true, controls: false });
    expect(await playing(video)).toBe(true);
    // 480x480 within the 400x300 box; the GIF alone, as the real client shows one: no card, no provider.
    expect(await video.evaluate((element) => [element.getAttribute('width'), element.getAttribute('height')])).toEqual(['300', '300']);
    expect(await gif.getByTestId('embed-provider').count()).toBe(0);
    await screenshot(message, 'embed-gifv');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      const calm = await unfurled({ content: 'https://tenor.com/view/dance-123', embeds: [tenor] });
      const quiet = calm.locator('video');
      await quiet.waitFor();
      expect(await playState(quiet)).toEqual({ muted: true, loop: true, autoplay: false, controls: true, paused: true });
      expect(await quiet.getAttribute('poster')).toBe(url('dance.png'));
      // The preference is followed live: without it the controls go, as a GIF has none.
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await calm.locator('video:not([controls])').waitFor();
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
  });

  it('plays a video in a media gallery and links one the browser cannot play', async () => {
    const clip = await recordWebm(page, 320, 240);
    const url = await upload([new AttachmentBuilder(clip, { name: 'loop.webm' }), new AttachmentBuilder(Buffer.from('not a video\n'), { name: 'broken.txt' })]);
    const message = await unfurled({
      flags: MessageFlags.IsComponentsV2,
      components: [{ type: 12, items: [
        { media: { url: url('loop.webm'), content_type: 'video/webm', width: 320, height: 240 }, description: 'A loop' },
        { media: { url: url('broken.txt'), content_type: 'video/mp4' }, description: 'A broken clip' },
      ] }],
    });
    const gallery = message.getByTestId('v2-gallery');
    const link = gallery.getByTestId('gallery-video-link').locator('a');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(url('broken.txt'));
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.textContent()).toBe('broken.txt');
    const video = gallery.locator('video');
    expect(await video.count()).toBe(1);
    expect(await video.getAttribute('src')).toBe(url('loop.webm'));
    expect(await video.getAttribute('aria-label')).toBe('A loop');
    expect(await playState(video)).toMatchObject({ controls: true, autoplay: false });
    await screenshot(message, 'gallery-video');
  });

  it('shows the provider of an unfurled link above its author, a link when it has an address', async () => {
    const message = await unfurled({
      content: 'https://www.youtube.com/watch?v=clip and https://example.com/post',
      embeds: [
        { type: 'video', url: 'https://www.youtube.com/watch?v=clip', title: 'A short clip', provider: { name: 'YouTube', url: 'https://www.youtube.com' }, author: { name: 'A channel', url: 'https://www.youtube.com/@channel' } },
        { type: 'link', url: 'https://example.com/post', title: 'A post', provider: { name: 'Example' } },
      ],
    });
    const [youtube, example] = [message.getByTestId('embed').nth(0), message.getByTestId('embed').nth(1)];
    const provider = youtube.getByTestId('embed-provider');
    await provider.waitFor();
    const anchor = provider.locator('a');
    expect(await anchor.textContent()).toBe('YouTube');
    expect(await anchor.getAttribute('href')).toBe('https://www.youtube.com/');
    expect(await anchor.getAttribute('target')).toBe('_blank');
    expect(await anchor.getAttribute('rel')).toBe('noreferrer noopener');
    // Above the author, in small muted text.
    const [above, below] = [await provider.boundingBox(), await youtube.getByTestId('embed-author').boundingBox()];
    expect((above?.y ?? 0) + (above?.height ?? 0)).toBeLessThanOrEqual(below?.y ?? 0);
    expect(await css(provider, 'font-size')).toBe('12px');
    expect(await css(anchor, 'color')).toBe(await css(provider, 'color'));
    expect(await css(anchor, 'color')).not.toBe(await css(youtube.getByTestId('embed-title').locator('a'), 'color'));
    expect(await example.getByTestId('embed-provider').textContent()).toBe('Example');
    expect(await example.getByTestId('embed-provider').locator('a').count()).toBe(0);
    await screenshot(message, 'embed-provider');
  });
});
