/**
 * A team registry when things go wrong: the database restarts under load (requests answer
 * 503 with a body that says what happened, never hang or show a stack, and every process
 * reconnects by itself), an unreachable database at start (one line naming host and port,
 * never the password, and a non-zero exit), a database whose schema is newer than this
 * Slashbench (refused, untouched), and a bot resuming on another process (told to identify
 * again, op 9 with `d: false`, as the service does when it cannot resume).
 */
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../src/registry/free-port.js';
import { GatewayClient } from '../helpers/gateway-client.js';
import { EXAMPLE } from '../helpers/listening-registry.js';
import { cleanupRegistryProcesses, EXAMPLE_WORLD, runRegistryToExit, startRegistryProcess } from '../helpers/registry-process.js';
import { startTeam, stopTeamServer, teamServer } from '../helpers/team.js';

afterEach(async () => {
  await cleanupRegistryProcesses();
});
afterAll(async () => {
  await stopTeamServer();
});

const COMMANDS = `/api/v10/applications/${EXAMPLE.app.id}/commands`;

async function read(base: string): Promise<{ status: number; body: { message?: string } | unknown[]; retryAfter: string | null }> {
  const response = await fetch(`${base}${COMMANDS}`, { headers: { authorization: `Bot ${EXAMPLE.app.token}` } });
  return { status: response.status, body: (await response.json()) as { message?: string }, retryAfter: response.headers.get('retry-after') };
}

describe('a team registry whose database goes away', () => {
  it('answers 503 with a clear body while the database restarts, and serves again after, on every process', async () => {
    const { processes } = await startTeam(2);
    const server = await teamServer();
    let restarting = true;
    const answers: Array<Awaited<ReturnType<typeof read>>> = [];
    // Requests keep coming while the server stops and starts again.
    const load = Promise.all(processes.map(async (registry) => {
      while (restarting) answers.push(await read(registry.url));
    }));
    await server.restart();
    restarting = false;
    await load;
    expect(answers.some((answer) => answer.status === 503)).toBe(true);
    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer).toEqual({
        status: 503, retryAfter: '1',
        body: { code: 0, message: "503: Service Unavailable: the registry's database cannot be reached, so nothing was saved; try again in a moment" },
      });
    }
    // Each process reconnects by itself: a few requests at most until the pool has a live connection again.
    for (const registry of processes) {
      let answer = await read(registry.url);
      for (let attempt = 0; answer.status !== 200 && attempt < 50; attempt += 1) answer = await read(registry.url);
      expect(answer.status).toBe(200);
    }
    for (const registry of processes) expect(registry.stderr()).not.toMatch(/\n\s+at /);
  });

  it('says in one line which database it cannot reach at start, without the password, and exits 1', async () => {
    const port = await freePort();
    const result = await runRegistryToExit({ args: ['--database', `postgres://slashbench:s3cret-word@127.0.0.1:${port}/team`] });
    expect(result.listened).toBe(false);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^slashbench: cannot use the database at 127\\.0\\.0\\.1:${port}/team: ECONNREFUSED`));
    expect(result.stderr + result.stdout).not.toContain('s3cret-word');
  });

  it('refuses a database whose schema is newer than this Slashbench, and changes nothing in it', async () => {
    const { url, processes } = await startTeam(1);
    await processes[0]!.stop();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('UPDATE slashbench_schema SET version = 999');
      const result = await runRegistryToExit({ args: ['--database', url, '--world', EXAMPLE_WORLD] });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/schema is version 999, newer than this Slashbench knows \(\d+\).*nothing was changed/);
      expect((await client.query<{ version: number }>('SELECT version FROM slashbench_schema')).rows).toEqual([{ version: 999 }]);
    } finally {
      await client.end();
    }
  });
});

describe('a bot session across processes', () => {
  it('is told to identify again (op 9, d: false) when it resumes on a process that does not hold it', async () => {
    const { processes: [a, b] } = await startTeam(2);
    const gatewayOf = (base: string) => base.replace(/^http/, 'ws') + '/gateway';
    const first = await GatewayClient.open(gatewayOf(a!.url));
    await first.op(10);
    first.identify(EXAMPLE.app.token);
    const ready = await first.dispatch('READY');
    const sessionId = (ready.d as { session_id: string }).session_id;
    await first.close(4000);
    const second = await GatewayClient.open(gatewayOf(b!.url));
    try {
      await second.op(10);
      second.send({ op: 6, d: { token: EXAMPLE.app.token, session_id: sessionId, seq: ready.s } });
      expect(await second.op(9)).toMatchObject({ op: 9, d: false });
    } finally {
      await second.close();
    }
  });

  it('a process started on an existing database serves the world the first one loaded, and loads it again idempotently', async () => {
    const { url, processes: [first] } = await startTeam(1);
    const later = await startRegistryProcess({ args: ['--database', url, '--world', EXAMPLE_WORLD] });
    const [before, after] = await Promise.all([read(first!.url), read(later.url)]);
    expect(after).toEqual(before);
  });
});
