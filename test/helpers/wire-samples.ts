/**
 * Collects what a running registry really emits, over HTTP and the gateway, as samples for
 * the wire-shape check (wire-types.ts): the users, guild, roles, members, channels of every
 * type, messages, the application and commands of the REST API, and a bot's READY,
 * GUILD_CREATEs and the dispatches that world edits and messages send it.
 */
import { ApplicationFlags, GatewayIntentBits } from 'discord-api-types/v10';
import type { GatewayClient } from './gateway-client.js';
import type { GatewayRegistry } from './gateway-registry.js';
import { IDS, TOKENS } from './test-registry.js';
import { WORLD } from './world-registry.js';
import type { WireSample } from './wire-types.js';

/** The discord-api-types type of each channel type, so a channel is checked against its own shape. */
const CHANNEL_TYPES: Readonly<Record<number, string>> = {
  0: 'APITextChannel', 1: 'APIDMChannel', 2: 'APIGuildVoiceChannel', 3: 'APIGroupDMChannel', 4: 'APIGuildCategoryChannel',
  5: 'APINewsChannel', 10: 'APIAnnouncementThreadChannel', 11: 'APIPublicThreadChannel', 12: 'APIPrivateThreadChannel',
  13: 'APIGuildStageVoiceChannel', 14: 'APIGuildChannel<ChannelType.GuildDirectory>', 15: 'APIGuildForumChannel', 16: 'APIGuildMediaChannel',
};

/** Bot intents that let the fixture app's session hear everything checked here. */
export const ALL_INTENTS = GatewayIntentBits.Guilds | GatewayIntentBits.GuildMembers | GatewayIntentBits.GuildMessages
  | GatewayIntentBits.MessageContent | GatewayIntentBits.DirectMessages;

/** Samples in the order they were collected. */
export class SampleBook {
  readonly samples: WireSample[] = [];

  add(name: string, type: string, value: unknown): void {
    if (value === undefined) throw new Error(`${name}: nothing was emitted`);
    if (this.samples.some((sample) => sample.name === name)) throw new Error(`${name}: two samples with one name`);
    this.samples.push({ name, type, value });
  }

  /** Each element of a list answer, numbered. */
  addEach(name: string, type: string, values: unknown): void {
    if (!Array.isArray(values) || values.length === 0) throw new Error(`${name}: expected a non-empty list, got ${JSON.stringify(values)}`);
    values.forEach((value, index) => this.add(`${name}[${index}]`, type, value));
  }

  /** A channel, checked against the type of its `type`. */
  addChannel(name: string, channel: unknown): void {
    const type = CHANNEL_TYPES[(channel as { type: number }).type];
    if (type === undefined) throw new Error(`${name}: unknown channel type in ${JSON.stringify(channel)}`);
    this.add(`${name} (type ${(channel as { type: number }).type})`, type, channel);
  }
}

/** A JSON request; anything but a 2xx throws with the answer, so a sample is always a success's body. */
export async function call(registry: GatewayRegistry, authorization: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${registry.url}/api/v10${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? undefined : JSON.parse(text);
}

/** Lets the fixture app ask for the privileged intents its session uses here. */
export async function allowPrivilegedIntents(registry: GatewayRegistry): Promise<void> {
  const application = await registry.store.world.application(IDS.app);
  if (!application) throw new Error('the fixture app is missing');
  const flags = ApplicationFlags.GatewayGuildMembers | ApplicationFlags.GatewayMessageContent;
  await registry.store.world.putApplication({ ...application, flags: application.flags | flags }, null, null);
}

/** The REST API's objects, read as the fixture app's bot and as people. */
export async function restSamples(registry: GatewayRegistry, book: SampleBook): Promise<void> {
  const bot = (method: string, path: string, body?: unknown) => call(registry, `Bot ${TOKENS.bot}`, method, path, body);
  book.add('GET /users/@me (bot)', 'APIUser', await bot('GET', '/users/@me'));
  book.add('GET /users/@me (person)', 'APIUser', await call(registry, TOKENS.owner, 'GET', '/users/@me'));
  book.add('GET /users/{id}', 'APIUser', await bot('GET', `/users/${WORLD.reader}`));
  book.add('GET /applications/@me', 'RESTGetCurrentApplicationResult', await bot('GET', '/applications/@me'));
  book.add('GET /oauth2/applications/@me', 'RESTGetAPIOAuth2CurrentApplicationResult', await bot('GET', '/oauth2/applications/@me'));
  book.add('GET /guilds/{lab}', 'APIGuild', await bot('GET', `/guilds/${WORLD.lab}`));
  book.addEach('GET /guilds/{lab}/roles', 'APIRole', await bot('GET', `/guilds/${WORLD.lab}/roles`));
  book.add('GET /guilds/{lab}/members/{reader}', 'APIGuildMember', await bot('GET', `/guilds/${WORLD.lab}/members/${WORLD.reader}`));
  const channels = await bot('GET', `/guilds/${WORLD.lab}/channels`) as Array<{ id: string }>;
  channels.forEach((channel, index) => book.addChannel(`GET /guilds/{lab}/channels[${index}]`, channel));
  const threads = [WORLD.thread, WORLD.announcementThread, WORLD.privateThread];
  for (const id of [...channels.map((channel) => channel.id), ...threads, WORLD.botDm]) {
    book.addChannel(`GET /channels/${id}`, await bot('GET', `/channels/${id}`));
  }
  book.addChannel('POST /users/@me/channels', await bot('POST', '/users/@me/channels', { recipient_id: IDS.owner }));
  book.addChannel('GET /channels/{group DM} (person)', await call(registry, TOKENS.owner, 'GET', `/channels/${WORLD.groupDm}`));
  book.addEach('GET /channels/{text}/messages', 'APIMessage', await bot('GET', `/channels/${WORLD.text}/messages`));
  book.addEach('GET /channels/{bot DM}/messages', 'APIMessage', await bot('GET', `/channels/${WORLD.botDm}/messages`));
  const posted = await bot('POST', `/channels/${WORLD.text}/messages`, { content: 'wire check', embeds: [{ title: 'Embed' }] });
  book.add('POST /channels/{text}/messages', 'APIMessage', posted);
  const reply = { content: 'a reply', message_reference: { message_id: (posted as { id: string }).id } };
  book.add('POST /channels/{text}/messages (reply)', 'APIMessage', await bot('POST', `/channels/${WORLD.text}/messages`, reply));
}

/** Commands the interaction samples invoke: created, listed and read back through the REST API. */
export const COMMANDS = {
  probe: {
    name: 'probe', description: 'Probe the wire', name_localizations: { fr: 'sonde' }, description_localizations: { fr: 'Sonder' },
    options: [
      { type: 3, name: 'text', description: 'Text', required: true, autocomplete: true },
      { type: 4, name: 'count', description: 'Count', choices: [{ name: 'one', value: 1, name_localizations: { fr: 'un' } }, { name: 'two', value: 2 }] },
      { type: 6, name: 'who', description: 'Who' },
      { type: 7, name: 'where', description: 'Where', channel_types: [0] },
      { type: 8, name: 'role', description: 'Role' },
      { type: 10, name: 'ratio', description: 'Ratio', min_value: 0, max_value: 1 },
      { type: 5, name: 'flag', description: 'Flag' },
    ],
  },
  admin: {
    name: 'admin', description: 'Administer',
    options: [
      { type: 2, name: 'users', description: 'Users', options: [
        { type: 1, name: 'ban', description: 'Ban', options: [{ type: 6, name: 'target', description: 'Target', required: true }] },
        { type: 1, name: 'list', description: 'List them' },
      ] },
      { type: 1, name: 'status', description: 'Status' },
      { type: 2, name: 'spare', description: 'Nothing yet' },
    ],
  },
  inspect: { type: 2, name: 'Inspect' },
  quote: { type: 3, name: 'Quote' },
  hello: { name: 'hello', description: 'Hello', contexts: [0, 1, 2], integration_types: [0, 1] },
} as const;

export type CommandName = keyof typeof COMMANDS;
export type StoredCommands = Record<CommandName, Record<string, unknown>>;

/** Registers the commands (bulk overwrite, single create) and checks every answer that carries them. */
export async function commandSamples(registry: GatewayRegistry, book: SampleBook): Promise<StoredCommands> {
  const bot = (method: string, path: string, body?: unknown) => call(registry, `Bot ${TOKENS.bot}`, method, path, body);
  const global = `/applications/${IDS.app}/commands`;
  const guild = `/applications/${IDS.app}/guilds/${WORLD.lab}/commands`;
  const [hello] = await bot('PUT', global, [COMMANDS.hello]) as Array<Record<string, unknown>>;
  book.add('PUT /applications/{app}/commands[0]', 'APIApplicationCommand', hello);
  const stored: Partial<StoredCommands> = { hello };
  // Guild commands have their own types: without the fields only global commands carry.
  for (const name of ['probe', 'admin', 'inspect', 'quote'] as const) {
    stored[name] = await bot('POST', guild, COMMANDS[name]) as Record<string, unknown>;
    book.add(`POST guild command ${name}`, 'RESTPostAPIApplicationGuildCommandsResult', stored[name]);
  }
  book.addEach('GET /applications/{app}/commands', 'APIApplicationCommand', await bot('GET', global));
  book.addEach('GET guild commands', 'RESTGetAPIApplicationGuildCommandResult', await bot('GET', guild));
  book.addEach('GET guild commands?with_localizations=true', 'RESTGetAPIApplicationGuildCommandResult', await bot('GET', `${guild}?with_localizations=true`));
  book.add('GET guild command', 'RESTGetAPIApplicationGuildCommandResult', await bot('GET', `${guild}/${String(stored.probe?.id)}`));
  return stored as StoredCommands;
}

/** A bot session with every intent: its READY and each GUILD_CREATE, whole and in parts. */
export async function startupSamples(registry: GatewayRegistry, book: SampleBook): Promise<GatewayClient> {
  const { client, ready } = await registry.login(TOKENS.bot, { intents: ALL_INTENTS });
  book.add('READY (bot)', 'GatewayReadyDispatchData', ready);
  for (const _guild of ready.guilds as unknown[]) {
    const guild = (await client.dispatch('GUILD_CREATE')).d as Record<string, unknown[]> & { id: string };
    const name = `GUILD_CREATE ${guild.id}`;
    // discord-api-types leaves directory channels (type 14, hub guilds) out of APIChannel; they are checked one by one below.
    const listed = guild.channels?.filter((channel) => (channel as { type: number }).type !== 14);
    book.add(name, 'GatewayGuildCreateDispatchData', { ...guild, channels: listed });
    guild.channels?.forEach((channel, index) => book.addChannel(`${name} channels[${index}]`, channel));
    guild.threads?.forEach((thread, index) => book.addChannel(`${name} threads[${index}]`, thread));
    book.addEach(`${name} members`, 'APIGuildMember', guild.members);
    book.addEach(`${name} roles`, 'APIRole', guild.roles);
  }
  return client;
}

/** A world edit through the management API, as the simulator's editor sends it. */
async function manage(registry: GatewayRegistry, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${registry.url}/_slashbench${path}`, {
    method,
    headers: { authorization: TOKENS.owner, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? {} : JSON.parse(text) as Record<string, unknown>;
}

/** What `client` (the bot session) hears of world edits and of a message sent and edited. */
export async function dispatchSamples(registry: GatewayRegistry, client: GatewayClient, book: SampleBook): Promise<void> {
  const heard = async (event: string, type: string) => book.add(event, type, (await client.dispatch(event)).d);
  const role = await manage(registry, 'POST', `/guilds/${WORLD.lab}/roles`, { name: 'Wire', permissions: '0' });
  await heard('GUILD_ROLE_CREATE', 'GatewayGuildRoleCreateDispatchData');
  await manage(registry, 'PUT', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`, { roles: [String(role.id)], nick: 'Stray' });
  await heard('GUILD_MEMBER_ADD', 'GatewayGuildMemberAddDispatchData');
  await manage(registry, 'PUT', `/guilds/${WORLD.lab}/members/${WORLD.stranger}`, { roles: [] });
  await heard('GUILD_MEMBER_UPDATE', 'GatewayGuildMemberUpdateDispatchData');
  const channel = await manage(registry, 'POST', `/guilds/${WORLD.lab}/channels`, { name: 'wire', type: 0, parent_id: WORLD.category });
  await heard('CHANNEL_CREATE', 'GatewayChannelCreateDispatchData');
  await manage(registry, 'POST', `/guilds/${WORLD.lab}/channels`, { name: 'wire-thread', type: 11, parent_id: String(channel.id) });
  await heard('THREAD_CREATE', 'GatewayThreadCreateDispatchData');
  await manage(registry, 'PUT', `/channels/${String(channel.id)}`, { guild_id: WORLD.lab, name: 'wire-2', type: 0 });
  await heard('CHANNEL_UPDATE', 'GatewayChannelUpdateDispatchData');
  const bot = (method: string, path: string, body?: unknown) => call(registry, `Bot ${TOKENS.bot}`, method, path, body);
  const sent = await bot('POST', `/channels/${WORLD.text}/messages`, { content: 'heard' }) as { id: string };
  await heard('MESSAGE_CREATE', 'GatewayMessageCreateDispatchData');
  await bot('PATCH', `/channels/${WORLD.text}/messages/${sent.id}`, { content: 'heard again' });
  await heard('MESSAGE_UPDATE', 'GatewayMessageUpdateDispatchData');
}
