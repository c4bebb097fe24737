/**
 * The CPU time a process has used, from Linux's `/proc` (stat(5): `utime` and `stime`):
 * its main thread's (the thread whose id is the process's), the whole process's, or a
 * process's with its children's. Read before and after a benchmark measures, it says how
 * much of the time was whose work. Undefined where `/proc` cannot be read.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux counts those fields in clock ticks of 10 ms (`getconf CLK_TCK`: 100). */
export const MS_PER_TICK = 10;

/** A stat file's fields from the state on (field 3): the command's name, which may hold spaces, left out. */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** `utime` (field 14) and `stime` (field 15), in ms. */
export function ownMs(fields: readonly string[]): number {
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

function read(path: string, ms: (fields: string[]) => number): number | undefined {
  try {
    return ms(statFields(readFileSync(path, 'utf8')));
  } catch {
    return undefined;
  }
}

export function mainThreadCpuMs(pid: number | undefined): number | undefined {
  return pid === undefined ? undefined : read(`/proc/${pid}/task/${pid}/stat`, ownMs);
}

/** All the process's threads. */
export function processCpuMs(pid: number | undefined): number | undefined {
  return pid === undefined ? undefined : read(`/proc/${pid}/stat`, ownMs);
}

/**
 * A process's time with its children's: those still running (each read on its own, as
 * PostgreSQL's backends are processes of the server's) and those that ended and were waited
 * for (`cutime`, field 16, and `cstime`, field 17).
 */
export function processTreeCpuMs(pid: number): number | undefined {
  const own = read(`/proc/${pid}/stat`, (fields) => ownMs(fields) + (Number(fields[13]) + Number(fields[14])) * MS_PER_TICK);
  if (own === undefined) return undefined;
  let ms = own;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    // The parent's id is field 4; a child that ended since the listing reads as nothing (its time is in `cutime` once waited for).
    ms += read(`/proc/${entry}/stat`, (fields) => (Number(fields[1]) === pid ? ownMs(fields) : 0)) ?? 0;
  }
  return ms;
}
