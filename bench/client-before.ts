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
import { join } from 'node:path';
import { openBrowser } from '../test/helpers/chromium.js';
import { benchServeToReady, type StartOptions } from './client.js';
import { buildServedClient } from './client-build.js';
import { buildPast, type PastBuild } from './past-build.js';
import type { Row } from './table.js';

/** The last commit before issue 34's work on the client's start. */
export const BEFORE_START_UP_WORK = '2e23340';

const CLI = join('out', 'node', 'registry', 'cli.js');

/** `ref`'s registry, bundled as `npm run serve`'s is, and its client. */
const REGISTRY_AND_CLIENT = {
  folder: 'before-client', what: 'registry and client', outputs: [CLI, join('out', 'renderer', 'index.html')],
  steps: (tool: (path: string) => string) => [
    [tool('typescript/bin/tsc'), '-p', 'tsconfig.registry.json'],
    ['scripts/bundle-registry.js', CLI],
    [tool('vite/bin/vite.js'), 'build', '--config', 'src/renderer/vite.config.ts', '--logLevel', 'warn'],
  ],
} satisfies PastBuild;

export async function benchClientBefore(options: Omit<StartOptions, 'before'>, ref = BEFORE_START_UP_WORK): Promise<Row[]> {
  const cli = join(await buildPast(ref, REGISTRY_AND_CLIENT, options.progress), CLI);
  options.progress('client-before: building the client (vite, into out/renderer)');
  await buildServedClient();
  const browser = await openBrowser();
  try {
    return await benchServeToReady(browser, { ...options, before: { cli, name: ref } });
  } finally {
    await browser.close();
  }
}
