/**
 * Two registries on one data directory (`npm run serve` beside the desktop app) are one:
 * concurrent writes from both wait for each other instead of failing, no command is lost
 * or overwritten by an id minted twice, what one writes the other answers at once, and an
 * interaction invoked on one reaches a bot connected to the other (the change feed), or is
 * answered through the other.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterEach, expect, it } from 'vitest';
import { signatureCheckingBot, startBotServer } from '../helpers/bot-server.js';
import { ClientSession, fromInteraction, indexed } from '../helpers/client-session.js';
import { EXAMPLE } from '../helpers/listening-registry.js';
import { cleanupRegistryProcesses, EXAMPLE_WORLD, makeDataDirectory, startRegistryProcess } from '../helpers/registry-process.js';

afterEach(cleanupRegistryProcesses);

/** The interaction's message, or an error saying why the registry failed it instead (a timeout would say nothing). */
async function messageOrFailure(session: ClientSession, id: string): Promise<unknown> {
  const failure = session.event('INTERACTION_FAILURE', (data) => data.id === id).then(
    (failed) => Promise.reject(new Error(`the interaction failed: ${JSON.stringify(failed.d)}`)),
    // The session closed with the message received: nothing to say.
    () => new Promise<never>(() => undefined),
  );
  return (await Promise.race([session.event('MESSAGE_CREATE', fromInteraction(id)), failure])).d;
}

it('serves concurrent creates from two registries sharing a data directory', async () => {
  const world = JSON.parse(readFileSync(EXAMPLE_WORLD, 'utf8')) as {
    applications: Array<{ id: string; bot_token: string }>;
    guilds: Array<{ id: string }>;
  };
  const [bot] = world.applications;
  const [guild] = world.guilds;
  const dataDirectory = await makeDataDirectory();
  const first = await startRegistryProcess({ dataDirectory, args: ['--world', EXAMPLE_WORLD, '--route-limit', '100000'] });
  const second = await startRegistryProcess({ dataDirectory, args: ['--route-limit', '100000'] });
  const create = (url: string, name: string) =>
    fetch(`${url}/api/v10/applications/${bot!.id}/guilds/${guild!.id}/commands`, {
      method: 'POST',
      headers: { authorization: `Bot ${bot!.bot_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name, description: 'made concurrently' }),
    }).then((response) => response.status);
  const names = Array.from({ length: 45 }, (_, index) => index);
  const statuses = await Promise.all(
    names.flatMap((index) => [create(first.url, `first-${index}`), create(second.url, `second-${index}`)]),
  );
  expect(statuses.filter((status) => status !== 201)).toEqual([]);
  const listed = await fetch(`${first.url}/api/v10/applications/${bot!.id}/guilds/${guild!.id}/commands`, {
    headers: { authorization: `Bot ${bot!.bot_token}` },
  }).then((response) => response.json() as Promise<Array<{ id: string }>>);
  expect(listed).toHaveLength(90);
  expect(new Set(listed.map((command) => command.id)).size).toBe(90);
});

it('answers on one registry what the other wrote just before, with warm caches', async () => {
  const dataDirectory = await makeDataDirectory();
  const first = await startRegistryProcess({ dataDirectory, args: ['--world', EXAMPLE_WORLD] });
  const second = await startRegistryProcess({ dataDirectory });
  const commands = `/api/v10/applications/${EXAMPLE.app.id}/commands`;
  const headers = { authorization: `Bot ${EXAMPLE.app.token}`, 'content-type': 'application/json' };
  const names = async (url: string) =>
    ((await (await fetch(`${url}${commands}`, { headers })).json()) as Array<{ name: string }>).map((command) => command.name).sort();
  expect(await names(first.url)).toEqual([]);
  for (const round of [['alpha'], ['beta', 'gamma']]) {
    const put = await fetch(`${second.url}${commands}`, { method: 'PUT', headers, body: JSON.stringify(round.map((name) => ({ name, description: name }))) });
    expect(put.status).toBe(200);
    // The first registry's answer cache was warm: SQLite's data_version says the other process wrote.
    expect(await names(first.url)).toEqual(round);
  }
});

it('delivers an interaction invoked on one registry to a bot connected to the other', async () => {
  const dataDirectory = await makeDataDirectory();
  const first = await startRegistryProcess({ dataDirectory, args: ['--world', EXAMPLE_WORLD] });
  const second = await startRegistryProcess({ dataDirectory });
  const bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${second.url}/api` } });
  bot.on(Events.InteractionCreate, (interaction) => {
    if (interaction.isChatInputCommand()) void interaction.reply('Answered from the other registry');
  });
  const ready = once(bot, Events.ClientReady);
  await bot.login(EXAMPLE.app.token);
  await ready;
  try {
    await bot.application!.commands.create({ name: 'across', description: 'Crosses processes' }, EXAMPLE.guild);
    const alice = await ClientSession.open(first.url, EXAMPLE.alice.token);
    try {
      const across = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'across');
      expect((await alice.invoke(across, { guildId: EXAMPLE.guild, channelId: EXAMPLE.general, nonce: 'shared-1' })).status).toBe(204);
      const id = (await alice.event('INTERACTION_CREATE', (data) => data.nonce === 'shared-1')).d.id as string;
      expect(await messageOrFailure(alice, id)).toMatchObject({ content: 'Answered from the other registry' });
      expect((await alice.event('INTERACTION_SUCCESS', (data) => data.id === id)).d).toMatchObject({ id });
    } finally {
      await alice.close();
    }
  } finally {
    await bot.destroy();
  }
});

it('takes a callback on one registry for an interaction the other delivered over HTTP, before that delivery is answered', async () => {
  const dataDirectory = await makeDataDirectory();
  const first = await startRegistryProcess({ dataDirectory, args: ['--world', EXAMPLE_WORLD] });
  const second = await startRegistryProcess({ dataDirectory });
  const authorization = `Bot ${EXAMPLE.app.token}`;
  const me = await (await fetch(`${first.url}/api/v10/applications/@me`, { headers: { authorization } })).json() as { verify_key: string };
  const callbacks: number[] = [];
  // The bot answers through the second registry, then acknowledges the first's delivery: the
  // first must have written the interaction's row at once, as it shares its store.
  const bot = await startBotServer(signatureCheckingBot(me.verify_key, async (request, response) => {
    const interaction = JSON.parse(request.body) as { id: string; token: string };
    const callback = await fetch(`${second.url}/api/v10/interactions/${interaction.id}/${interaction.token}/callback`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 4, data: { content: 'Answered through the other registry' } }),
    });
    callbacks.push(callback.status);
    response.writeHead(202).end();
  }));
  try {
    const patched = await fetch(`${first.url}/api/v10/applications/@me`, {
      method: 'PATCH', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ interactions_endpoint_url: bot.url }),
    });
    expect(patched.status).toBe(200);
    const created = await fetch(`${first.url}/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`, {
      method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'over', description: 'Answers elsewhere' }),
    });
    expect(created.status).toBe(201);
    const alice = await ClientSession.open(first.url, EXAMPLE.alice.token);
    try {
      const over = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'over');
      // The first invocation verifies the endpoint first; the second is delivered at once.
      for (const nonce of ['over-1', 'over-2']) {
        expect((await alice.invoke(over, { guildId: EXAMPLE.guild, channelId: EXAMPLE.general, nonce })).status).toBe(204);
        const id = (await alice.event('INTERACTION_CREATE', (data) => data.nonce === nonce)).d.id as string;
        expect(await messageOrFailure(alice, id)).toMatchObject({ content: 'Answered through the other registry' });
      }
      expect(callbacks).toEqual([204, 204]);
    } finally {
      await alice.close();
    }
  } finally {
    await bot.close();
  }
});
