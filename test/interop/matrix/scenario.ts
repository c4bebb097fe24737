/**
 * The interop matrix's one scenario (README.md beside this file is the bot contract): a
 * registry with the example world, one bot process of the library under test, and the
 * simulated client acting as alice. Every library runs these same steps and is held to the
 * same outcomes, read from alice's event stream and the API, as a person and a bot see them.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../src/registry/free-port.js';
import { ClientSession, fromInteraction, indexed, type Data, type IndexedCommand } from '../../helpers/client-session.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../../helpers/listening-registry.js';
import { startBotProcess, type BotProcess } from './bot-process.js';

export interface MatrixBot {
  /** The library and its version, shown in the test names. */
  library: string;
  /** How the bot gets interactions: a gateway session, or an interactions endpoint URL. */
  delivery: 'gateway' | 'http';
  /** The program to run (`process.execPath`, `/usr/bin/python3`) and its arguments. */
  command: string;
  args: string[];
}

/** What every bot registers globally, as the registry must store it (the contract's table). */
const GLOBAL_COMMANDS = [
  {
    name: 'echo', type: 1, description: 'Says it back',
    options: [
      { type: 3, name: 'text', description: 'What to say', required: true },
      { type: 4, name: 'times', description: 'How many times', min_value: 1, max_value: 3 },
      { type: 3, name: 'fruit', description: 'A fruit', autocomplete: true },
    ],
  },
  { name: 'slow', type: 1, description: 'Thinks before it answers' },
  { name: 'buttons', type: 1, description: 'Shows a button' },
  { name: 'ask', type: 1, description: 'Asks for feedback' },
  { name: 'report', type: 1, description: 'Sends a report' },
  { name: 'Wave', type: 2, description: '' },
  { name: 'Quote', type: 3, description: '' },
];

/** The file `/report` sends. */
const REPORT = 'Report: all good\n';

const byName = (left: { name: string }, right: { name: string }) => (left.name < right.name ? -1 : 1);

export function describeMatrix(bot: MatrixBot): void {
  describe(`${bot.library} (${bot.delivery}) against Slashbench`, () => {
    let registry: ListeningRegistry;
    let process: BotProcess | undefined;
    let alice: ClientSession;
    let ready: { global: string[]; guild: string[] };
    /** Every API request the registry answered: `METHOD route status`. */
    const requests: string[] = [];
    const where = { guildId: EXAMPLE.guild, channelId: EXAMPLE.general };
    const bot$ = (path: string, init: RequestInit = {}) => fetch(`${registry.url}/api/v10${path}`, {
      ...init, headers: { authorization: `Bot ${EXAMPLE.app.token}`, 'content-type': 'application/json' },
    });

    beforeAll(async () => {
      registry = await builtRegistry({}, (app: FastifyInstance) => {
        app.addHook('onResponse', async (request, reply) => {
          requests.push(`${request.method} ${request.routeOptions.url ?? request.url} ${reply.statusCode}`);
        });
      });
      const application = (await (await bot$('/applications/@me')).json()) as { verify_key: string };
      const port = bot.delivery === 'http' ? await freePort() : 0;
      process = startBotProcess(bot.command, bot.args, {
        SLASHBENCH_URL: registry.url,
        BOT_TOKEN: EXAMPLE.app.token,
        APPLICATION_ID: EXAMPLE.app.id,
        PUBLIC_KEY: application.verify_key,
        GUILD_ID: EXAMPLE.guild,
        ...(bot.delivery === 'http' ? { PORT: String(port) } : {}),
      });
      ready = JSON.parse((await process.line(/^READY (.*)$/))[1]!) as typeof ready;
      if (bot.delivery === 'http') {
        // What a developer does in the portal: the registry PINGs and probes the URL before saving it.
        const saved = await bot$('/applications/@me', {
          method: 'PATCH', body: JSON.stringify({ interactions_endpoint_url: `http://127.0.0.1:${port}/interactions` }),
        });
        expect(saved.status, await saved.text()).toBe(200);
      }
      alice = await ClientSession.open(registry.url, EXAMPLE.alice.token);
    });

    afterEach(() => {
      const failures = process?.stderr().split('\n').filter((line) => line.startsWith('HANDLER-ERROR')) ?? [];
      expect(failures, process?.stderr()).toEqual([]);
    });

    afterAll(async () => {
      await alice?.close();
      await process?.stop();
      await registry?.close();
    });

    /** Invokes as alice and resolves with the interaction's id once it started. */
    async function run(command: IndexedCommand, nonce: string, extra: { options?: unknown[]; targetId?: string; type?: number } = {}): Promise<string> {
      const response = await alice.invoke(command, { ...where, nonce, ...extra });
      expect(response.status, await response.text()).toBe(204);
      return (await alice.event('INTERACTION_CREATE', (data) => data.nonce === nonce)).d.id as string;
    }

    /** A raw interaction (a button press, a modal submission) as the client posts it. */
    async function post(nonce: string, body: Data): Promise<string> {
      const response = await alice.post({ application_id: EXAMPLE.app.id, guild_id: EXAMPLE.guild, channel_id: EXAMPLE.general, nonce, ...body });
      expect(response.status, await response.text()).toBe(204);
      return (await alice.event('INTERACTION_CREATE', (data) => data.nonce === nonce)).d.id as string;
    }

    /** The message the interaction `id` created (the bot's answer), once it arrived. */
    async function answer(id: string, where: (data: Data) => boolean = () => true): Promise<Data> {
      return (await alice.event('MESSAGE_CREATE', (data) => fromInteraction(id)(data) && where(data))).d;
    }

    async function succeeded(id: string): Promise<void> {
      expect((await alice.event('INTERACTION_SUCCESS', (data) => data.id === id)).d).toMatchObject({ id });
    }

    const command = async (name: string, type = 1) => indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), name, type);

    it('registers global commands with a bulk overwrite and a guild command with a single create, and reads both back', async () => {
      expect(ready).toEqual({ global: GLOBAL_COMMANDS.map((entry) => entry.name).sort(), guild: ['ping'] });
      expect(requests).toContain('PUT /api/v10/applications/:applicationId/commands 200');
      expect(requests).toContainEqual(expect.stringMatching(/^POST \/api\/v10\/applications\/:applicationId\/guilds\/:guildId\/commands 20[01]$/));
      expect(requests).toContain('GET /api/v10/applications/:applicationId/commands 200');
      expect(requests).toContain('GET /api/v10/applications/:applicationId/guilds/:guildId/commands 200');
      const global = (await (await bot$(`/applications/${EXAMPLE.app.id}/commands`)).json()) as Array<{ name: string }>;
      expect(global.sort(byName)).toMatchObject([...GLOBAL_COMMANDS].sort(byName));
      const guild = (await (await bot$(`/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`)).json()) as unknown[];
      expect(guild).toMatchObject([{ name: 'ping', type: 1, description: 'Checks the bot', guild_id: EXAMPLE.guild }]);
    });

    it('answers a slash command with its string and integer options', async () => {
      const id = await run(await command('echo'), 'echo-1', {
        options: [{ name: 'text', type: 3, value: 'hello' }, { name: 'times', type: 4, value: 2 }],
      });
      expect(await answer(id)).toMatchObject({
        content: 'You said: hello hello', author: { id: EXAMPLE.app.id }, type: 20, interaction_metadata: { id, name: 'echo' },
      });
      await succeeded(id);
    });

    it('answers autocomplete with the choices for the focused option', async () => {
      const id = await run(await command('echo'), 'complete-1', {
        type: 4, options: [{ name: 'text', type: 3, value: 'hi' }, { name: 'fruit', type: 3, value: 'ap', focused: true }],
      });
      const result = (await alice.event('APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE', (data) => data.id === id)).d;
      expect(result.choices).toEqual([{ name: 'apple', value: 'apple' }, { name: 'apricot', value: 'apricot' }]);
      await succeeded(id);
    });

    it('defers, edits the deferred reply and sends a follow-up', async () => {
      const id = await run(await command('slow'), 'slow-1');
      const thinking = await answer(id, (data) => data.flags === 128);
      expect(thinking).toMatchObject({ content: '', author: { id: EXAMPLE.app.id } });
      expect((await alice.event('MESSAGE_UPDATE', (data) => data.id === thinking.id && data.content !== '')).d)
        .toMatchObject({ content: 'Done thinking.', flags: 0 });
      expect(await answer(id, (data) => data.id !== thinking.id)).toMatchObject({
        content: 'And one more thing.', type: 0, interaction_metadata: { id, original_response_message_id: thinking.id },
      });
      await succeeded(id);
    });

    it('replies with a file, which the API lists and serves back byte for byte', async () => {
      const id = await run(await command('report'), 'report-1');
      const message = await answer(id);
      expect(message).toMatchObject({ content: 'Here is the report', attachments: [{ filename: 'report.txt', size: REPORT.length }] });
      const [file] = message.attachments as Array<{ url: string }>;
      const served = await fetch(file!.url);
      expect(served.status).toBe(200);
      expect(await served.text()).toBe(REPORT);
      await succeeded(id);
    });

    it('replies with a button, and answers its click', async () => {
      const id = await run(await command('buttons'), 'buttons-1');
      const message = await answer(id);
      expect(message).toMatchObject({
        content: 'Press the button',
        components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Hello', custom_id: 'hello' }] }],
      });
      const click = await post('click-1', { type: 3, message_id: message.id, data: { custom_id: 'hello', component_type: 2 } });
      expect(await answer(click)).toMatchObject({ content: 'Hello, alice!', interaction_metadata: { id: click, type: 3 } });
      await succeeded(click);
    });

    it('opens a modal, and answers its submission', async () => {
      const id = await run(await command('ask'), 'ask-1');
      const modal = (await alice.event('INTERACTION_MODAL_CREATE', (data) => data.id === id)).d;
      expect(modal).toMatchObject({
        custom_id: 'feedback', title: 'Feedback',
        components: [{ type: 1, components: [{ type: 4, custom_id: 'reason', label: 'Reason', style: 1 }] }],
      });
      const submitted = await post('submit-1', {
        type: 5, data: { custom_id: 'feedback', components: [{ type: 1, components: [{ type: 4, custom_id: 'reason', value: 'spam' }] }] },
      });
      expect(await answer(submitted)).toMatchObject({ content: 'Thanks for the feedback: spam', interaction_metadata: { id: submitted, type: 5 } });
      await succeeded(submitted);
    });

    it('answers a user command with its target', async () => {
      const id = await run(await command('Wave', 2), 'wave-1', { targetId: EXAMPLE.bob.id });
      expect(await answer(id)).toMatchObject({ content: 'alice waves at bob', type: 23 });
      await succeeded(id);
    });

    it('answers a message command with its target message', async () => {
      const listed = await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages`, { headers: { authorization: EXAMPLE.alice.token } });
      const target = ((await listed.json()) as Array<{ id: string; content: string }>).find((message) => message.content !== '');
      if (!target) throw new Error('the example world has no message with content in #general');
      const id = await run(await command('Quote', 3), 'quote-1', { targetId: target.id });
      expect(await answer(id)).toMatchObject({ content: `Quoted: ${target.content}`, type: 23 });
      await succeeded(id);
    });

    it('answers its guild command', async () => {
      const id = await run(await command('ping'), 'ping-1');
      expect(await answer(id)).toMatchObject({ content: 'Pong!', interaction_metadata: { id, name: 'ping' } });
      await succeeded(id);
    });

    // The service asks every bot to reconnect now and then (op 7); what is invoked meanwhile
    // reaches it live or in its RESUME's replay.
    if (bot.delivery === 'gateway') it('resumes when the gateway asks it to reconnect, and answers what was invoked meanwhile', async () => {
      const gateway = registry.gateway;
      if (!gateway) throw new Error('the matrix registry has no gateway to drive');
      const sessions = gateway.liveBotSessions(EXAMPLE.app.id);
      expect(sessions).toHaveLength(1);
      expect(gateway.reconnect(sessions[0]!)).toBe(true);
      const id = await run(await command('ping'), 'ping-2');
      expect(await answer(id)).toMatchObject({ content: 'Pong!', interaction_metadata: { id, name: 'ping' } });
      await succeeded(id);
    });
  });
}
