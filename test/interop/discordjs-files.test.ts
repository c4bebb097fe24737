/**
 * An unmodified discord.js v14 bot (only its REST base URL changed) sending every kind of
 * message issue 17 names: a file reply, a deferred edit with a file, a follow-up with two
 * files, channel.send with a full embed whose image is an uploaded file, and a Components V2
 * layout using every V2 type with attachment-backed media. Each is read back over the API and
 * checked field by field, and each file's bytes are fetched from its URL. Then the refusals:
 * discord.js hears the service's 50035 with the error tree at its path, nothing is stored,
 * and the person's client is told the answer was refused, in words, not "did not respond".
 */
import { once } from 'node:events';
import { ApplicationFlags, PermissionFlagsBits, type APIMessage } from 'discord-api-types/v10';
import {
  ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, Client, ContainerBuilder, DiscordAPIError, EmbedBuilder, Events,
  FileBuilder, GatewayIntentBits, MediaGalleryBuilder, MediaGalleryItemBuilder, MessageFlags, SectionBuilder, SeparatorBuilder,
  SeparatorSpacingSize, TextDisplayBuilder, ThumbnailBuilder, type ChatInputCommandInteraction, type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock } from '../../src/registry/driver/adjustable-clock.js';
import { png } from '../helpers/files.js';
import { ClientSession, fromInteraction, indexed, type Data } from '../helpers/client-session.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';

const CHART = png(4, 3);
const PHOTO = png(8, 5, [200, 30, 30]);
const NOTES = Buffer.from('first line\nsecond line\n');

let registry: ListeningRegistry;
let bot: Client;
let alice: ClientSession;
let channel: TextChannel;
/** What each refused answer threw in the bot, by command name. */
const refusals = new Map<string, unknown>();
/** The registry's clock, held at the start: a deadline comes only when a case moves it. */
const started = Date.now();
const clock = new AdjustableClock(() => started);
const DEADLINE_MS = 1500;

/** Resolves once the bot has heard the service refuse its answer to `name`. */
async function refusalOf(name: string): Promise<unknown> {
  while (!refusals.has(name)) await new Promise((resolve) => setImmediate(resolve));
  return refusals.get(name);
}
const handlerErrors: unknown[] = [];

const chart = () => new AttachmentBuilder(CHART, { name: 'chart.png', description: 'A bar chart' });
const notes = () => new AttachmentBuilder(NOTES, { name: 'notes.txt' });
const photo = () => new AttachmentBuilder(PHOTO, { name: 'photo.png' });

/** Each command's answer, as a bot developer writes it with discord.js. */
const ANSWERS: Record<string, (interaction: ChatInputCommandInteraction) => Promise<unknown>> = {
  file: (interaction) => interaction.reply({ content: 'Your chart and notes', files: [chart(), notes()] }),
  deferred: async (interaction) => {
    await interaction.deferReply();
    return interaction.editReply({ content: 'Rendered', files: [chart()] });
  },
  followup: async (interaction) => {
    await interaction.reply('Two files follow');
    return interaction.followUp({ content: 'Here they are', files: [notes(), photo()] });
  },
  layout: (interaction) => interaction.reply({
    flags: MessageFlags.IsComponentsV2,
    files: [chart(), photo(), notes()],
    components: [
      new ContainerBuilder().setAccentColor(0x5865f2)
        .addTextDisplayComponents(new TextDisplayBuilder().setContent('# Weekly report'))
        .addSectionComponents(new SectionBuilder()
          .addTextDisplayComponents(new TextDisplayBuilder().setContent('Sales are **up**'))
          .setThumbnailAccessory(new ThumbnailBuilder().setURL('attachment://chart.png').setDescription('Chart')))
        .addSeparatorComponents(new SeparatorBuilder().setDivider(true).setSpacing(SeparatorSpacingSize.Large))
        .addMediaGalleryComponents(new MediaGalleryBuilder().addItems(
          new MediaGalleryItemBuilder().setURL('attachment://photo.png').setDescription('Team photo'),
          new MediaGalleryItemBuilder().setURL('attachment://chart.png').setSpoiler(true),
        ))
        .addFileComponents(new FileBuilder().setURL('attachment://notes.txt'))
        .addActionRowComponents(new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('ack').setLabel('Got it').setStyle(ButtonStyle.Success),
        )),
      new SectionBuilder()
        .addTextDisplayComponents(new TextDisplayBuilder().setContent('Questions?'))
        .setButtonAccessory(new ButtonBuilder().setLabel('Docs').setStyle(ButtonStyle.Link).setURL('https://example.com/docs')),
    ],
  }),
  // Plain objects, not builders: discord.js checks builders itself, and these are what the service must refuse.
  longtitle: (interaction) => interaction.reply({ embeds: [{ title: 'x'.repeat(257) }] }),
  bigembeds: (interaction) => interaction.reply({ embeds: [{ description: 'x'.repeat(4000) }, { description: 'y'.repeat(3000) }] }),
  sameid: (interaction) => interaction.reply({ content: 'Pick', components: [{ type: 1, components: [button('same'), button('same')] }] }),
  sixbuttons: (interaction) => interaction.reply({ content: 'Pick', components: [{ type: 1, components: ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => button(id)) }] }),
  longlabel: (interaction) => interaction.reply({ content: 'Pick', components: [{ type: 1, components: [button('a', 'x'.repeat(81))] }] }),
  v2content: (interaction) => interaction.reply({ content: 'Hello', flags: MessageFlags.IsComponentsV2, components: [new TextDisplayBuilder().setContent('Hi')] }),
};

function button(customId: string, label = 'Go') {
  return { type: 2, style: 1, custom_id: customId, label };
}

beforeAll(async () => {
  // On a held clock: the refused answers' interactions end at the deadline, naming the
  // refusal, when a case moves the clock there; no answer races the machine's time.
  registry = await builtRegistry({ clock, deliveryTimeoutMs: DEADLINE_MS });
  const application = await registry.store.world.application(EXAMPLE.app.id);
  if (!application) throw new Error('no Example Bot');
  await registry.store.world.putApplication({ ...application, flags: application.flags | ApplicationFlags.GatewayMessageContent }, null, null);
  // The example world's @everyone lacks EMBED_LINKS and ATTACH_FILES' friends; grant embeds, as a server admin would.
  const everyone = await registry.store.world.role(EXAMPLE.guild);
  if (!everyone) throw new Error('no @everyone');
  await registry.store.world.putRole({ ...everyone, permissions: (BigInt(everyone.permissions) | PermissionFlagsBits.EmbedLinks).toString() });
  bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${registry.url}/api` } });
  bot.on(Events.InteractionCreate, (interaction) => {
    if (!interaction.isChatInputCommand()) return;
    const answer = ANSWERS[interaction.commandName];
    if (!answer) return;
    answer(interaction).catch((error: unknown) => {
      if (error instanceof DiscordAPIError) refusals.set(interaction.commandName, error);
      else handlerErrors.push(error);
    });
  });
  const ready = once(bot, Events.ClientReady);
  await bot.login(EXAMPLE.app.token);
  await ready;
  await bot.application!.commands.set(Object.keys(ANSWERS).map((name) => ({ name, description: `Sends ${name}` })), EXAMPLE.guild);
  channel = (await bot.channels.fetch(EXAMPLE.general)) as TextChannel;
  alice = await ClientSession.open(registry.url, EXAMPLE.alice.token);
});

afterAll(async () => {
  await alice?.close();
  await bot?.destroy();
  await registry?.close();
});

/** Invokes `name` as alice in #general; resolves with the interaction's id. */
async function invoke(name: string): Promise<string> {
  const command = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), name);
  const response = await alice.invoke(command, { guildId: EXAMPLE.guild, channelId: EXAMPLE.general, nonce: name });
  expect(response.status, await response.text()).toBe(204);
  return (await alice.event('INTERACTION_CREATE', (data) => data.nonce === name)).d.id as string;
}

/** A message as the API answers it to the bot. */
async function read(id: string): Promise<APIMessage> {
  const response = await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages/${id}`, { headers: { authorization: `Bot ${EXAMPLE.app.token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as APIMessage;
}

/** The bytes and content type a file URL serves. */
async function served(url: string): Promise<{ bytes: Buffer; type: string | null }> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return { bytes: Buffer.from(await response.arrayBuffer()), type: response.headers.get('content-type') };
}

function attachmentFields(url: string) {
  return { id: expect.stringMatching(/^\d+$/), url, proxy_url: url };
}

describe('a discord.js bot sending files, embeds and layouts', () => {
  it('replies with an image and a text file', async () => {
    const id = await invoke('file');
    const created = (await alice.event('MESSAGE_CREATE', fromInteraction(id))).d;
    const message = await read(created.id as string);
    expect(message).toMatchObject({ content: 'Your chart and notes', type: 20, author: { id: EXAMPLE.app.id, bot: true } });
    const [image, text] = message.attachments;
    expect(image).toEqual({
      ...attachmentFields(image!.url), filename: 'chart.png', description: 'A bar chart', content_type: 'image/png',
      size: CHART.length, width: 4, height: 3,
    });
    expect(text).toMatchObject({ ...attachmentFields(text!.url), filename: 'notes.txt', size: NOTES.length });
    expect(await served(image!.url)).toEqual({ bytes: CHART, type: 'image/png' });
    expect((await served(text!.url)).bytes).toEqual(NOTES);
  });

  it('defers, then edits the reply to add a file', async () => {
    const id = await invoke('deferred');
    const thinking = (await alice.event('MESSAGE_CREATE', fromInteraction(id))).d;
    const update = (await alice.event('MESSAGE_UPDATE', (data) => data.id === thinking.id && data.content === 'Rendered')).d;
    const message = await read(update.id as string);
    expect(message).toMatchObject({ content: 'Rendered', flags: 0, attachments: [{ filename: 'chart.png', width: 4, height: 3 }] });
    expect((await served(message.attachments[0]!.url)).bytes).toEqual(CHART);
  });

  it('follows up with two files', async () => {
    const id = await invoke('followup');
    const followUp = (await alice.event('MESSAGE_CREATE', (data) => fromInteraction(id)(data) && data.content === 'Here they are')).d;
    const message = await read(followUp.id as string);
    expect(message.type).toBe(0);
    expect(message.attachments.map((file) => [file.filename, file.size])).toEqual([['notes.txt', NOTES.length], ['photo.png', PHOTO.length]]);
    expect(message.attachments[1]).toMatchObject({ width: 8, height: 5, content_type: 'image/png' });
    expect((await served(message.attachments[1]!.url)).bytes).toEqual(PHOTO);
  });

  it('channel.send with a full embed whose image and icons are uploaded files', async () => {
    const when = new Date('2026-11-25T12:00:00.000Z');
    const embed = new EmbedBuilder()
      .setColor(0xf1c40f)
      .setAuthor({ name: 'Slashbench', iconURL: 'attachment://chart.png', url: 'https://example.com/author' })
      .setTitle('Build 42 passed').setURL('https://example.com/builds/42')
      .setDescription('All **1,822** tests passed in [CI](https://example.com/ci).')
      .addFields({ name: 'Duration', value: '6 min', inline: true }, { name: 'Branch', value: 'main', inline: true }, { name: 'Notes', value: 'None' })
      .setImage('attachment://photo.png').setThumbnail('attachment://chart.png')
      .setFooter({ text: 'Slashbench CI', iconURL: 'attachment://chart.png' }).setTimestamp(when);
    const sent = await channel.send({ embeds: [embed], files: [chart(), photo()] });
    const message = await read(sent.id);
    expect(message.attachments).toEqual([]);
    const [shown] = message.embeds;
    expect(shown).toMatchObject({
      type: 'rich', color: 0xf1c40f, title: 'Build 42 passed', url: 'https://example.com/builds/42',
      description: 'All **1,822** tests passed in [CI](https://example.com/ci).',
      author: { name: 'Slashbench', url: 'https://example.com/author' },
      fields: [{ name: 'Duration', value: '6 min', inline: true }, { name: 'Branch', value: 'main', inline: true }, { name: 'Notes', value: 'None' }],
      footer: { text: 'Slashbench CI' }, timestamp: when.toISOString(),
      image: { width: 8, height: 5 }, thumbnail: { width: 4, height: 3 },
    });
    expect((await served(shown!.image!.url)).bytes).toEqual(PHOTO);
    expect((await served(shown!.thumbnail!.url)).bytes).toEqual(CHART);
    expect((await served(shown!.author!.icon_url!)).bytes).toEqual(CHART);
    expect((await served(shown!.footer!.icon_url!)).bytes).toEqual(CHART);
    // discord.js reads it back as the service answers it.
    const fetched = await channel.messages.fetch(sent.id);
    expect(fetched.embeds[0]?.title).toBe('Build 42 passed');
  });

  it('replies with a Components V2 layout using every V2 type, its media from uploaded files', async () => {
    const id = await invoke('layout');
    const created = (await alice.event('MESSAGE_CREATE', fromInteraction(id))).d;
    const message = await read(created.id as string);
    expect(message.content).toBe('');
    expect(message.flags).toBe(MessageFlags.IsComponentsV2);
    // Files a component shows are not listed again as attachments.
    expect(message.attachments).toEqual([]);
    const [container, section] = message.components as unknown as Data[];
    const children = (container as { components: Data[] }).components;
    expect(container).toMatchObject({ type: 17, accent_color: 0x5865f2 });
    expect(children.map((child) => child.type)).toEqual([10, 9, 14, 12, 13, 1]);
    expect(children[0]).toMatchObject({ content: '# Weekly report' });
    expect(children[2]).toMatchObject({ divider: true, spacing: 2 });
    const thumbnail = (children[1] as { accessory: { media: { url: string } } }).accessory;
    expect(thumbnail).toMatchObject({ type: 11, description: 'Chart', media: { width: 4, height: 3, content_type: 'image/png' } });
    expect((await served(thumbnail.media.url)).bytes).toEqual(CHART);
    const items = (children[3] as { items: Array<{ media: { url: string }; spoiler?: boolean; description?: string }> }).items;
    expect(items.map((item) => [item.description ?? null, item.spoiler ?? false])).toEqual([['Team photo', false], [null, true]]);
    expect((await served(items[0]!.media.url)).bytes).toEqual(PHOTO);
    const file = children[4] as { file: { url: string } };
    expect((await served(file.file.url)).bytes).toEqual(NOTES);
    expect(children[5]).toMatchObject({ components: [{ type: 2, custom_id: 'ack', label: 'Got it', style: 3 }] });
    expect(section).toMatchObject({ type: 9, accessory: { type: 2, style: 5, url: 'https://example.com/docs' } });
    // Every component got its numeric id, in order, as the service fills them.
    expect((container as { id?: number }).id).toBe(1);
  });
});

describe('refusals a discord.js bot hears as production would answer them', () => {
  const cases: Array<[string, string]> = [
    ['longtitle', 'data.embeds[0].title[BASE_TYPE_MAX_LENGTH]: Must be 256 or fewer in length.'],
    ['bigembeds', 'data.embeds[MAX_EMBED_SIZE_EXCEEDED]: Embed size exceeds maximum size of 6000'],
    ['sameid', 'data.components[0].components[1].custom_id[COMPONENT_CUSTOM_ID_DUPLICATED]: Component custom id cannot be duplicated'],
    ['sixbuttons', 'data.components[0].components[BASE_TYPE_BAD_LENGTH]: Must be between 1 and 5 in length.'],
    ['longlabel', 'data.components[0].components[0].label[BASE_TYPE_MAX_LENGTH]: Must be 80 or fewer in length.'],
    ['v2content', "data.content[MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2]: The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2"],
  ];

  it.each(cases)('%s: 50035 at its path, nothing stored, and alice is told why', async (name, line) => {
    const before = await (await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages?limit=100`, { headers: { authorization: EXAMPLE.alice.token } })).json() as unknown[];
    const id = await invoke(name);
    const error = await refusalOf(name) as DiscordAPIError;
    const failed = alice.event('INTERACTION_FAILURE', (data) => data.id === id);
    clock.advance(DEADLINE_MS);
    const failure = (await failed).d;
    expect(error).toBeInstanceOf(DiscordAPIError);
    expect(error.code).toBe(50035);
    expect(error.status).toBe(400);
    expect(error.message).toContain(line);
    expect(failure).toMatchObject({ reason: 'refused' });
    expect(String(failure.detail)).toMatch(/^The bot's answer was refused: data\./);
    const after = await (await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages?limit=100`, { headers: { authorization: EXAMPLE.alice.token } })).json() as unknown[];
    expect(after).toHaveLength(before.length);
  });

  it('left no error in the handlers but the refusals', () => {
    expect(handlerErrors).toEqual([]);
  });
});
