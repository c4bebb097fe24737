/**
 * The CPU time a process's main thread has used, from Linux's `/proc` (stat(5): `utime` and
 * `stime` of the thread whose id is the process's): read before and after a benchmark
 * measures, it says how much of the time was the process's own work. Undefined where
 * `/proc` cannot be read.
 */
import { readFileSync } from 'node:fs';

/** Linux counts those fields in clock ticks of 10 ms (`getconf CLK_TCK`: 100). */
const MS_PER_TICK = 10;

export function mainThreadCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8');
    // The fields after the command's name (which may hold spaces), from the state (field 3): utime is field 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return undefined;
  }
}
