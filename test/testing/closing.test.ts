/**
 * A bench closes without waiting for keep-alive connections, and `slashbench replay` whose
 * bot dies before it is ready says why and exits (issue 33: it printed the reason, then
 * waited some 70 s for the connection its own wait for the bot had used). The CLI is the
 * built one (`npm run build:registry`), as a user runs it.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import { demoWorld } from '../../src/registry/world/demo-world.js';
import type { ScenarioFile } from '../../src/shared/scenario/scenario-file.js';
import { startBench } from '../../src/testing/index.js';
import { connectionClosed, keepAliveGet } from '../helpers/keep-alive.js';
import { REPO_ROOT } from '../helpers/registry-process.js';

const CLI = join(REPO_ROOT, 'out', 'node', 'testing', 'cli', 'slashbench.js');

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'slashbench-closing-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A scenario of one `/ping` in the demo world, whose bot the replay waits for. */
function pingScenario(): ScenarioFile {
  const world = demoWorld(createSnowflakeGenerator(Date.now));
  const [app, user, guild] = [world.applications[0], world.users[0], world.guilds[0]];
  const channel = guild?.channels[0];
  if (!app || !user || !channel) throw new Error('the demo world lost its app, person or channel');
  return {
    slashbench_scenario: 2, name: 'ping', recorded_at: new Date().toISOString(), application: app.id, world,
    steps: [{
      id: 's1', label: '/ping', user: user.id, action: { action: 'command', channel: channel.id, name: 'ping', options: [] },
      expect: { status: 'succeeded', response_type: 4, failure: null, reply: null, follow_ups: [], modal: null, choices: null },
    }],
  };
}

describe('closing', () => {
  it('ends a bench\'s idle keep-alive connection at once', async () => {
    const bench = await startBench();
    const answer = await keepAliveGet(`${bench.api}/gateway`);
    expect(answer.headers.connection).toBe('keep-alive');
    const closed = connectionClosed(answer.socket);
    await bench.close();
    await closed;
  });

  it('lets `slashbench replay` exit, with the reason, when its bot dies before it is ready', async () => {
    const scenario = join(work, 'ping.json');
    await writeFile(scenario, JSON.stringify(pingScenario()));
    const replay = spawn(process.execPath, [CLI, 'replay', scenario, '--port', '0', '--bot', `"${process.execPath}" -e "process.exit(3)"`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    replay.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code] = await once(replay, 'exit');
    expect(code).toBe(2);
    expect(stderr).toMatch(/slashbench replay: the bot \(.*\) exited with 3 before it was ready/);
  });
});
