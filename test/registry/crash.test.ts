/**
 * SIGKILL in the middle of bulk overwrites: after a restart on the same data directory the
 * command list must be exactly one of the lists sent (never half of one), and no overwrite
 * the server acknowledged with 200 may be lost.
 *
 * Every list has the same 20 names (so only the first one counts against the 200 daily
 * creates; the others match by name and are updates), and list k is recognizable whole by
 * its descriptions `list k #i`. Several sequential pipelines keep overwrites in flight; k
 * is taken from one counter when a request is sent, so k orders the sends.
 *
 * What "lost" means under concurrency: requests on different connections may be processed
 * in any order, so the highest acknowledged k need not be the final one. What must hold is
 * that the final list W was processed no earlier than any acknowledged write X; the client
 * can refute that only when X was sent after W's acknowledgement arrived (then X was
 * processed after W). One event clock orders sends and acknowledgements to check it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import {
  cleanupRegistryProcesses, EXAMPLE_WORLD, startRegistryProcess, type RegistryProcess,
} from '../helpers/registry-process.js';

const CYCLES = 10;
const PIPELINES = 6;
const NAMES = Array.from({ length: 20 }, (_, index) => `cmd-${String(index).padStart(2, '0')}`);

const world = JSON.parse(readFileSync(EXAMPLE_WORLD, 'utf8')) as {
  applications: Array<{ id: string; bot_token: string; flags?: number }>;
};
// The plain bot: an EMBEDDED app's entry point would have to be in every list.
const bot = world.applications.find((app) => ((app.flags ?? 0) & (1 << 17)) === 0)!;

interface Write {
  k: number;
  /** Event clock when the request was sent. */
  sentAt: number;
  /** Event clock when its 200 arrived, or when a read after a restart first showed it. */
  ackedAt?: number;
  /** HTTP status, when a response arrived at all. */
  status?: number;
}

const writes = new Map<number, Write>();
let clock = 0;
let nextK = 0;

afterAll(cleanupRegistryProcesses);

function commandList(k: number): unknown[] {
  return NAMES.map((name, index) => ({
    name,
    description: `list ${k} #${index}`,
    options: [{ type: 3, name: 'text', description: `text of list ${k}`, required: index % 2 === 0 }],
  }));
}

function commandsUrl(registry: RegistryProcess): string {
  return `${registry.url}/api/v10/applications/${bot.id}/commands`;
}

const headers = { Authorization: `Bot ${bot.bot_token}`, 'Content-Type': 'application/json' };

function send(registry: RegistryProcess): { write: Write; response: Promise<Response> } {
  const write: Write = { k: nextK++, sentAt: ++clock };
  writes.set(write.k, write);
  const response = fetch(commandsUrl(registry), { method: 'PUT', headers, body: JSON.stringify(commandList(write.k)) });
  return { write, response };
}

/** Keeps PIPELINES overwrites in flight and SIGKILLs the server when the event clock reaches `killAt`. */
async function overwriteUntilKilled(registry: RegistryProcess, killAt: number): Promise<void> {
  let killed: ReturnType<RegistryProcess['kill']> | undefined;
  const killWhenDue = () => {
    if (!killed && clock >= killAt) killed = registry.kill('SIGKILL');
  };
  const pipeline = async () => {
    while (!killed) {
      const { write, response } = send(registry);
      killWhenDue();
      try {
        const answer = await response;
        write.status = answer.status;
        if (answer.status === 200) write.ackedAt = ++clock;
        killWhenDue();
        await answer.arrayBuffer().catch(() => undefined);
      } catch {
        // No response: the server died with this request in flight.
      }
    }
  };
  await Promise.all(Array.from({ length: PIPELINES }, pipeline));
  expect(await killed).toEqual({ code: null, signal: 'SIGKILL' });
}

async function listCommands(registry: RegistryProcess): Promise<Array<{ id: string; name: string; description: string }>> {
  const response = await fetch(commandsUrl(registry), { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as Array<{ id: string; name: string; description: string }>;
}

/** The one list `commands` is, checked whole, and marked as durable from now on. */
function checkList(commands: Array<{ id: string; name: string; description: string }>, ids: string[]): Write {
  expect(commands.map((command) => command.name).sort()).toEqual(NAMES);
  expect(commands.map((command) => command.id).sort()).toEqual(ids);
  const lists = new Set(commands.map((command) => /^list (\d+) #\d+$/.exec(command.description)?.[1]));
  expect([...lists], 'every command of the list comes from the same overwrite').toHaveLength(1);
  const k = Number([...lists][0]);
  const final = writes.get(k);
  expect(final, `list ${k} was sent`).toBeDefined();
  expect(final!.status === undefined || final!.status === 200, `list ${k} was not refused`).toBe(true);

  const acknowledged = [...writes.values()].filter((write) => write.ackedAt !== undefined);
  const lastAcknowledgedSend = Math.max(...acknowledged.map((write) => write.sentAt));
  if (final!.ackedAt !== undefined) {
    // Every acknowledged write was sent before the final list's acknowledgement arrived.
    expect(lastAcknowledgedSend, `list ${k} outlived an acknowledged later write`).toBeLessThan(final!.ackedAt);
  } else {
    final!.ackedAt = ++clock;
  }
  return final!;
}

it(`loses no acknowledged bulk overwrite and never half of one across ${CYCLES} SIGKILLs`, async () => {
  let registry = await startRegistryProcess({ args: ['--world', EXAMPLE_WORLD, '--route-limit', '100000'] });
  const { dataDirectory } = registry;

  // List 0, sent alone: it creates the 20 names whose ids every later list keeps.
  const first = send(registry);
  const seeded = await first.response;
  expect(seeded.status).toBe(200);
  first.write.status = 200;
  first.write.ackedAt = ++clock;
  const ids = ((await seeded.json()) as Array<{ id: string }>).map((command) => command.id).sort();
  expect(ids).toHaveLength(NAMES.length);

  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const firstK = nextK;
    // At least 2 * PIPELINES + 8 events: every pipeline has sent, and at least 4 overwrites were acknowledged.
    const killAt = clock + 2 * PIPELINES + 8 + Math.floor(Math.random() * 60);
    await overwriteUntilKilled(registry, killAt);

    const sent = [...writes.values()].filter((write) => write.k >= firstK);
    expect(sent.filter((write) => write.status !== undefined && write.status !== 200), 'only 200s were answered').toEqual([]);
    expect(sent.filter((write) => write.status === 200).length).toBeGreaterThan(0);

    registry = await startRegistryProcess({ dataDirectory });
    checkList(await listCommands(registry), ids);
  }
  await registry.stop();
});
