/**
 * The benchmarks' CPU readings from `/proc` (bench/process-cpu.ts): a process's tree counts
 * a child's work while it runs and after it has ended and been waited for, and a PostgreSQL
 * server's tree (the team benchmark's reading) counts the work of a query its backend ran.
 * Only CPU time is compared, never how long anything took.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, describe, expect, it } from 'vitest';
import { processCpuMs, processTreeCpuMs } from '../../bench/process-cpu.js';
import { pgDriver } from '../../src/registry/store/pg-driver.js';
import { stopTeamServer, teamServer } from '../helpers/team.js';

/** A child that works 500 ms of its own CPU time, says so, then waits for its input to end. */
const BUSY = `const start = process.cpuUsage(); while ((process.cpuUsage(start).user + process.cpuUsage(start).system) < 500000);
process.stdout.write('worked\\n'); process.stdin.resume().on('end', () => process.exit(0));`;

describe.runIf(process.platform === 'linux')('CPU time from /proc', () => {
  it('counts a child\'s work in its parent\'s tree, running and ended', async () => {
    const before = processTreeCpuMs(process.pid)!;
    const child = spawn(process.execPath, ['-e', BUSY], { stdio: ['pipe', 'pipe', 'inherit'] });
    await once(child.stdout, 'data');
    // Running: its own time is its, and its parent's tree has it too.
    expect(processCpuMs(child.pid)).toBeGreaterThanOrEqual(400);
    expect(processTreeCpuMs(process.pid)! - before).toBeGreaterThanOrEqual(400);
    child.stdin.end();
    await once(child, 'exit');
    // Ended and waited for: in the parent's cutime and cstime.
    expect(processTreeCpuMs(process.pid)! - before).toBeGreaterThanOrEqual(400);
    expect(processCpuMs(child.pid)).toBeUndefined();
  });

  afterAll(stopTeamServer);

  it('counts a PostgreSQL query\'s work in its server\'s tree', async () => {
    const server = await teamServer();
    const pid = await server.serverPid();
    const client = new (pgDriver().Client)({ connectionString: await server.createDatabase('process_cpu') });
    await client.connect();
    try {
      const before = processTreeCpuMs(pid)!;
      await client.query('SELECT count(*) FROM generate_series(1, 10000000)');
      expect(processTreeCpuMs(pid)! - before).toBeGreaterThanOrEqual(200);
    } finally {
      await client.end();
    }
  });
});
