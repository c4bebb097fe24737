/**
 * Several registry processes on one PostgreSQL database are one registry (issue 22): what
 * one process wrote, another answers at once, warm caches or not; the caps and upserts
 * hold across processes; an interaction invoked on one process reaches a bot connected to
 * another, whose answers may land anywhere; and a process killed in the middle of a bulk
 * overwrite leaves all of it or none. Real processes (the built CLI) on a real server.
 */
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ClientSession, fromInteraction, indexed, type IndexedCommand } from '../helpers/client-session.js';
import { EXAMPLE } from '../helpers/listening-registry.js';
import { cleanupRegistryProcesses, EXAMPLE_WORLD } from '../helpers/registry-process.js';
import { readWorldFile } from '../../src/registry/start.js';
import { signatureCheckingBot, startBotServer, type BotServer } from '../helpers/bot-server.js';
import { startTeam, stopTeamServer } from '../helpers/team.js';

afterEach(async () => {
  await cleanupRegistryProcesses();
});
afterAll(async () => {
  await stopTeamServer();
});

const COMMANDS = `/api/v10/applications/${EXAMPLE.app.id}/commands`;
const asBot = { authorization: `Bot ${EXAMPLE.app.token}`, 'content-type': 'application/json' };

async function call(base: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base}${path}`, { method, headers: asBot, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) as unknown };
}

const names = async (base: string) => ((await call(base, 'GET', COMMANDS)).body as Array<{ name: string }>).map((command) => command.name).sort();

describe('a team registry: two processes on one PostgreSQL database', () => {
  it('answers on one process what the other wrote just before, with warm caches', async () => {
    const { processes: [a, b] } = await startTeam(2);
    expect(await names(a!.url)).toEqual([]);
    const index = async (base: string) => {
      const response = await fetch(`${base}/api/v10/guilds/${EXAMPLE.guild}/application-command-index?channel_id=${EXAMPLE.general}`, {
        headers: { authorization: EXAMPLE.alice.token },
      });
      // The guild's other apps have commands of their own (an Activity's Launch): the Example Bot's only.
      const { application_commands: commands } = (await response.json()) as { application_commands: Array<{ name: string; application_id: string }> };
      return commands.filter((command) => command.application_id === EXAMPLE.app.id).map((command) => command.name).sort();
    };
    expect(await index(a!.url)).toEqual([]);
    for (const round of [['alpha', 'beta'], ['gamma'], ['alpha', 'delta', 'omega']]) {
      const put = await call(b!.url, 'PUT', COMMANDS, round.map((name) => ({ name, description: `The ${name} command` })));
      expect(put.status).toBe(200);
      // At once, no waiting: A's caches were warm and must not answer the old list.
      expect(await names(a!.url)).toEqual([...round].sort());
      expect(await index(a!.url)).toEqual([...round].sort());
    }
  });

  it('delivers an invocation on one process only once it has heard what the other committed before it', async () => {
    const { url, processes: [a, b] } = await startTeam(2);
    const alice = await ClientSession.open(b!.url, EXAMPLE.alice.token);
    const server = new pg.Client({ connectionString: url });
    await server.connect();
    // Catching up is a round trip on the process's listening connection, the empty statement (postgres-feed.ts): the server shows when it came last.
    const lastCatchUp = async () => (await server.query<{ at: Date | null }>(
      "SELECT max(query_start) AS at FROM pg_stat_activity WHERE datname = current_database() AND query = ''",
    )).rows[0]?.at?.getTime() ?? 0;
    try {
      const where = { guildId: EXAMPLE.guild, channelId: EXAMPLE.general };
      let previous: IndexedCommand | undefined;
      for (const round of [1, 2, 3]) {
        // A's overwrite removes the last round's command, which B has just delivered (its standing kept).
        const put = await call(a!.url, 'PUT', `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`, [{ name: `round-${round}`, description: 'Replaced each round' }]);
        expect(put.status).toBe(200);
        const before = await lastCatchUp();
        if (previous) expect((await alice.invoke(previous, { ...where, nonce: `old-${round}` })).status).toBe(404);
        const [command] = put.body as IndexedCommand[];
        expect((await alice.invoke(command!, { ...where, nonce: `new-${round}` })).status).toBe(204);
        expect(await lastCatchUp()).toBeGreaterThan(before);
        previous = command;
      }
    } finally {
      await server.end();
      await alice.close();
    }
  });

  it('upserts one name once when both processes create it at the same time', async () => {
    const { processes } = await startTeam(2);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, index) =>
      call(processes[index % 2]!.url, 'POST', COMMANDS, { name: 'same', description: `Attempt ${index}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    const stored = (await call(processes[0]!.url, 'GET', COMMANDS)).body as Array<{ name: string; id: string }>;
    expect(stored.map((command) => command.name)).toEqual(['same']);
    expect(new Set(answers.map((answer) => (answer.body as { id: string }).id))).toEqual(new Set([stored[0]!.id]));
  });

  it('creates exactly 100 commands of 120 sent at once to both processes', async () => {
    // Route buckets are each process's own (docs/team-registry.md): room for the whole burst.
    const { processes } = await startTeam(2, ['--route-limit', '100000']);
    const answers = await Promise.all(Array.from({ length: 120 }, (_, index) =>
      call(processes[index % 2]!.url, 'POST', COMMANDS, { name: `c${index}`, description: 'One of many' })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(100);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(20);
    for (const answer of refused) expect(answer).toEqual({ status: 400, body: { code: 30032, message: 'Maximum number of application commands reached (100)' } });
    expect(await names(processes[1]!.url)).toHaveLength(100);
  });

  it('a discord.js bot connected to B answers a command a person invokes on A, and A hears the answer', async () => {
    const { processes: [a, b] } = await startTeam(2);
    const bot = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: `${b!.url}/api` } });
    bot.on(Events.InteractionCreate, (interaction) => {
      if (interaction.isChatInputCommand()) void interaction.reply(`Hello from B, ${interaction.user.username}!`);
    });
    const ready = once(bot, Events.ClientReady);
    await bot.login(EXAMPLE.app.token);
    await ready;
    try {
      await bot.application!.commands.create({ name: 'hello', description: 'Says hello' }, EXAMPLE.guild);
      const alice = await ClientSession.open(a!.url, EXAMPLE.alice.token);
      try {
        const hello = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'hello');
        const invoked = await alice.invoke(hello, { guildId: EXAMPLE.guild, channelId: EXAMPLE.general, nonce: 'team-1' });
        expect(invoked.status).toBe(204);
        const id = (await alice.event('INTERACTION_CREATE', (data) => data.nonce === 'team-1')).d.id as string;
        expect((await alice.event('MESSAGE_CREATE', fromInteraction(id))).d).toMatchObject({ content: 'Hello from B, alice!' });
        expect((await alice.event('INTERACTION_SUCCESS', (data) => data.id === id)).d).toMatchObject({ id });
      } finally {
        await alice.close();
      }
    } finally {
      await bot.destroy();
    }
  });

  it('leaves all of a bulk overwrite or none when its process is killed in the middle', async () => {
    const { url, processes: [a, b] } = await startTeam(2);
    const version = (tag: string) => Array.from({ length: 100 }, (_, index) => ({
      name: `${tag}${index}`, description: 'x'.repeat(90),
      options: Array.from({ length: 20 }, (__, option) => ({ type: 3, name: `o${option}`, description: 'y'.repeat(90) })),
    }));
    const old = version('old');
    expect((await call(b!.url, 'PUT', COMMANDS, old)).status).toBe(200);
    // Hold the 51st of the old commands: A's overwrite deletes them in id order, so it stops
    // there with 50 deleted and nothing written yet, in the middle of its work.
    const holder = new pg.Client({ connectionString: url });
    // Another connection watches: a transaction's view of pg_stat_activity stays as it first read it.
    const watcher = new pg.Client({ connectionString: url });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('BEGIN');
      // Found first and locked alone: FOR UPDATE beside OFFSET would lock the 50 rows skipped too.
      const { rows: [held] } = await holder.query<{ id: string }>(
        "SELECT id FROM commands WHERE application_id = $1 AND scope = '' ORDER BY id OFFSET 50 LIMIT 1", [EXAMPLE.app.id],
      );
      expect((await holder.query('SELECT id FROM commands WHERE id = $1 FOR UPDATE', [held!.id])).rowCount).toBe(1);
      const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const request = call(a!.url, 'PUT', COMMANDS, version('new')).catch(() => undefined);
      // The event itself: A's statement waiting on the held row.
      const blocked = async () => (await watcher.query<{ pid: number; query: string; application_name: string }>(
        'SELECT pid, query, application_name FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [holderPid],
      )).rows;
      let waiting = await blocked();
      while (waiting.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        waiting = await blocked();
      }
      // Inside the write: one of the registry's connections, deleting the held command.
      expect(waiting).toHaveLength(1);
      expect(waiting[0]!.application_name).toMatch(/^slashbench:/);
      expect(waiting[0]!.query).toBe('DELETE FROM commands WHERE id = $1');
      expect(await blocked()).toEqual(waiting);
      await a!.kill('SIGKILL');
      await request;
      await holder.query('ROLLBACK');
      // A's connection ends once the server finds its client gone; whatever it held ends with it, uncommitted.
      while ((await watcher.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [waiting[0]!.pid])).rowCount !== 0) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await holder.end();
      await watcher.end();
    }
    // None of it: the old list, whole.
    expect(await names(b!.url)).toEqual(old.map((command) => command.name).sort());
  });

  it('an HTTP bot answers an interaction invoked on A through B, follows up through A and edits through B', async () => {
    const { processes: [a, b] } = await startTeam(2);
    const application = (await call(a!.url, 'GET', '/api/v10/applications/@me')).body as { verify_key: string };
    const answered: Array<Promise<unknown>> = [];
    const bot: BotServer = await startBotServer(signatureCheckingBot(application.verify_key, (request, response) => {
      const interaction = JSON.parse(request.body) as { id: string; token: string };
      response.writeHead(202).end();
      const webhook = `/api/v10/webhooks/${EXAMPLE.app.id}/${interaction.token}`;
      answered.push((async () => {
        const steps = [
          await call(b!.url, 'POST', `/api/v10/interactions/${interaction.id}/${interaction.token}/callback`, { type: 4, data: { content: 'first, through B' } }),
          await call(a!.url, 'POST', webhook, { content: 'a follow-up, through A' }),
          await call(b!.url, 'PATCH', `${webhook}/messages/@original`, { content: 'first, edited through B' }),
          // A second first answer is the second one, whichever process it reaches.
          await call(a!.url, 'POST', `/api/v10/interactions/${interaction.id}/${interaction.token}/callback`, { type: 4, data: { content: 'again' } }),
        ];
        return steps.map((step) => step.status);
      })());
    }));
    try {
      const saved = await call(a!.url, 'PATCH', '/api/v10/applications/@me', { interactions_endpoint_url: bot.url });
      expect(saved.status).toBe(200);
      await call(a!.url, 'POST', `/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`, { name: 'relay', description: 'Answers on another process' });
      const alice = await ClientSession.open(a!.url, EXAMPLE.alice.token);
      try {
        const relay = indexed(await alice.index(EXAMPLE.guild, EXAMPLE.general), 'relay');
        expect((await alice.invoke(relay, { guildId: EXAMPLE.guild, channelId: EXAMPLE.general, nonce: 'http-1' })).status).toBe(204);
        const id = (await alice.event('INTERACTION_CREATE', (data) => data.nonce === 'http-1')).d.id as string;
        const original = (await alice.event('MESSAGE_CREATE', (data) => fromInteraction(id)(data) && data.content === 'first, through B')).d;
        expect((await alice.event('MESSAGE_CREATE', (data) => fromInteraction(id)(data) && data.content === 'a follow-up, through A')).d)
          .toMatchObject({ type: 0, interaction_metadata: { id, original_response_message_id: original.id } });
        expect((await alice.event('MESSAGE_UPDATE', (data) => data.id === original.id)).d).toMatchObject({ content: 'first, edited through B' });
        expect(await answered[0]).toEqual([204, 200, 200, 400]);
      } finally {
        await alice.close();
      }
    } finally {
      await bot.close();
    }
  });

  it('redeems an OAuth2 code once, whichever processes the two exchanges reach', async () => {
    const { processes: [a, b] } = await startTeam(2);
    // The example world's confidential client with a registered redirect: its Activity app.
    const app = readWorldFile(EXAMPLE_WORLD).applications.find((entry) => entry.name === 'Example Activity')!;
    const redirect = app.redirect_uris![0]!;
    const authorize = await fetch(`${a!.url}/api/v10/oauth2/authorize?client_id=${app.id}&response_type=code&scope=identify&redirect_uri=${encodeURIComponent(redirect)}`, {
      method: 'POST', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' }, body: JSON.stringify({ authorize: true }),
    });
    expect(authorize.status).toBe(200);
    const code = new URL(((await authorize.json()) as { location: string }).location).searchParams.get('code')!;
    const exchange = (base: string) => fetch(`${base}/api/v10/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${app.id}:${app.client_secret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect }),
    }).then((response) => response.status);
    const statuses = await Promise.all([exchange(a!.url), exchange(b!.url)]);
    expect(statuses.sort()).toEqual([200, 400]);
  });

  it('counts the day\'s 200 creates once for the whole team', async () => {
    const { processes } = await startTeam(2, ['--route-limit', '100000']);
    // 200 new commands a day per scope: 100 through A, then 100 others replacing them through B.
    for (let round = 0; round < 2; round += 1) {
      const put = await call(processes[round]!.url, 'PUT', COMMANDS, Array.from({ length: 100 }, (_, index) => ({ name: `r${round}c${index}`, description: 'Counted' })));
      expect(put.status).toBe(200);
    }
    // Room under the 100 cap, but not in the day's budget.
    const [first] = (await call(processes[1]!.url, 'GET', COMMANDS)).body as Array<{ id: string }>;
    expect((await call(processes[1]!.url, 'DELETE', `${COMMANDS}/${first!.id}`)).status).toBe(204);
    const over = await call(processes[0]!.url, 'POST', COMMANDS, { name: 'one-more', description: 'Past the limit' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 30034 });
  });
});
