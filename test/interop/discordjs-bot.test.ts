/**
 * An unmodified discord.js v14 bot, written the ordinary way, against a registry on a real
 * port (only its REST base URL changed): it registers its commands with
 * `application.commands.set`, and answers `interactionCreate` with `reply`, `respond`,
 * `deferReply` + `editReply` + `followUp`. A simulated client (fetch + a raw gateway session
 * with alice's user token) reads the command index, invokes each command and watches its
 * event stream for what a person would see. A stale command version is refused with a 400
 * the client reacts to by reloading its index and trying again.
 */
import { once } from 'node:events';
import {
  ApplicationCommandOptionType, ApplicationCommandType, Client, Events, GatewayIntentBits, MessageFlags,
  type ApplicationCommandDataResolvable, type Interaction,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientSession, fromInteraction, indexed, type Data } from '../helpers/client-session.js';
import { EXAMPLE, startedRegistry, type ListeningRegistry } from '../helpers/listening-registry.js';

const FRUITS = ['apple', 'apricot', 'banana', 'blueberry', 'cherry'];

/** What the bot registers: a slash command with a string and an autocomplete option, a USER command, and one that defers. */
const COMMANDS: ApplicationCommandDataResolvable[] = [
  {
    name: 'echo',
    description: 'Says it back',
    options: [
      { type: ApplicationCommandOptionType.String, name: 'text', description: 'What to say', required: true },
      { type: ApplicationCommandOptionType.String, name: 'fruit', description: 'A fruit', autocomplete: true },
    ],
  },
  { name: 'Wave', type: ApplicationCommandType.User },
  { name: 'slow', description: 'Thinks before it answers' },
  { name: 'later', description: 'Thinks, then answers with a follow-up' },
];

/** The bot's handler, as a discord.js author writes it. */
async function onInteraction(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) {
    const typed = interaction.options.getFocused();
    await interaction.respond(FRUITS.filter((fruit) => fruit.startsWith(typed)).map((fruit) => ({ name: fruit, value: fruit })));
  } else if (interaction.isChatInputCommand() && interaction.commandName === 'echo') {
    await interaction.reply({ content: `You said: ${interaction.options.getString('text', true)}` });
  } else if (interaction.isUserContextMenuCommand()) {
    await interaction.reply({ content: `${interaction.user.username} waves at ${interaction.targetUser.username}` });
  } else if (interaction.isChatInputCommand() && interaction.commandName === 'slow') {
    await interaction.deferReply();
    await interaction.editReply({ content: 'Done thinking.' });
    await interaction.followUp({ content: 'And one more thing.' });
  } else if (interaction.isChatInputCommand() && interaction.commandName === 'later') {
    // A common pattern: the first follow-up is the answer to the deferral.
    await interaction.deferReply();
    await interaction.followUp({ content: 'Here it is.', flags: MessageFlags.Ephemeral });
  }
}

let registry: ListeningRegistry;
let bot: Client;
let alice: ClientSession;
/** The handler's own failures: a rejected reply would otherwise vanish into discord.js's event emitter. */
const handlerErrors: unknown[] = [];
/** Settles when the handler is done with each interaction, by interaction id. */
const handled = new Map<string, Promise<void>>();

beforeAll(async () => {
  registry = await startedRegistry();
  bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${registry.url}/api` } });
  bot.on(Events.InteractionCreate, (interaction) => {
    handled.set(interaction.id, onInteraction(interaction).catch((error: unknown) => void handlerErrors.push(error)));
  });
  const ready = once(bot, Events.ClientReady);
  await bot.login(EXAMPLE.app.token);
  await ready;
  await bot.application!.commands.set(COMMANDS);
  alice = await ClientSession.open(registry.url, EXAMPLE.alice.token);
});

afterEach(() => {
  expect(handlerErrors).toEqual([]);
});

afterAll(async () => {
  await alice?.close();
  await bot?.destroy();
  await registry?.close();
});

const where = { guildId: EXAMPLE.guild, channelId: EXAMPLE.general };

/** The interaction the client's invocation started (INTERACTION_CREATE carries the nonce). */
async function started(nonce: string): Promise<string> {
  return (await alice.event('INTERACTION_CREATE', (data) => data.nonce === nonce)).d.id as string;
}

describe('a discord.js bot answering the simulated client', () => {
  it('registered its commands, and the client sees them in its index', async () => {
    const index = await alice.index(EXAMPLE.guild, EXAMPLE.general);
    const ours = index.application_commands.filter((command) => command.application_id === EXAMPLE.app.id);
    expect(ours.map((command) => [command.name, command.type]).sort()).toEqual([['Wave', 2], ['echo', 1], ['later', 1], ['slow', 1]]);
    expect(indexed(index, 'echo').options).toMatchObject([
      { type: 3, name: 'text', required: true },
      { type: 3, name: 'fruit', autocomplete: true },
    ]);
    expect(index.applications).toContainEqual(expect.objectContaining({ id: EXAMPLE.app.id, name: EXAMPLE.app.name }));
  });

  it('replies to a slash command, echoing its string option', async () => {
    const echo = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'echo');
    const response = await alice.invoke(echo, { ...where, nonce: 'echo-1', options: [{ name: 'text', type: 3, value: 'hello there' }] });
    expect(response.status, await response.text()).toBe(204);
    const id = await started('echo-1');
    expect((await alice.event('INTERACTION_DELIVERY', (data) => data.id === id)).d).toMatchObject({
      method: 'gateway', nonce: 'echo-1', payload: { id, type: 2, data: { name: 'echo', options: [{ name: 'text', type: 3, value: 'hello there' }] } },
    });
    const message = (await alice.event('MESSAGE_CREATE', fromInteraction(id))).d;
    expect(message).toMatchObject({
      content: 'You said: hello there', channel_id: EXAMPLE.general, author: { id: EXAMPLE.app.id }, type: 20, flags: 0,
      interaction_metadata: { id, name: 'echo', user: { id: EXAMPLE.alice.id } },
    });
    expect((await alice.event('INTERACTION_SUCCESS', (data) => data.id === id)).d).toEqual({ id, nonce: 'echo-1' });
    expect((await alice.event('INTERACTION_CALLBACK', (data) => data.id === id)).d).toMatchObject({ status: 204, body: { type: 4 } });
  });

  it('answers autocomplete with choices based on the focused option', async () => {
    const echo = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'echo');
    const response = await alice.invoke(echo, {
      ...where, type: 4, nonce: 'complete-1',
      options: [{ name: 'text', type: 3, value: 'hi' }, { name: 'fruit', type: 3, value: 'ap', focused: true }],
    });
    expect(response.status, await response.text()).toBe(204);
    const id = await started('complete-1');
    const choices = (await alice.event('APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE', (data) => data.id === id)).d;
    expect(choices).toMatchObject({ nonce: 'complete-1', application_id: EXAMPLE.app.id });
    expect(choices.choices).toEqual([{ name: 'apple', value: 'apple' }, { name: 'apricot', value: 'apricot' }]);
    expect((await alice.event('INTERACTION_SUCCESS', (data) => data.id === id)).d).toEqual({ id, nonce: 'complete-1' });
  });

  it('replies to a USER command with the target user', async () => {
    const wave = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'Wave', 2);
    const response = await alice.invoke(wave, { ...where, nonce: 'wave-1', targetId: EXAMPLE.bob.id });
    expect(response.status, await response.text()).toBe(204);
    const id = await started('wave-1');
    expect((await alice.event('MESSAGE_CREATE', fromInteraction(id))).d).toMatchObject({
      content: 'alice waves at bob', author: { id: EXAMPLE.app.id }, type: 23, interaction_metadata: { id, name: 'Wave' },
    });
    expect((await alice.event('INTERACTION_SUCCESS', (data) => data.id === id)).d).toEqual({ id, nonce: 'wave-1' });
  });

  it('defers ("is thinking..."), then edits the reply and follows up', async () => {
    const slow = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'slow');
    const response = await alice.invoke(slow, { ...where, nonce: 'slow-1' });
    expect(response.status, await response.text()).toBe(204);
    const id = await started('slow-1');
    const thinking = await alice.event('MESSAGE_CREATE', (data) => fromInteraction(id)(data) && data.flags === 128);
    expect(thinking.d).toMatchObject({ content: '', author: { id: EXAMPLE.app.id }, type: 20, interaction_metadata: { id } });
    expect((await alice.event('INTERACTION_SUCCESS', (data) => data.id === id)).d).toEqual({ id, nonce: 'slow-1' });
    const edited = await alice.event('MESSAGE_UPDATE', (data) => data.id === thinking.d.id);
    expect(edited.d).toMatchObject({ content: 'Done thinking.', flags: 0 });
    const followUp = await alice.event('MESSAGE_CREATE', (data) => fromInteraction(id)(data) && data.id !== thinking.d.id);
    expect(followUp.d).toMatchObject({
      content: 'And one more thing.', author: { id: EXAMPLE.app.id }, type: 0,
      interaction_metadata: { id, original_response_message_id: thinking.d.id },
    });
    // One connection delivers in order: loading, then the edit, then the follow-up.
    expect(thinking.s).toBeLessThan(edited.s);
    expect(edited.s).toBeLessThan(followUp.s);
    // The channel keeps the edited reply: what the client reads when it (re)opens the channel.
    const stored = await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages/${thinking.d.id}`, {
      headers: { authorization: EXAMPLE.alice.token },
    });
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ content: 'Done thinking.', flags: 0 });
    await handled.get(id);
  });

  // The first follow-up to a deferred response completes the "is thinking..." message, its `flags`
  // ignored and its ephemerality the deferral's (API docs, Create Followup Message).
  it('completes the "is thinking..." message with the first follow-up after deferReply', async () => {
    const later = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'later');
    const response = await alice.invoke(later, { ...where, nonce: 'later-1' });
    expect(response.status, await response.text()).toBe(204);
    const id = await started('later-1');
    const thinking = await alice.event('MESSAGE_CREATE', (data) => fromInteraction(id)(data) && data.flags === 128);
    // The bot has deferred, so its handler is running; once it is done, every event it caused was emitted.
    await handled.get(id);
    await alice.sync();
    const messages = alice.dispatches().filter((entry) => entry.t.startsWith('MESSAGE_') && fromInteraction(id)(entry.d));
    // What the service does: the deferred message becomes the answer, public as the ACK was.
    expect(messages.map((entry) => [entry.t, entry.d.id])).toEqual([['MESSAGE_CREATE', thinking.d.id], ['MESSAGE_UPDATE', thinking.d.id]]);
    expect(messages[1]?.d).toMatchObject({ content: 'Here it is.', flags: 0 });
  });

  it('refuses a stale command version with a 400 the client reacts to: it reloads its index and retries', async () => {
    const before = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'echo');
    await bot.application!.commands.edit(before.id, { description: 'Says it back, louder' });
    // The client is told its index changed, but invokes from the old one anyway.
    await alice.event('APPLICATION_COMMAND_INDEX_UPDATE', (data) => data.application_id === EXAMPLE.app.id);
    const refused = await alice.invoke(before, { ...where, nonce: 'stale-1', options: [{ name: 'text', type: 3, value: 'first try' }] });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { code: number; errors: { data: { version: { _errors: Array<{ code: string }> } } } };
    expect(body.code).toBe(50035);
    expect(body.errors.data.version._errors[0]?.code).toBe('INTERACTION_APPLICATION_COMMAND_INVALID_VERSION');
    expect((await alice.event('INTERACTION_FAILURE', (data) => data.nonce === 'stale-1')).d).toMatchObject({ id: null, reason: 'stale-version' });

    const after = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'echo');
    expect(after.id).toBe(before.id);
    expect(after.version).not.toBe(before.version);
    const retried = await alice.invoke(after, { ...where, nonce: 'stale-2', options: [{ name: 'text', type: 3, value: 'second try' }] });
    expect(retried.status, await retried.text()).toBe(204);
    const id = await started('stale-2');
    expect((await alice.event('MESSAGE_CREATE', fromInteraction(id))).d).toMatchObject({ content: 'You said: second try' });
    await alice.event('INTERACTION_SUCCESS', (data) => data.id === id);
    // The refused attempt never reached the bot: nothing was created for it.
    await alice.sync();
    const forStale = alice.dispatches().filter((entry) => (entry.d as Data).nonce === 'stale-1');
    expect(forStale.map((entry) => entry.t)).toEqual(['INTERACTION_FAILURE']);
  });
});
