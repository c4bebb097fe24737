/**
 * Serve to ready against an earlier commit, in one run (issue 34): that commit's registry CLI,
 * bundled as `npm run serve`'s is, serving that commit's client, its starts alternating with
 * today's and the trivial server's (client.ts, `benchServeToReady`), so both builds see the
 * same machine. By default the commit before issue 34's work: its client loaded 726 kB of
 * script before the first screen, and asked for the session after the people.
 *
 * The commit's sources are exported with `git archive` into out/bench/before-client/REF and
 * built there with this checkout's packages (kept for the next run); the CLI finds the
 * client beside it (`<package root>/out/renderer`), as an installed one does.
 */
import { execFile } from 'node:child_process';
import { access, mkdir, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { openBrowser } from '../test/helpers/chromium.js';
import { benchServeToReady, type StartOptions } from './client.js';
import { buildServedClient } from './client-build.js';
import { BrokenRun } from './registry.js';
import type { Row } from './table.js';

/** The last commit before issue 34's work on the client's start. */
export const BEFORE_START_UP_WORK = '2e23340';

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

/** Builds `ref`'s bundled CLI and its client once; answers the CLI's path. */
async function buildBeforeClient(ref: string, progress: (message: string) => void): Promise<string> {
  const directory = join(REPOSITORY, 'out', 'bench', 'before-client', ref);
  const cli = join(directory, 'out', 'node', 'registry', 'cli.js');
  const built = await Promise.all([cli, join(directory, 'out', 'renderer', 'index.html')].map((file) => access(file).then(() => true, () => false)));
  if (built.every(Boolean)) return cli;
  progress(`client-before: building ${ref}'s registry and client in ${directory}`);
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  const node = (...args: string[]) => run(process.execPath, args, { cwd: directory, maxBuffer: 16 * 1024 * 1024 });
  try {
    await run('sh', ['-c', `git -C "${REPOSITORY}" archive "${ref}" | tar -x -C "${directory}"`]);
    await symlink(join(REPOSITORY, 'node_modules'), join(directory, 'node_modules'));
    await node(join(REPOSITORY, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.registry.json');
    await node('scripts/bundle-registry.js', 'out/node/registry/cli.js');
    await node(join(REPOSITORY, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'src/renderer/vite.config.ts', '--logLevel', 'warn');
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw new BrokenRun(`could not build ${ref}'s registry and client (a git checkout with that commit is needed): ${(error as Error).message}`);
  }
  return cli;
}

export async function benchClientBefore(options: Omit<StartOptions, 'before'>, ref = BEFORE_START_UP_WORK): Promise<Row[]> {
  const cli = await buildBeforeClient(ref, options.progress);
  options.progress('client-before: building the client (vite, into out/renderer)');
  await buildServedClient();
  const browser = await openBrowser();
  try {
    return await benchServeToReady(browser, { ...options, before: { cli, name: ref } });
  } finally {
    await browser.close();
  }
}
