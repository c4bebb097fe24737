/**
 * `registry.json` in the data directory: where the registry using it listens, while it
 * runs. `npm run tokens -- --reset` reads it to reset a token through the running
 * registry (which closes the bot's gateway sessions) instead of under it. A registry that
 * crashed leaves the file behind; its pid, no longer alive, gives it away.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RUNNING_FILE_NAME = 'registry.json';

export interface RunningEntry {
  pid: number;
  url: string;
}

/** Records that this process serves the data directory at `url`. */
export function writeRunningFile(directory: string, url: string): void {
  const entry: RunningEntry = { pid: process.pid, url };
  writeFileSync(join(directory, RUNNING_FILE_NAME), `${JSON.stringify(entry)}\n`);
}

/** Removes the record, if it is still this process's (another registry may have started since). */
export function removeRunningFile(directory: string): void {
  if (readRunningFile(directory)?.pid === process.pid) rmSync(join(directory, RUNNING_FILE_NAME), { force: true });
}

/** The registry serving the data directory, if the file names a live process. */
export function readRunningFile(directory: string): RunningEntry | undefined {
  let entry: Partial<RunningEntry>;
  try {
    entry = JSON.parse(readFileSync(join(directory, RUNNING_FILE_NAME), 'utf8')) as Partial<RunningEntry>;
  } catch {
    return undefined;
  }
  if (typeof entry.pid !== 'number' || typeof entry.url !== 'string' || !isAlive(entry.pid)) return undefined;
  return { pid: entry.pid, url: entry.url };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A URL this machine can reach the registry at (an unspecified address means every interface, loopback included). */
export function reachableUrl(url: string): string {
  return url.replace('://0.0.0.0:', '://127.0.0.1:').replace('://[::]:', '://[::1]:');
}
