/**
 * Benchmark 6, memory: the resident set (VmRSS in /proc/<pid>/status) of the registry CLI
 * as its own process, loaded with 100 apps of 100 commands and 50 gateway sessions
 * connected (25 bots, 25 people's clients), against the same program idle on an empty store.
 * The CLI is the one compiled with the benchmarks, from the same sources, started with
 * `npm run serve`'s Node flags (cli-process.ts). Issue 34's target: at most 120 MB.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startCli, type Child } from './cli-process.js';
import { typicalCommand } from './commands.js';
import { GatewaySession } from './gateway-session.js';
import { api } from './registry.js';
import { median } from './stats.js';
import type { Row } from './table.js';
import { benchWorld } from './world.js';

const APPS = 100;
const COMMANDS = 100;
const BOT_SESSIONS = 25;
const CLIENT_SESSIONS = 25;

async function residentMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kilobytes) / 1024;
}

/**
 * The settled resident set: after a pause for the garbage collector and timers to catch up,
 * the median of five readings 200 ms apart (a reading, not a test: no deadline is enforced).
 */
async function settledResident(pid: number): Promise<number> {
  await sleep(2000);
  const readings: number[] = [];
  for (let reading = 0; reading < 5; reading++) {
    readings.push(await residentMegabytes(pid));
    await sleep(200);
  }
  return median(readings);
}

export async function benchMemory(progress: (message: string) => void): Promise<Row[]> {
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-bench-memory-'));
  const sessions: GatewaySession[] = [];
  let child: Child | undefined;
  try {
    child = await startCli(join(directory, 'idle'), { users: [], applications: [], guilds: [] });
    const idle = await settledResident(child.process.pid as number);
    await child.stop();
    progress(`memory: idle ${idle.toFixed(1)} MB`);

    const world = benchWorld({ appCount: APPS, memberCount: CLIENT_SESSIONS });
    child = await startCli(join(directory, 'loaded'), world.file);
    const { url } = child;
    for (const app of world.apps) {
      await api(url, {
        method: 'PUT', path: `/applications/${app.id}/commands`, authorization: `Bot ${app.botToken}`,
        body: Array.from({ length: COMMANDS }, (_, index) => typicalCommand(index)),
      });
    }
    // Every app's list read once, as bots do at start.
    for (const app of world.apps) await api(url, { method: 'GET', path: `/applications/${app.id}/commands`, authorization: `Bot ${app.botToken}` });
    for (const app of world.apps.slice(0, BOT_SESSIONS)) sessions.push(await GatewaySession.open(url, app.botToken));
    for (const member of world.guild.members.slice(0, CLIENT_SESSIONS)) sessions.push(await GatewaySession.open(url, member.token));
    const loaded = await settledResident(child.process.pid as number);
    progress(`memory: loaded ${loaded.toFixed(1)} MB`);
    return [{
      benchmark: `6 memory (${APPS} apps x ${COMMANDS}, ${sessions.length} sessions)`, figure: 'RSS', unit: 'MB',
      value: loaded, baseline: idle, baselineName: 'same CLI idle, empty store', target: { comparison: 'at most', absolute: 120 },
    }];
  } finally {
    for (const session of sessions) await session.close().catch(() => undefined);
    await child?.stop();
    await rm(directory, { recursive: true, force: true });
  }
}
