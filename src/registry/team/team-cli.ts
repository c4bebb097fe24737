/**
 * `npm run team -- [--processes N] [--port P] [--world FILE]`: a team registry to try on one
 * machine. A throwaway PostgreSQL server (Debian's `postgresql`, installed by the project's
 * set-up script when missing) and N registry processes on it, on ports P, P+1, ...; every
 * address is printed, and Ctrl-C stops all of it and removes the server's files.
 * docs/team-registry.md shows a lasting set-up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startLocalPostgres } from './local-postgres.js';

const USAGE = 'usage: npm run team -- [--processes N] [--port FIRST_PORT] [--world FILE]';
const CLI = fileURLToPath(new URL('../cli.js', import.meta.url));

/** Starts one registry process (its output shown, each line marked with `label`); resolves with its address once it listens. */
function startProcess(label: string, args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      process.stdout.write(chunk.replace(/^(?=.)/gm, `[${label}] `));
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.once('exit', (code) => reject(new Error(`a registry process exited (${code}) before listening:\n${out}`)));
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      processes: { type: 'string', default: '2' },
      port: { type: 'string', default: '8484' },
      world: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return void console.log(USAGE);
  const count = Number(values.processes);
  const firstPort = Number(values.port);
  if (!Number.isInteger(count) || count < 1 || count > 16) throw new Error(`--processes must be 1-16\n${USAGE}`);
  if (!Number.isInteger(firstPort) || firstPort < 1 || firstPort + count > 65536) throw new Error(`--port must leave room for ${count} ports\n${USAGE}`);

  const postgres = await startLocalPostgres();
  const data = await mkdtemp(join(tmpdir(), 'slashbench-team-'));
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined)));
    await postgres.stop();
    await rm(data, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(0)));
  process.once('SIGTERM', () => void stop().then(() => process.exit(0)));
  try {
    const url = await postgres.createDatabase('slashbench');
    const world = values.world === undefined ? [] : ['--world', values.world];
    // One at a time: the first makes the schema and the demo world (and prints its tokens), the others find them.
    const started: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const registry = await startProcess(`process ${index + 1}`, ['--port', String(firstPort + index), '--data', join(data, `process-${index + 1}`), '--database', url, ...world]);
      children.push(registry.child);
      started.push(registry.url);
    }
    console.log(`\nTeam registry: ${count} process${count === 1 ? '' : 'es'} on PostgreSQL at ${url}`);
    for (const [index, address] of started.entries()) console.log(`  process ${index + 1}: ${address}  (client: ${address}/, gateway: ${address.replace(/^http/, 'ws')}/gateway)`);
    console.log('Any process answers for all of them: put a load balancer in front (docs/team-registry.md). Ctrl-C stops everything.');
  } catch (error) {
    await stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(`slashbench team: ${(error as Error).message}`);
  process.exit(1);
});
