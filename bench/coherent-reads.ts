/**
 * Command reads of two registries side by side, with their caches proven coherent: the list
 * of an app's 100 commands read under load (autocannon) from each registry's `from` process,
 * rounds alternating. Before each round the list is changed through the registry's `through`
 * process (the same one, or another process of a team) and the first read from `from` must
 * show the change, or the run is broken: the caches are measured working, not switched off.
 */
import type { Child } from './cli-process.js';
import type { ThroughputOptions } from './command-reads.js';
import { typicalCommand } from './commands.js';
import { requestsPerSecond } from './load.js';
import { api, BrokenRun } from './registry.js';
import type { BenchApp, BenchWorld } from './world.js';

export interface Side {
  /** Where the list is changed. */
  through: Child;
  /** Where it is read. */
  from: Child;
}

/** Both registries must have loaded `world`; answers each side's requests per second over all its rounds. */
export async function coherentReads(
  world: BenchWorld, sides: { label: string; subject: Side; baseline: Side }, options: ThroughputOptions,
): Promise<{ subject: number; baseline: number }> {
  const app = world.apps[0] as BenchApp;
  const authorization = `Bot ${app.botToken}`;
  const path = `/applications/${app.id}/commands`;
  const commands = Array.from({ length: 100 }, (_, index) => typicalCommand(index));
  for (const side of [sides.subject, sides.baseline]) await api(side.through.url, { method: 'PUT', path, authorization, body: commands });

  const changeAndCheck = async (side: Side, round: number) => {
    const description = `Changed before round ${round}`;
    const listed = await api<Array<{ id: string; name: string }>>(side.through.url, { method: 'GET', path, authorization });
    const first = listed.find((command) => command.name === 'bench-0');
    if (!first) throw new BrokenRun('bench-0 is missing from the list');
    await api(side.through.url, { method: 'PATCH', path: `${path}/${first.id}`, authorization, body: { description } });
    const seen = await api<Array<{ name: string; description: string }>>(side.from.url, { method: 'GET', path, authorization });
    if (seen.find((command) => command.name === 'bench-0')?.description !== description) {
      throw new BrokenRun(`${sides.label}: a registry answered the old list after a change: its caches are not coherent`);
    }
  };

  const load = { connections: options.connections, durationSeconds: options.durationSeconds, headers: { authorization } };
  const url = (side: Side) => `${side.from.url}/api/v10${path}`;
  // Unmeasured first runs: the JIT, connection pools and caches warm up.
  await requestsPerSecond(url(sides.baseline), { ...load, durationSeconds: 2 });
  await requestsPerSecond(url(sides.subject), { ...load, durationSeconds: 2 });
  const rates = { subject: [] as number[], baseline: [] as number[] };
  for (let round = 0; round < options.rounds; round++) {
    await changeAndCheck(sides.baseline, round);
    rates.baseline.push(await requestsPerSecond(url(sides.baseline), load));
    await changeAndCheck(sides.subject, round);
    rates.subject.push(await requestsPerSecond(url(sides.subject), load));
    options.progress(`${sides.label}: round ${round + 1}/${options.rounds}: ${Math.round(rates.subject.at(-1) ?? 0)} vs ${Math.round(rates.baseline.at(-1) ?? 0)} req/s`);
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return { subject: mean(rates.subject), baseline: mean(rates.baseline) };
}
