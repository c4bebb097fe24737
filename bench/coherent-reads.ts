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
import { loadRun, type LoadRun } from './load.js';
import { addStretches, machineStretch, readMachine, stretchText, type MachineStretch } from './machine-cpu.js';
import { api, BrokenRun } from './registry.js';
import type { BenchApp, BenchWorld } from './world.js';

export interface Side {
  /** Where the list is changed. */
  through: Child;
  /** Where it is read. */
  from: Child;
  /** The CPU time used so far (ms) by each process that serves the side's reads, by name (process-cpu.ts). */
  cpu?: Record<string, () => number | undefined>;
  /** The ids of the processes `cpu` reads, left out of the rest of the machine's work (machine-cpu.ts). */
  pids?: number[];
}

/**
 * A side's requests per second over all its rounds, each of its processes' CPU per read (µs)
 * in them, and what the rest of the machine did meanwhile, where `/proc` could be read.
 */
export interface SideReads {
  rate: number;
  cpuPerRead: Record<string, number>;
  machine?: string;
}

/** Both registries must have loaded `world`; answers what each side did over all its rounds. */
export async function coherentReads(
  world: BenchWorld, sides: { label: string; subject: Side; baseline: Side }, options: ThroughputOptions,
): Promise<{ subject: SideReads; baseline: SideReads }> {
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
  await loadRun(url(sides.baseline), { ...load, durationSeconds: 2 });
  await loadRun(url(sides.subject), { ...load, durationSeconds: 2 });
  const measured = { subject: new Measured(sides.subject), baseline: new Measured(sides.baseline) };
  for (let round = 0; round < options.rounds; round++) {
    await changeAndCheck(sides.baseline, round);
    const baseline = await measured.baseline.round(() => loadRun(url(sides.baseline), load));
    await changeAndCheck(sides.subject, round);
    const subject = await measured.subject.round(() => loadRun(url(sides.subject), load));
    options.progress(`${sides.label}: round ${round + 1}/${options.rounds}: ${Math.round(subject)} vs ${Math.round(baseline)} req/s`);
  }
  return { subject: measured.subject.reads(), baseline: measured.baseline.reads() };
}

/** A side's rounds: their rates, and its processes' CPU and the requests over all of them. */
class Measured {
  readonly #rates: number[] = [];
  readonly #cpuMs = new Map<string, number>();
  #machine: MachineStretch | undefined;
  #requests = 0;

  constructor(private readonly side: Side) {}

  /** One round under load; answers its rate. */
  async round(run: () => Promise<LoadRun>): Promise<number> {
    const clocks = Object.entries(this.side.cpu ?? {});
    const before = clocks.map(([, clock]) => clock());
    const machineBefore = readMachine();
    const done = await run();
    const machineAfter = readMachine();
    if (machineBefore && machineAfter) {
      const stretch = machineStretch(machineBefore, machineAfter, this.side.pids ?? []);
      this.#machine = this.#machine ? addStretches(this.#machine, stretch) : stretch;
    }
    clocks.forEach(([name, clock], index) => {
      const [from, to] = [before[index], clock()];
      if (from !== undefined && to !== undefined) this.#cpuMs.set(name, (this.#cpuMs.get(name) ?? 0) + to - from);
    });
    this.#requests += done.requests;
    const rate = done.requests / done.seconds;
    this.#rates.push(rate);
    return rate;
  }

  reads(): SideReads {
    const rate = this.#rates.reduce((sum, value) => sum + value, 0) / this.#rates.length;
    const cpuPerRead = Object.fromEntries([...this.#cpuMs].map(([name, ms]) => [name, (ms * 1000) / this.#requests]));
    return { rate, cpuPerRead, ...(this.#machine ? { machine: stretchText(this.#machine, this.#requests, 'read') } : {}) };
  }
}
