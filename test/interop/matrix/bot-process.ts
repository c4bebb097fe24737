/**
 * A matrix bot as a child process: any language, any library. Its output is kept whole so a
 * failure shows what the bot said; waits are on its output and its exit, never on a timer
 * (the test's own timeout bounds them).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { REPO_ROOT } from '../../helpers/registry-process.js';

export interface BotProcess {
  /** The first stdout line matching `pattern`, already printed or still to come; rejects if the bot exits first. */
  line(pattern: RegExp): Promise<RegExpExecArray>;
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then SIGKILL if the bot is still there after `graceMs`; resolves once it is gone. */
  stop(graceMs?: number): Promise<void>;
}

export function startBotProcess(command: string, args: string[], env: Record<string, string>): BotProcess {
  const child: ChildProcess = spawn(command, args, {
    cwd: REPO_ROOT,
    // PYTHONUNBUFFERED: a Python bot's prints reach the pipe as they happen.
    env: { ...process.env, PYTHONUNBUFFERED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => { out += chunk; changed(); });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => { err += chunk; });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let gone = false;
  void exited.then(() => { gone = true; changed(); });

  const said = () => `stdout:\n${out}\nstderr:\n${err}`;
  return {
    line(pattern) {
      const anchored = new RegExp(pattern.source, pattern.flags.replace('g', '') + 'm');
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = anchored.exec(out);
          if (match && out.indexOf('\n', match.index) !== -1) {
            listeners.delete(check);
            resolve(match);
          } else if (gone) {
            listeners.delete(check);
            reject(new Error(`the bot (${command} ${args.join(' ')}) exited (code ${child.exitCode}) before printing ${pattern}\n${said()}`));
          }
        };
        listeners.add(check);
        check();
      });
    },
    stdout: () => out,
    stderr: () => err,
    async stop(graceMs = 5_000) {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
