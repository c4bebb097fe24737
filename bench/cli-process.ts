/**
 * Programs the benchmarks run as their own processes: the registry CLI (compiled with the
 * benchmarks from the same sources, so it is the code `npm run serve` runs) and, as a
 * baseline, other small Node servers. Each prints a line `listening on http://HOST:PORT`
 * when it is ready to answer, which is the moment `startListening` resolves.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { REGISTRY_NODE_FLAGS } from '../src/registry/node-flags.js';
import type { WorldFile } from '../src/shared/world-file.js';
import { BrokenRun } from './registry.js';

/** The registry's CLI, as compiled into out/bench and bundled by `npm run bench`, as `npm run serve`'s is. */
export const CLI = fileURLToPath(new URL('../src/registry/cli.bundle.js', import.meta.url));
/** The same CLI before bundling: what a CPU profile reads best (each function in its own file). */
export const UNBUNDLED_CLI = fileURLToPath(new URL('../src/registry/cli.js', import.meta.url));

export interface Child {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface ListeningOptions {
  /** An IPC channel to the child (`process.send` there, `child.process.on('message')` here). */
  ipc?: boolean;
}

/** Runs `node ...args`; resolves with the address of its `listening on` line. */
export async function startListening(args: readonly string[], options: ListeningOptions = {}): Promise<Child> {
  const child = spawn(process.execPath, args, { stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'] }) as ChildProcessByStdio<null, Readable, Readable>;
  let out = '';
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)\r?\n/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new BrokenRun(`${args[0] ?? 'node'} exited with ${code} before listening: ${err.slice(0, 500)}`)));
  });
  return {
    url, process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface CliOptions {
  /** The CLI to run: the bundled one by default, as `npm run serve` runs. */
  cli?: string;
  /** Options for Node itself (`--cpu-prof`), after `npm run serve`'s (REGISTRY_NODE_FLAGS). */
  nodeArgs?: readonly string[];
  /** A team registry's database (`--database`): processes started with the same URL are one registry. */
  database?: string;
}

/**
 * Writes `world` into `directory` and starts the CLI on port 0 with it and a data directory
 * beside it.
 */
export async function startCli(directory: string, world: WorldFile, options: CliOptions = {}): Promise<Child> {
  await mkdir(directory, { recursive: true });
  const worldPath = join(directory, 'world.json');
  await writeFile(worldPath, JSON.stringify(world));
  return startListening([
    // As `npm run serve` starts it.
    ...REGISTRY_NODE_FLAGS, ...(options.nodeArgs ?? []), options.cli ?? CLI, '--port', '0', '--data', join(directory, 'data'), '--world', worldPath, '--route-limit', '999999999',
    ...(options.database ? ['--database', options.database] : []),
  ]);
}

/**
 * Starts a CLI for each entry of `clis`, one after another, each in its own folder of a
 * temporary directory and all with `world`; runs `work` with them; then stops them all and
 * removes the directory.
 */
export async function withClis<K extends string, T>(
  world: WorldFile, clis: Record<K, CliOptions>, work: (started: Record<K, Child>) => Promise<T>,
): Promise<T> {
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-bench-'));
  const children: Child[] = [];
  try {
    const started = {} as Record<K, Child>;
    for (const [name, options] of Object.entries(clis) as Array<[K, CliOptions]>) {
      started[name] = await startCli(join(directory, name), world, options);
      children.push(started[name]);
    }
    return await work(started);
  } finally {
    for (const child of children.reverse()) await child.stop();
    await rm(directory, { recursive: true, force: true });
  }
}
