/**
 * slashbench/testing under the other test runners it promises: one suite
 * (runners/bench-suite.mjs) run by Jest (its ESM mode) and by Mocha, each in its own
 * process against the built library, each passing both tests. node:test and Vitest run the
 * example bots' suites (test/interop/example-suites.test.ts) and these files.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/registry-process.js';

const RUNNERS = join(REPO_ROOT, 'test', 'testing', 'runners');

function runNode(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd: REPO_ROOT, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, output: `${stdout}\n${stderr}` });
    });
  });
}

describe('slashbench/testing under other runners', () => {
  it('runs under Jest', async () => {
    const jest = join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    const finished = await runNode([jest, '--rootDir', RUNNERS, '--testMatch', '**/jest.suite.mjs', '--ci'], { NODE_OPTIONS: '--experimental-vm-modules' });
    expect(finished.code, finished.output).toBe(0);
    expect(finished.output).toMatch(/Tests:\s+2 passed, 2 total/);
  });

  it('runs under Mocha', async () => {
    const finished = await runNode([join(REPO_ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js'), join(RUNNERS, 'mocha.suite.mjs')]);
    expect(finished.code, finished.output).toBe(0);
    expect(finished.output).toMatch(/2 passing/);
  });
});
