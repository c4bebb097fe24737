/**
 * Programs the benchmarks run as their own processes: the registry CLI (compiled with the
 * benchmarks from the same sources, so it is the code `npm run serve` runs) and, as a
 * baseline, other small Node servers. Each prints a line `listening on http://HOST:PORT`
 * when it is ready to answer, which is the moment `startListening` resolves.
 */
import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
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

/**
 * Writes `world` into `directory` and starts the CLI (`cli`: this one by default) on port 0
 * with it and a data directory beside it; `nodeArgs` go to Node itself (`--cpu-prof`).
 */
export async function startCli(directory: string, world: WorldFile, cli = CLI, nodeArgs: readonly string[] = []): Promise<Child> {
  await mkdir(directory, { recursive: true });
  const worldPath = join(directory, 'world.json');
  await writeFile(worldPath, JSON.stringify(world));
  return startListening([...nodeArgs, cli, '--port', '0', '--data', join(directory, 'data'), '--world', worldPath, '--route-limit', '999999999']);
}
