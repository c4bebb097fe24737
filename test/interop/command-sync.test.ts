/**
 * Frameworks that compare the commands they would register with what the service answers
 * (command-sync/README.md): each bot starts twice against one registry. The first start
 * registers; on the second the registry's answer must equal what the framework would send,
 * so it writes nothing: no PUT, POST, PATCH or DELETE of a command. A subcommand without
 * options and a group are in every set, since a registry answering `options: []` for such a
 * subcommand (the service omits the key) made these frameworks re-register on every start.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { REPO_ROOT } from '../helpers/registry-process.js';

interface Framework {
  library: string;
  script: string;
  /** The scopes the framework syncs: its global set, and the guild set where it compares that too. */
  scopes: Array<'global' | 'guild'>;
}

const FRAMEWORKS: Framework[] = [
  { library: 'slash-create 7 (syncCommands)', script: 'slash-create.mjs', scopes: ['global', 'guild'] },
  { library: '@buape/carbon (deploy in reconcile mode)', script: 'carbon.mjs', scopes: ['global'] },
  { library: 'detritus-client 0.17 (InteractionCommandClient.run)', script: 'detritus.mjs', scopes: ['global', 'guild'] },
  { library: 'discord.js 14 (ApplicationCommand#equals before commands.set)', script: 'discordjs.mjs', scopes: ['global', 'guild'] },
  { library: 'seyfert 5 (uploadCommands with a cachePath)', script: 'seyfert.mjs', scopes: ['global', 'guild'] },
];

const COMMAND_ROUTE = /^\/api\/v\d+\/applications\/:applicationId(\/guilds\/:guildId)?\/commands(\/:commandId)?$/;

interface Ended {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One start of the bot: the script run to its end (the test's own timeout bounds it). */
function start(script: string, env: Record<string, string>): Promise<Ended> {
  const path = fileURLToPath(new URL(`./command-sync/${script}`, import.meta.url));
  const child = spawn(process.execPath, [path], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe.each(FRAMEWORKS)('$library', (framework) => {
  let registry: ListeningRegistry;
  /** Every write to a command route the registry answered: `METHOD route status`. */
  const writes: string[] = [];
  let env: Record<string, string>;
  let cacheDirectory: string | undefined;
  const bot$ = async (path: string) => (await fetch(`${registry.url}/api/v10${path}`, { headers: { authorization: `Bot ${EXAMPLE.app.token}` } })).json();

  beforeAll(async () => {
    registry = await builtRegistry({}, (app: FastifyInstance) => {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? request.url;
        if (request.method !== 'GET' && COMMAND_ROUTE.test(route)) writes.push(`${request.method} ${route} ${reply.statusCode}`);
      });
    });
    const application = (await bot$('/applications/@me')) as { verify_key: string };
    // Kept from one start to the next, for a framework that remembers its last upload in a file.
    cacheDirectory = await mkdtemp(join(tmpdir(), 'slashbench-command-sync-'));
    env = {
      SLASHBENCH_URL: registry.url, BOT_TOKEN: EXAMPLE.app.token, APPLICATION_ID: EXAMPLE.app.id,
      PUBLIC_KEY: application.verify_key, GUILD_ID: EXAMPLE.guild, CACHE_DIRECTORY: cacheDirectory,
    };
  });

  afterAll(async () => {
    await registry?.close();
    if (cacheDirectory) await rm(cacheDirectory, { recursive: true, force: true });
  });

  it('registers on its first start, and writes nothing on its second', async () => {
    const first = await start(framework.script, env);
    expect(first.stdout, first.stderr).toMatch(/^SYNCED$/m);
    expect(writes.length, 'the first start registered nothing').toBeGreaterThan(0);
    expect(writes.every((write) => / 20[01]$/.test(write)), writes.join('\n')).toBe(true);

    writes.length = 0;
    const second = await start(framework.script, env);
    expect(second.stdout, second.stderr).toMatch(/^SYNCED$/m);
    expect(writes).toEqual([]);
  });

  it('left the subcommands without options answered without an options key', async () => {
    const global = (await bot$(`/applications/${EXAMPLE.app.id}/commands?with_localizations=true`)) as Array<{ name: string; options?: Array<{ name: string; options?: unknown[] }> }>;
    const lamp = global.find((command) => command.name === 'lamp');
    expect(lamp?.options?.map((option) => [option.name, Object.hasOwn(option, 'options')])).toEqual([['off', false], ['dim', true], ['timer', true]]);
    if (!framework.scopes.includes('guild')) return;
    const guild = (await bot$(`/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`)) as Array<{ name: string; options?: object[] }>;
    expect(guild.find((command) => command.name === 'admin')?.options).toEqual([{ type: 1, name: 'reload', description: 'Reloads the settings' }]);
  });
});
