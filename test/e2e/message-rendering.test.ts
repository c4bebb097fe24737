/**
 * Every kind of message a bot sends, rendered in Debian Chromium as the real client renders
 * it: an unmodified discord.js bot sends markdown text, a full embed, a reply with an image
 * and a text file, a spoiler image, polls, and a Components V2 layout using every V2 type
 * with attachment-backed media. Each kind is screenshotted (test-results/screenshots/) and
 * its elements checked: links are anchors, times are formatted in the reader's locale,
 * spoilers stay hidden until clicked, the gallery has its images, a vote made by clicking
 * is counted, and the buttons and selects of a container reach the bot. Every wait is on
 * the page's or the bot's state, never on a timer.
 */
import { join } from 'node:path';
import type { APIMessage } from 'discord-api-types/v10';
import {
  AttachmentBuilder, ButtonStyle, type Client, ContainerBuilder, EmbedBuilder, Events, FileBuilder, MessageFlags,
  SeparatorBuilder, SeparatorSpacingSize, StringSelectMenuBuilder, TextDisplayBuilder, type Interaction, type TextChannel,
} from 'discord.js';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { drawPng, markdownMessage } from './message-fixtures.js';
import { css, images, openMessagePage, screenshot as keep, SCREENSHOTS, type MessagePage } from './message-page.js';

let stage: MessagePage;
let registry: ListeningRegistry;
let page: Page;
let bot: Client;
let channel: TextChannel;

const item = (id: string) => page.getByTestId(`message-${id}`);
const screenshot = (target: Locator, name: string) => keep(page, target, name);

/** The bot's next component interaction with `customId`, acknowledged as the real bot would (deferUpdate). */
function pressed(customId: string): Promise<{ customId: string; values: string[] | null }> {
  return new Promise((resolve, reject) => {
    const listener = (interaction: Interaction) => {
      if (!interaction.isMessageComponent() || interaction.customId !== customId) return;
      bot.off(Events.InteractionCreate, listener);
      interaction.deferUpdate()
        .then(() => resolve({ customId, values: interaction.isStringSelectMenu() ? interaction.values : null }))
        .catch(reject);
    };
    bot.on(Events.InteractionCreate, listener);
  });
}

async function bytesAt(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

beforeAll(async () => {
  stage = await openMessagePage();
  ({ registry, page, bot, channel } = stage);
}, 120_000);

afterAll(async () => {
  await stage?.close();
});

describe('a bot\'s messages in the client', () => {
  it('renders markdown text: anchors, formatted times in the reader\'s locale, spoilers, mentions by name, no HTML', async () => {
    const twoHoursAgo = Math.floor(Date.now() / 1000) - 2 * 3600;
    const sent = await channel.send(markdownMessage(twoHoursAgo));
    const content = item(sent.id).getByTestId('message-content');
    await content.waitFor();

    expect(await content.locator('h1, h2, h3').allTextContents()).toEqual(['Release notes', 'What changed', 'Details']);
    expect(await content.locator('.md-subtext').textContent()).toBe('small print under the headings');
    expect(await content.locator('ul.md-list > li').allTextContents()).toEqual(['first point', 'second point']);
    expect(await content.locator('ol.md-list > li').allTextContents()).toEqual(['step one', 'step two']);
    expect(await content.locator('blockquote').allTextContents()).toEqual(['a quoted line', 'a block quoteto the very end']);
    expect(await content.locator('pre code.language-ts').textContent()).toBe('const answer: number = 42;');
    expect(await content.locator('strong, em, u, s, code.md-code').allTextContents()).toEqual(['bold', 'italic', 'also italic', 'underline', 'struck', 'inline code']);

    const links = await content.locator('a').evaluateAll((anchors) => anchors.map((anchor) => ({
      text: anchor.textContent, href: anchor.getAttribute('href'), target: anchor.getAttribute('target'), rel: anchor.getAttribute('rel'),
    })));
    const external = { target: '_blank', rel: 'noreferrer noopener' };
    expect(links).toEqual([
      { text: 'the masked link', href: 'https://example.com/docs', ...external },
      { text: 'https://example.com/bare', href: 'https://example.com/bare', ...external },
      { text: 'https://example.com/quiet', href: 'https://example.com/quiet', ...external },
    ]);

    expect(await content.locator('.mention').allTextContents()).toEqual(['@Alice', '@Moderator', '#general', '@everyone', '@here']);
    expect(await content.getByTestId('custom-emoji').getAttribute('title')).toBe(':blobwave:');

    const full = 'Wednesday, November 28, 2018 8:01 AM';
    const times = await content.getByTestId('timestamp').evaluateAll((elements) => elements.map((element) => ({
      text: element.textContent?.replace(/\u202f/g, ' '), title: element.getAttribute('title')?.replace(/\u202f/g, ' '),
    })));
    expect(times.slice(0, 6)).toEqual([
      { text: '8:01 AM', title: full }, { text: '8:01:00 AM', title: full }, { text: '11/28/2018', title: full },
      { text: 'November 28, 2018', title: full }, { text: 'November 28, 2018 8:01 AM', title: full }, { text: full, title: full },
    ]);
    expect(times[6]?.text).toBe('2 hours ago');

    // The markup in the text stayed text: no image was made of it, nothing ran.
    expect(await content.textContent()).toContain('<img src=x onerror="document.title=\'owned\'"> stays text');
    expect(await content.locator('img[src="x"]').count()).toBe(0);
    expect(await page.title()).toBe('Slashbench');

    const spoiler = content.getByTestId('spoiler');
    expect(await spoiler.getAttribute('data-revealed')).toBe('false');
    expect(await css(spoiler.locator('.md-spoiler__content'), 'opacity')).toBe('0');
    await screenshot(item(sent.id), 'markdown');
    // Keyboard: the spoiler is a focusable button; Enter reveals it.
    await spoiler.focus();
    await page.keyboard.press('Enter');
    await content.locator('[data-testid="spoiler"][data-revealed="true"]').waitFor();
    expect(await content.getByTestId('spoiler').textContent()).toBe('a hidden twist');

    // The acting person's locale writes the times: German after the settings say so.
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-nav-language').click();
    await page.getByTestId('settings-locale').selectOption('de');
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-panel').waitFor({ state: 'detached' });
    await content.getByTestId('timestamp').filter({ hasText: '28. November 2018' }).first().waitFor();
    expect(await content.getByTestId('timestamp').nth(0).textContent()).toBe('08:01');
    expect(await content.getByTestId('timestamp').nth(0).getAttribute('title')).toBe('Mittwoch, 28. November 2018 08:01');
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-nav-language').click();
    await page.getByTestId('settings-locale').selectOption('en-US');
    await page.keyboard.press('Escape');
    await content.getByTestId('timestamp').filter({ hasText: 'November 28, 2018' }).first().waitFor();
  });

  it('renders a full embed: colour bar, author with icon and link, linked title, markdown, inline fields, image, thumbnail, footer', async () => {
    const avatar = await drawPng(page, 64, 64, '#eb459e', 'B');
    const chart = await drawPng(page, 800, 400, '#3ba55d', 'chart');
    const badge = await drawPng(page, 120, 120, '#faa61a', '42');
    const embed = new EmbedBuilder()
      .setColor(0xf0b232)
      .setAuthor({ name: 'Build bot', iconURL: 'attachment://avatar.png', url: 'https://example.com/bot' })
      .setTitle('Nightly build #42').setURL('https://example.com/builds/42')
      .setDescription('All **green**.\n- 1,204 tests\n- 0 failures\nSee [the log](https://example.com/builds/42/log).')
      .addFields(
        { name: 'Duration', value: '12 min', inline: true }, { name: 'Commit', value: '`4b245f9`', inline: true },
        { name: 'Branch', value: 'main', inline: true }, { name: 'Notes', value: 'Nothing to report.' },
      )
      .setImage('attachment://chart.png').setThumbnail('attachment://badge.png')
      .setFooter({ text: 'CI', iconURL: 'attachment://avatar.png' }).setTimestamp(new Date());
    const sent = await channel.send({
      embeds: [embed],
      files: [new AttachmentBuilder(avatar, { name: 'avatar.png' }), new AttachmentBuilder(chart, { name: 'chart.png' }), new AttachmentBuilder(badge, { name: 'badge.png' })],
    });
    const card = item(sent.id).getByTestId('embed');
    await card.waitFor();
    expect(await css(card, 'border-left-color')).toBe('rgb(240, 178, 50)');
    expect(await card.getByTestId('embed-author-name').locator('a').getAttribute('href')).toBe('https://example.com/bot');
    const title = card.getByTestId('embed-title').locator('a');
    expect(await title.textContent()).toBe('Nightly build #42');
    expect(await title.getAttribute('href')).toBe('https://example.com/builds/42');
    expect(await title.getAttribute('target')).toBe('_blank');
    const description = card.getByTestId('embed-description');
    expect(await description.locator('li').allTextContents()).toEqual(['1,204 tests', '0 failures']);
    expect(await description.locator('a').getAttribute('href')).toBe('https://example.com/builds/42/log');

    const fields = card.getByTestId('embed-field');
    expect(await fields.count()).toBe(4);
    const boxes = await fields.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()).map(({ top, left }) => ({ top, left })));
    // Three inline fields beside the thumbnail share rows two at a time; the last field has its own row.
    expect(boxes[0]?.top).toBe(boxes[1]?.top);
    expect(boxes[1]?.left).toBeGreaterThan(boxes[0]?.left ?? Infinity);
    expect(boxes[2]?.top).toBeGreaterThan(boxes[0]?.top ?? Infinity);
    expect(boxes[3]?.top).toBeGreaterThan(boxes[2]?.top ?? Infinity);

    const shown = await images(card);
    expect(shown.every((image) => image.natural > 0 && image.src.includes('/attachments/'))).toBe(true);
    const chartImage = shown.find((image) => image.src.includes('chart.png'));
    expect({ width: chartImage?.width, height: chartImage?.height }).toEqual({ width: 400, height: 200 });
    expect(shown.filter((image) => image.src.includes('avatar.png'))).toHaveLength(2);
    expect(shown.find((image) => image.src.includes('badge.png'))?.width).toBe(80);
    expect(await card.getByTestId('embed-footer').textContent()).toMatch(/^CI • Today at \d{1,2}:\d{2}\s[AP]M$/);
    await screenshot(item(sent.id), 'embed');
  });

  it('renders a reply with files: the image inline at its size within the box, the text file as a card that downloads', async () => {
    const posted = await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages`, {
      method: 'POST', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Can I see the report?' }),
    });
    const question = await posted.json() as APIMessage;
    const photo = await drawPng(page, 640, 480, '#5865f2', 'photo');
    const notes = Buffer.from('Line one of the report.\nLine two.\n');
    const asked = await channel.messages.fetch(question.id);
    const sent = await asked.reply({ content: 'Here you go', files: [new AttachmentBuilder(photo, { name: 'photo.png' }), new AttachmentBuilder(notes, { name: 'notes.txt' })] });
    const files = item(sent.id).getByTestId('attachments');
    await files.waitFor();
    expect(await item(sent.id).getByTestId('message-reply-to').textContent()).toBe('↱AliceCan I see the report?');
    const [image] = await images(files);
    expect(image).toMatchObject({ width: 400, height: 300, natural: 640 });
    const card = files.getByTestId('file-card');
    expect(await card.getByTestId('file-card-name').textContent()).toBe('notes.txt');
    expect(await card.getByTestId('file-card-size').textContent()).toBe(`${notes.length} bytes`);
    const download = await card.getByTestId('file-card-download').getAttribute('href');
    expect(await bytesAt(download ?? '')).toEqual(notes);
    expect(await bytesAt(image?.src ?? '')).toEqual(photo);
    await screenshot(item(sent.id), 'file-reply');
  });

  it('hides a spoiler image until it is clicked', async () => {
    const secret = await drawPng(page, 480, 320, '#ed4245', 'plot twist');
    const sent = await channel.send({ files: [new AttachmentBuilder(secret, { name: 'twist.png' }).setSpoiler(true)] });
    const attachment = item(sent.id).getByTestId('attachment');
    await attachment.waitFor();
    expect(await attachment.getAttribute('data-filename')).toBe('SPOILER_twist.png');
    const cover = attachment.getByTestId('media-spoiler');
    expect(await css(cover.locator('.media-spoiler__content'), 'filter')).toBe('blur(44px)');
    expect(await cover.locator('.media-spoiler__content').getAttribute('aria-hidden')).toBe('true');
    await images(attachment);
    await screenshot(item(sent.id), 'spoiler-hidden');
    await attachment.getByTestId('media-spoiler-reveal').click();
    await cover.waitFor({ state: 'detached' });
    expect(await css(attachment.locator('img'), 'filter')).toBe('none');
    await screenshot(item(sent.id), 'spoiler-revealed');
  });

  it('counts a vote made by clicking, follows others\' votes live, takes a vote back, and shows the final results', async () => {
    const votes: Array<{ answerId: number; userId: string }> = [];
    bot.on(Events.MessagePollVoteAdd, (answer, userId) => void votes.push({ answerId: answer.id, userId }));
    const sent = await channel.send({
      poll: { question: { text: 'Where do we meet?' }, answers: [{ text: 'Office', emoji: '🏢' }, { text: 'Park' }, { text: 'Online' }], duration: 24, allowMultiselect: false },
    });
    const poll = item(sent.id).getByTestId('poll');
    await poll.waitFor();
    expect(await poll.getByTestId('poll-status').textContent()).toBe('23h left');
    expect(await poll.getByTestId('poll-vote').isDisabled()).toBe(true);
    await poll.getByTestId('poll-choice-2').check();
    await poll.getByTestId('poll-vote').click();
    const mine = poll.locator('[data-testid="poll-answer"][data-answer-id="2"][data-mine="true"]');
    await mine.waitFor();
    expect(await mine.getByTestId('poll-count').textContent()).toBe('1 vote');
    expect(await mine.getByTestId('poll-percent').textContent()).toBe('100%');
    expect(await poll.getByTestId('poll-total').textContent()).toBe('1 vote');

    const read = async (token: string) => (await (await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages/${sent.id}`, { headers: { authorization: token } })).json()) as APIMessage;
    expect((await read(EXAMPLE.alice.token)).poll?.results?.answer_counts).toEqual([{ id: 2, count: 1, me_voted: true }]);

    // bob votes elsewhere: alice's page follows the channel's vote event.
    const bobVoted = await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/polls/${sent.id}/answers/@me`, {
      method: 'PUT', headers: { authorization: EXAMPLE.bob.token, 'content-type': 'application/json' }, body: JSON.stringify({ answer_ids: [1] }),
    });
    expect(bobVoted.status).toBe(204);
    await poll.getByTestId('poll-total').filter({ hasText: '2 votes' }).waitFor();
    expect(await poll.getByTestId('poll-percent').allTextContents()).toEqual(['50%', '50%', '0%']);
    await screenshot(item(sent.id), 'poll-voted');
    expect(votes).toEqual(expect.arrayContaining([{ answerId: 2, userId: EXAMPLE.alice.id }]));

    // Taking the vote back, then voting again with the keyboard alone.
    await poll.getByTestId('poll-remove-vote').click();
    await poll.getByTestId('poll-choice-3').waitFor();
    expect(await poll.getByTestId('poll-total').textContent()).toBe('1 vote');
    await poll.getByTestId('poll-choice-3').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').getAttribute('data-testid')).toBe('poll-vote');
    await page.keyboard.press('Enter');
    await poll.locator('[data-answer-id="3"][data-mine="true"]').waitFor();

    await sent.poll!.end();
    await poll.locator('[data-testid="poll-status"]').filter({ hasText: 'Final results' }).waitFor();
    expect(await poll.getAttribute('data-finalized')).toBe('true');
    // A tie: both answers with a vote win; alice's own stays marked after the update every reader gets.
    expect(await poll.locator('[data-winner="true"]').evaluateAll((answers) => answers.map((answer) => answer.getAttribute('data-answer-id')))).toEqual(['1', '3']);
    expect(await poll.locator('[data-mine="true"]').getAttribute('data-answer-id')).toBe('3');
    await screenshot(item(sent.id), 'poll-final');
    // The result message that follows reads as the client writes it, not as its embed's raw fields.
    const result = page.getByTestId('poll-result').last();
    await result.waitFor();
    expect(await result.textContent()).toContain('Example Bot\'s poll Where do we meet? has closed');
    expect(await result.getByTestId('poll-result-answer').textContent()).toBe('The result was a tie');
    await screenshot(result, 'poll-result');
  });

  it('takes several answers in a multiselect poll', async () => {
    const sent = await channel.send({
      poll: { question: { text: 'Which snacks?' }, answers: [{ text: 'Crisps' }, { text: 'Fruit' }, { text: 'Cake' }], duration: 2, allowMultiselect: true },
    });
    const poll = item(sent.id).getByTestId('poll');
    await poll.waitFor();
    expect(await poll.textContent()).toContain('Select one or more answers');
    await poll.getByTestId('poll-choice-1').check();
    await poll.getByTestId('poll-choice-3').check();
    await poll.getByTestId('poll-vote').click();
    await poll.getByTestId('poll-total').filter({ hasText: '2 votes' }).waitFor();
    expect(await poll.locator('[data-mine="true"]').evaluateAll((answers) => answers.map((answer) => answer.getAttribute('data-answer-id')))).toEqual(['1', '3']);
    expect(await poll.getByTestId('poll-status').textContent()).toBe('1h left');
    await screenshot(item(sent.id), 'poll-multiselect');
  });

  it('renders a Components V2 layout of every type, with attachment-backed media, and its container\'s controls reach the bot', async () => {
    const logo = await drawPng(page, 256, 256, '#5865f2', 'logo');
    const shots = await Promise.all(['#3ba55d', '#faa61a', '#ed4245'].map((color, index) => drawPng(page, 400, 300, color, `shot ${index + 1}`)));
    const report = Buffer.from('build 42: 1204 tests, 0 failures\n');
    const layout = new ContainerBuilder()
      .setAccentColor(0x5865f2)
      .addTextDisplayComponents((text) => text.setContent('## Build report\nEverything about build 42, **in one place**.'))
      .addSectionComponents((section) => section
        .addTextDisplayComponents((text) => text.setContent('The **new logo** ships with this build.'))
        .setThumbnailAccessory((thumbnail) => thumbnail.setURL('attachment://logo.png').setDescription('The new logo')))
      .addSeparatorComponents((separator) => separator.setDivider(true).setSpacing(SeparatorSpacingSize.Large))
      .addMediaGalleryComponents((gallery) => gallery.addItems(
        (entry) => entry.setURL('attachment://shot-1.png').setDescription('First screen'),
        (entry) => entry.setURL('attachment://shot-2.png').setDescription('Second screen'),
        (entry) => entry.setURL('attachment://shot-3.png').setDescription('Third screen').setSpoiler(true),
      ))
      .addFileComponents((file) => file.setURL('attachment://report.txt'))
      .addSectionComponents((section) => section
        .addTextDisplayComponents((text) => text.setContent('Ship it to production?'))
        .setButtonAccessory((button) => button.setCustomId('v2-deploy').setLabel('Deploy').setStyle(ButtonStyle.Success)))
      .addActionRowComponents((row) => row.setComponents(new StringSelectMenuBuilder().setCustomId('v2-env').setPlaceholder('Pick an environment')
        .addOptions({ label: 'Staging', value: 'staging' }, { label: 'Production', value: 'production' })));
    const hidden = new ContainerBuilder().setSpoiler(true).addTextDisplayComponents((text) => text.setContent('The release name is **Aurora**.'));
    const sent = await channel.send({
      flags: MessageFlags.IsComponentsV2,
      components: [
        new TextDisplayBuilder().setContent('-# sent by the build bot'),
        new SeparatorBuilder().setDivider(false).setSpacing(SeparatorSpacingSize.Small),
        layout,
        hidden,
        new FileBuilder().setURL('attachment://SPOILER_notes.txt').setSpoiler(true),
      ],
      files: [
        new AttachmentBuilder(logo, { name: 'logo.png' }),
        ...shots.map((bytes, index) => new AttachmentBuilder(bytes, { name: `shot-${index + 1}.png` })),
        new AttachmentBuilder(report, { name: 'report.txt' }),
        new AttachmentBuilder(Buffer.from('top secret\n'), { name: 'SPOILER_notes.txt' }),
      ],
    });
    const message = item(sent.id);
    const container = message.getByTestId('v2-container').first();
    await container.waitFor();
    expect(await container.getAttribute('data-accent')).toBe('#5865f2');
    expect(await css(container, 'border-left-color')).toBe('rgb(88, 101, 242)');
    expect(await container.locator('h2').textContent()).toBe('Build report');

    const gallery = container.getByTestId('v2-gallery');
    expect(await gallery.getAttribute('data-count')).toBe('3');
    const galleryImages = await images(gallery);
    expect(galleryImages.map((image) => image.natural)).toEqual([400, 400, 400]);
    expect(galleryImages.every((image) => image.src.includes('/attachments/'))).toBe(true);
    expect(await gallery.getByTestId('media-spoiler').count()).toBe(1);
    const [thumbnail] = await images(container.getByTestId('v2-thumbnail'));
    expect(thumbnail).toMatchObject({ natural: 256, width: 85, height: 85 });
    expect(await container.getByTestId('v2-thumbnail').locator('img').getAttribute('alt')).toBe('The new logo');

    const file = container.getByTestId('v2-file');
    expect(await file.getByTestId('file-card-name').textContent()).toBe('report.txt');
    expect(await bytesAt((await file.getByTestId('file-card-download').getAttribute('href')) ?? '')).toEqual(report);
    expect(await message.locator('[data-testid="v2-separator"][data-divider="true"]').count()).toBe(1);
    expect(await message.locator('[data-testid="v2-separator"][data-divider="false"]').count()).toBe(1);
    // Only the components show files: the message lists none of its own.
    expect(await message.getByTestId('attachments').count()).toBe(0);

    const secretContainer = message.getByTestId('v2-container').nth(1);
    expect(await secretContainer.getByTestId('media-spoiler').count()).toBe(1);
    const secretFile = message.getByTestId('v2-file').nth(1);
    expect(await secretFile.getByTestId('media-spoiler').count()).toBe(1);
    await screenshot(message, 'components-v2');

    await secretContainer.getByTestId('media-spoiler-reveal').click();
    await secretContainer.getByTestId('v2-text').filter({ hasText: 'The release name is Aurora.' }).waitFor();
    await gallery.getByTestId('media-spoiler-reveal').click();
    await gallery.getByTestId('media-spoiler').waitFor({ state: 'detached' });

    // The section's button and the container's select send the same interaction as top-level ones.
    const deploy = pressed('v2-deploy');
    await container.getByTestId('component-v2-deploy').click();
    expect(await deploy).toEqual({ customId: 'v2-deploy', values: null });
    const environment = pressed('v2-env');
    await container.getByTestId('component-v2-env').click();
    await page.getByTestId('select-option-production').click();
    expect(await environment).toEqual({ customId: 'v2-env', values: ['production'] });
    await screenshot(message, 'components-v2-revealed');
  });

  it('reads well in the light theme at 1280x720', async () => {
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-nav-appearance').click();
    await page.getByTestId('theme-choice-light').click();
    await page.locator('html[data-theme="light"]').waitFor({ state: 'attached' });
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-panel').waitFor({ state: 'detached' });
    const last = page.locator('[data-testid^="message-"][data-author-id]').last();
    await last.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOTS, 'messages-light.png') });
    const embed = page.getByTestId('embed').last();
    await embed.scrollIntoViewIfNeeded();
    expect(await css(embed, 'background-color')).toBe('rgb(242, 243, 245)');
    // Code keeps its colours, the light theme's (a keyword of the markdown message's ts block).
    expect(await css(page.locator('pre[data-language="ts"][data-highlighted="true"] .hljs-keyword').first(), 'color')).toBe('rgb(194, 28, 42)');
    await page.screenshot({ path: join(SCREENSHOTS, 'messages-light-embed.png') });
  });
});
