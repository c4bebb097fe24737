/**
 * The whole machine's CPU over a stretch (bench/machine-cpu.ts), which the team reads' reason
 * line gives beside each side's own processes: a busy process that is not named shows under
 * its script's name, a named one and its children do not, and the cores' time adds up.
 * Only CPU time is compared, never how long anything took.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addStretches, machineStretch, readMachine, stretchText } from '../../bench/machine-cpu.js';

/** Works 300 ms of its own CPU time, says so, then waits for its input to end. */
const BUSY = `const start = process.cpuUsage(); while ((process.cpuUsage(start).user + process.cpuUsage(start).system) < 300000);
process.stdout.write('worked\\n'); process.stdin.resume().on('end', () => process.exit(0));`;

const folder = mkdtempSync(join(tmpdir(), 'machine-cpu-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A busy child running `name` as its script, and when it has done its work. */
async function busyChild(name: string): Promise<ChildProcess> {
  const script = join(folder, name);
  writeFileSync(script, BUSY);
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  await once(child.stdout!, 'data');
  return child;
}

async function ended(child: ChildProcess): Promise<void> {
  child.stdin!.end();
  await once(child, 'exit');
}

describe.runIf(process.platform === 'linux')('the machine\'s CPU from /proc', () => {
  it('names the work of processes that are not measured on their own, and leaves the named out', async () => {
    const before = readMachine()!;
    const [other, named] = [await busyChild('other-work.js'), await busyChild('named-work.js')];
    const after = readMachine()!;
    try {
      const stretch = machineStretch(before, after, [named.pid!]);
      const names = stretch.others.map(({ name }) => name);
      expect(stretch.others.find(({ name }) => name === 'node other-work.js')?.ms).toBeGreaterThanOrEqual(200);
      expect(names).not.toContain('node named-work.js');
      // Both children's work is in the cores' busy time.
      expect(stretch.cores.busy).toBeGreaterThanOrEqual(400);
      expect(stretch.others).toEqual([...stretch.others].sort((a, b) => b.ms - a.ms));

      const twice = addStretches(stretch, stretch);
      expect(twice.cores.busy).toBe(2 * stretch.cores.busy);
      expect(twice.others.find(({ name }) => name === 'node other-work.js')?.ms).toBe(2 * stretch.others.find(({ name }) => name === 'node other-work.js')!.ms);
      // Per read: 1,000 reads share the other child's 300 ms or so, about 300 µs each.
      const text = stretchText(stretch, 1000, 'read');
      expect(text).toMatch(/^the cores idle \d+%, stolen \d+%; other processes' µs per read: /);
      expect(Number(/node other-work\.js (\d+)/.exec(text)?.[1])).toBeGreaterThanOrEqual(200);
    } finally {
      await Promise.all([ended(other), ended(named)]);
    }
  });

  it('leaves a named process\'s children out with it', async () => {
    const before = readMachine()!;
    const child = await busyChild('child-work.js');
    const after = readMachine()!;
    try {
      const names = machineStretch(before, after, [process.pid]).others.map(({ name }) => name);
      expect(names).not.toContain('node child-work.js');
    } finally {
      await ended(child);
    }
  });
});
