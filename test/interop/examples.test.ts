/**
 * The example bots' walkthrough in docs/bots.md, run as written: each example bot in
 * examples/ is started as its own process with only SLASHBENCH_URL and BOT_TOKEN set, and
 * the simulated client invokes the /hello it registered and sees its answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientSession, fromInteraction, indexed } from '../helpers/client-session.js';
import { EXAMPLE, startedRegistry, type ListeningRegistry } from '../helpers/listening-registry.js';
import { REPO_ROOT } from '../helpers/registry-process.js';

let registry: ListeningRegistry | undefined;
let bot: ChildProcess | undefined;
let alice: ClientSession | undefined;

afterEach(async () => {
  await alice?.close();
  if (bot && bot.exitCode === null) {
    bot.kill();
    await once(bot, 'exit');
  }
  await registry?.close();
  alice = bot = registry = undefined;
});

/** Starts `examples/<file>` against `url` and resolves once it prints its `ready:` line. */
async function startExample(file: string, url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'examples', file)], {
    env: { ...process.env, SLASHBENCH_URL: url, BOT_TOKEN: EXAMPLE.app.token, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`${file} exited with ${String(code)} before it was ready`);
  });
  const ready = (async () => {
    for await (const line of lines) if (line.startsWith('ready:')) return;
  })();
  await Promise.race([ready, exited]);
  return child;
}

async function greet(url: string): Promise<string> {
  alice = await ClientSession.open(url, EXAMPLE.alice.token);
  const hello = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'hello');
  const response = await alice.invoke(hello, {
    guildId: EXAMPLE.guild, channelId: EXAMPLE.general, nonce: 'hello-1', options: [{ name: 'name', type: 3, value: 'README' }],
  });
  expect(response.status, await response.text()).toBe(204);
  const id = (await alice.event('INTERACTION_CREATE', (data) => data.nonce === 'hello-1')).d.id as string;
  return (await alice.event('MESSAGE_CREATE', fromInteraction(id))).d.content as string;
}

describe('the example bots of the README', () => {
  it('examples/hello-bot.mjs (discord.js over the gateway) answers /hello', async () => {
    registry = await startedRegistry();
    bot = await startExample('hello-bot.mjs', registry.url);
    expect(await greet(registry.url)).toBe('Hello, README!');
  });

  it('examples/hello-http-bot.mjs (an interactions endpoint with discord-interactions) answers /hello', async () => {
    registry = await startedRegistry();
    bot = await startExample('hello-http-bot.mjs', registry.url);
    expect(await greet(registry.url)).toBe('Hello, README!');
  });
});
