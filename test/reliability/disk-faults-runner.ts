/**
 * Runs the built CLI on a data directory the disk refuses: a tiny tmpfs (a real ENOSPC) or
 * a read-only bind mount (EROFS), each inside a private mount namespace (`unshare -m`) that
 * dies with the process, so nothing stays mounted; or as an unprivileged user (`setpriv`)
 * on a directory without write permission (EACCES), since root ignores file modes. Each
 * way is probed first: a machine that forbids it skips those cases and says why.
 */
import { spawn, spawnSync } from 'node:child_process';
import { CLI_PATH, REPO_ROOT } from '../helpers/registry-process.js';

export interface Confined {
  /** Resolves with the URL once the CLI prints its listening line. */
  listening: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
  kill(signal: NodeJS.Signals): void;
}

/**
 * Starts the CLI with `args`: inside `unshare -m` after `setup` (shell commands run first in
 * the namespace, as root; `$DATA` is the data directory), under `setpriv` as nobody, or plainly.
 */
export function runConfined(mode: 'namespace' | 'nobody' | 'plain', data: string, setup: string, args: string[]): Confined {
  const node = [process.execPath, CLI_PATH, '--port', '0', '--data', data, ...args];
  const command = mode === 'namespace'
    ? ['unshare', '-m', '--propagation', 'private', 'sh', '-c', `DATA="$1"; shift; ${setup} && exec "$@"`, 'sh', data, ...node]
    : mode === 'nobody' ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...node] : node;
  const child = spawn(command[0]!, command.slice(1), { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  const listening = new Promise<string>((resolve, reject) => {
    const look = () => {
      const url = /listening on (http:\/\/\S+)\r?\n/.exec(stdout)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', look);
    void exited.then((exit) => reject(new Error(`exited before listening (${exit.code}): ${exit.stderr}`)));
  });
  listening.catch(() => undefined);
  return { listening, exited, kill: (signal) => child.kill(signal) };
}

/** Why a private mount namespace with tmpfs and bind mounts cannot be used here, or undefined when it can. */
export function namespaceUnavailable(directory: string): string | undefined {
  const probe = spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$1"', 'sh', directory], { encoding: 'utf8' });
  if (probe.error) return `unshare is missing: ${probe.error.message}`;
  return probe.status === 0 ? undefined : `mounting in a private namespace is not permitted: ${probe.stderr.trim()}`;
}

/**
 * How to run the CLI as a user that file modes refuse: plainly when this process is not
 * root; as nobody (`setpriv`) when it is, if nobody can read the build; else why not.
 */
export function unprivilegedMode(): 'plain' | 'nobody' | { unavailable: string } {
  if (process.getuid?.() !== 0) return 'plain';
  const probe = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', `require('fs').accessSync(${JSON.stringify(CLI_PATH)})`], { encoding: 'utf8' });
  if (probe.error) return { unavailable: `setpriv is missing: ${probe.error.message}` };
  return probe.status === 0 ? 'nobody' : { unavailable: `the unprivileged user cannot read ${CLI_PATH}` };
}
