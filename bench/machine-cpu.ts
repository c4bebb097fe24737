/**
 * The whole machine's CPU over a stretch of a benchmark, from Linux's `/proc` (proc(5)):
 * the cores' time idle, stolen by the hypervisor for other guests (`steal`: a shared
 * machine's noise, measured), and each process's work, so a figure that differs between a
 * run alone and the full run can say what else ran beside it. Undefined where `/proc`
 * cannot be read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { MS_PER_TICK, statFields, ownMs } from './process-cpu.js';

/** One reading of the machine. */
export interface MachineReading {
  /** The cores' time in ms, summed over the cores, by state. */
  cores: { busy: number; idle: number; steal: number };
  /** Each process's name, parent and CPU time so far (ms), by id. */
  processes: Map<number, { name: string; parent: number; ms: number }>;
}

/** `/proc/stat`'s first line: user nice system idle iowait irq softirq steal (guest time is in user's). */
function coreTimes(): MachineReading['cores'] {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] as string)
    .trim().split(/\s+/).slice(1).map((ticks) => Number(ticks) * MS_PER_TICK) as number[];
  return { busy: (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0), idle: (idle ?? 0) + (iowait ?? 0), steal: steal ?? 0 };
}

/** A process's command name; for Node, with its script's (every registry, bot and load generator is `node`). */
function processName(pid: string, command: string): string {
  if (command !== 'node') return command;
  const script = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1).find((argument) => argument !== '' && !argument.startsWith('-'));
  return script === undefined ? command : `node ${basename(script)}`;
}

export function readMachine(): MachineReading | undefined {
  try {
    const processes: MachineReading['processes'] = new Map();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = statFields(stat);
        processes.set(Number(entry), { name: processName(entry, stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))), parent: Number(fields[1]), ms: ownMs(fields) });
      } catch {
        // Ended since the listing.
      }
    }
    return { cores: coreTimes(), processes };
  } catch {
    return undefined;
  }
}

/** What the machine did between two readings. */
export interface MachineStretch {
  cores: MachineReading['cores'];
  /** The CPU time (ms) of the processes other than the ones named, with their children, grouped by name, most first. */
  others: Array<{ name: string; ms: number }>;
}

/**
 * Between `before` and `after`, leaving out `named` (process ids whose work is measured on its
 * own) with their children. A process that started in between counts all its time; one that
 * ended in between is missing.
 */
export function machineStretch(before: MachineReading, after: MachineReading, named: readonly number[]): MachineStretch {
  const left = new Set(named);
  const byName = new Map<string, number>();
  for (const [pid, now] of after.processes) {
    if (left.has(pid) || left.has(now.parent)) continue;
    const ms = now.ms - (before.processes.get(pid)?.ms ?? 0);
    if (ms > 0) byName.set(now.name, (byName.get(now.name) ?? 0) + ms);
  }
  return {
    cores: { busy: after.cores.busy - before.cores.busy, idle: after.cores.idle - before.cores.idle, steal: after.cores.steal - before.cores.steal },
    others: [...byName].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms),
  };
}

/** Stretches added up. */
export function addStretches(a: MachineStretch, b: MachineStretch): MachineStretch {
  const byName = new Map(a.others.map(({ name, ms }) => [name, ms]));
  for (const { name, ms } of b.others) byName.set(name, (byName.get(name) ?? 0) + ms);
  return {
    cores: { busy: a.cores.busy + b.cores.busy, idle: a.cores.idle + b.cores.idle, steal: a.cores.steal + b.cores.steal },
    others: [...byName].map(([name, ms]) => ({ name, ms })).sort((x, y) => y.ms - x.ms),
  };
}

/** The stretch in words: the cores' idle and stolen shares, and the top three other processes' work per `unit` (µs each). */
export function stretchText(stretch: MachineStretch, units: number, unit: string): string {
  const total = stretch.cores.busy + stretch.cores.idle + stretch.cores.steal;
  const share = (ms: number) => `${total > 0 ? ((100 * ms) / total).toFixed(0) : '?'}%`;
  const others = stretch.others.slice(0, 3).map(({ name, ms }) => `${name} ${((ms * 1000) / units).toFixed(0)}`).join(', ');
  return `the cores idle ${share(stretch.cores.idle)}, stolen ${share(stretch.cores.steal)}; other processes' µs per ${unit}: ${others || 'none'}`;
}
