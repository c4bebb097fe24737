/**
 * The test suites of the example bots in examples/, run as their authors run them, each in
 * its own process against the built library (`slashbench/testing` and the `slashbench` CLI
 * from out/): a discord.js bot with Vitest, a discord-interactions HTTP bot with node:test,
 * and a discord.py bot with pytest over the driver's HTTP routes. Each must pass, and must
 * have run its tests (a suite that found none does not count).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../helpers/registry-process.js';

interface Finished {
  code: number;
  output: string;
}

/** Runs `command` in `folder` of examples/ to its end; its exit code and everything it printed. */
function runSuite(folder: string, command: string, args: string[], env: Record<string, string> = {}): Promise<Finished> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd: join(REPO_ROOT, 'examples', folder), env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, output: `${stdout}\n${stderr}` });
    });
  });
}

describe('the example bots\' own test suites', () => {
  it('examples/discordjs-vitest: a discord.js bot tested with Vitest', async () => {
    const finished = await runSuite('discordjs-vitest', process.execPath, [join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], { NO_COLOR: '1', FORCE_COLOR: '0' });
    expect(finished.code, finished.output).toBe(0);
    expect(finished.output).toMatch(/Tests\s+7 passed \(7\)/);
  });

  it('examples/http-bot-node-test: a discord-interactions HTTP bot tested with node:test', async () => {
    const finished = await runSuite('http-bot-node-test', process.execPath, ['--test']);
    expect(finished.code, finished.output).toBe(0);
    expect(finished.output).toMatch(/# pass 4\n# fail 0/);
  });

  it('examples/discordpy-pytest: a discord.py bot tested with pytest over HTTP', async () => {
    const finished = await runSuite('discordpy-pytest', '/usr/bin/python3', ['-m', 'pytest', '-p', 'no:cacheprovider'], {
      SLASHBENCH_COMMAND: `${process.execPath} ${join(REPO_ROOT, 'out', 'node', 'testing', 'cli', 'slashbench.js')}`,
      PYTHONDONTWRITEBYTECODE: '1',
    });
    expect(finished.code, finished.output).toBe(0);
    expect(finished.output).toMatch(/4 passed/);
  });
});
