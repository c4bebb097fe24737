/**
 * Runs the built registry CLI (`out/node/registry/cli.js`, from `npm run build:registry`)
 * as a child process on a free port (`--port 0`) and a temporary data directory, for tests
 * that need the real program: its arguments, its exit codes, its disk state across restarts.
 *
 * Every wait is on an event of the child (its output, its exit), never on a timer. Call
 * `cleanupRegistryProcesses()` in `afterEach`/`afterAll`: it kills what is still running and
 * removes the temporary directories.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onTestFailed } from 'vitest';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The built CLI; `SLASHBENCH_CLI` points the tests at another build of it. */
export const CLI_PATH = process.env.SLASHBENCH_CLI ?? join(REPO_ROOT, 'out', 'node', 'registry', 'cli.js');
export const EXAMPLE_WORLD = join(REPO_ROOT, 'examples', 'world.json');

// The whole line: a chunk boundary may fall inside the address.
const LISTENING = /listening on (http:\/\/\S+)\r?\n/;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RegistryProcess {
  /** `http://127.0.0.1:PORT`, as printed by the CLI. */
  url: string;
  dataDirectory: string;
  process: ChildProcess;
  /** Everything the process printed on stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Settles when the process has exited and its output is fully read. */
  exited: Promise<Exit>;
  /** SIGTERM (the CLI's graceful stop), then waits for the exit. */
  stop(): Promise<Exit>;
  /** Sends `signal` and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<Exit>;
}

export interface RegistryArgs {
  /** Extra CLI arguments, after `--port 0 --data DIR`. */
  args?: string[];
  /** Reuse a data directory (a restart); a fresh temporary one by default. */
  dataDirectory?: string;
  /** Node's own options, before the CLI (`--inspect=127.0.0.1:0` for a test that reads the heap). */
  nodeArgs?: string[];
  /** A command Node is run under (`unshare -n ...`); it must exec Node in its own process, so the pid stays the CLI's. */
  wrapper?: string[];
}

interface Child {
  process: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
}

const running = new Set<ChildProcess>();
const directories = new Set<string>();

/** A new empty directory under the OS temp dir, removed by `cleanupRegistryProcesses`. */
export async function makeDataDirectory(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), 'slashbench-test-'));
  directories.add(directory);
  return directory;
}

function launch(args: string[], nodeArgs: string[] = [], wrapper: string[] = []): Child {
  if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run \`npm run build:registry\` first`);
  const command = [...wrapper, process.execPath, ...nodeArgs, CLI_PATH, ...args];
  const child = spawn(command[0]!, command.slice(1), { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    // 'close' comes after 'exit' and after both pipes are drained.
    child.once('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  tellIfTestFails(args, () => err);
  return { process: child, stdout: () => out, stderr: () => err, exited };
}

/**
 * After the test that started a process fails, prints what the process wrote on stderr: a
 * timeout says nothing else of why. A process started outside a test (in `beforeAll`) is
 * left to the hook's own error.
 */
function tellIfTestFails(args: string[], stderr: () => string): void {
  try {
    onTestFailed(({ task }) => {
      console.error(`a registry process of "${task.name}" (${args.join(' ')}), its stderr:\n${stderr() || '(nothing)'}`);
    });
  } catch {
    // Not inside a test.
  }
}

async function dataArgs(options: RegistryArgs): Promise<{ dataDirectory: string; args: string[] }> {
  const dataDirectory = options.dataDirectory ?? (await makeDataDirectory());
  return { dataDirectory, args: ['--port', '0', '--data', dataDirectory, ...(options.args ?? [])] };
}

/** Starts the CLI and resolves once it prints its listening line; rejects if it exits first. */
export async function startRegistryProcess(options: RegistryArgs = {}): Promise<RegistryProcess> {
  const { dataDirectory, args } = await dataArgs(options);
  const child = launch(args, options.nodeArgs, options.wrapper);
  const url = await new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = LISTENING.exec(child.stdout());
      if (!match?.[1]) return;
      child.process.stdout?.off('data', onData);
      resolve(match[1]);
    };
    child.process.stdout?.on('data', onData);
    child.exited.then(
      (exit) => reject(new Error(
        `registry exited before listening (code ${exit.code}, signal ${exit.signal})\n` +
        `args: ${args.join(' ')}\nstdout:\n${child.stdout()}\nstderr:\n${child.stderr()}`,
      )),
      reject,
    );
  });
  const kill = (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill(signal);
    return child.exited;
  };
  return {
    url, dataDirectory, process: child.process, stdout: child.stdout, stderr: child.stderr, exited: child.exited,
    stop: () => kill('SIGTERM'),
    kill,
  };
}

export interface RunResult extends Exit {
  stdout: string;
  stderr: string;
  /** True when the process started listening (it was then killed, since it was expected to exit). */
  listened: boolean;
}

/** Runs the CLI expecting it to exit on its own (bad arguments, a bad world file). */
export async function runRegistryToExit(options: RegistryArgs = {}): Promise<RunResult> {
  const { args } = await dataArgs(options);
  const child = launch(args);
  let listened = false;
  child.process.stdout?.on('data', () => {
    if (!listened && LISTENING.test(child.stdout())) {
      listened = true;
      child.process.kill('SIGKILL');
    }
  });
  const exit = await child.exited;
  return { ...exit, stdout: child.stdout(), stderr: child.stderr(), listened };
}

/** Kills every registry process still running and removes the temporary data directories. */
export async function cleanupRegistryProcesses(): Promise<void> {
  await Promise.all([...running].map((child) => new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.kill('SIGKILL');
  })));
  await Promise.all([...directories].map((directory) => rm(directory, { recursive: true, force: true })));
  directories.clear();
}

export interface DemoTokens {
  applications: Array<{ name: string; id: string; botToken: string; clientSecret: string }>;
  users: Array<{ name: string; id: string; token: string }>;
  guilds: Array<{ name: string; id: string }>;
}

/** The demo world's tokens, as the CLI prints them once when it creates that world. */
export function demoTokens(stdout: string): DemoTokens {
  const tokens: DemoTokens = { applications: [], users: [], guilds: [] };
  for (const line of stdout.split('\n')) {
    const app = /^\s*app (.+) \((\d+)\): Bot (\S+)\s+client secret (\S+)\s*$/.exec(line);
    if (app) {
      tokens.applications.push({ name: app[1]!, id: app[2]!, botToken: app[3]!, clientSecret: app[4]! });
      continue;
    }
    const user = /^\s*user (.+) \((\d+)\): (\S+)\s*$/.exec(line);
    if (user) {
      tokens.users.push({ name: user[1]!, id: user[2]!, token: user[3]! });
      continue;
    }
    const guild = /^\s*guild (.+) \((\d+)\)\s*$/.exec(line);
    if (guild) tokens.guilds.push({ name: guild[1]!, id: guild[2]! });
  }
  return tokens;
}
