/**
 * The sample Activity (examples/activity) for end-to-end tests: started through dev.mjs's
 * `startSample` on free ports, for the demo world's Demo Activity, whose URL mappings are
 * pointed at those ports (the demo world names the sample's default ones).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { startSample, type RunningSample } from '../../examples/activity/dev.mjs';
import type { RunningRegistry } from '../../src/registry/start.js';
import type { WorldFile } from '../../src/shared/world-file.js';
import type { TestBrowser } from './chromium.js';
import { REPO_ROOT } from './registry-process.js';

/** An id of the demo world, by name. */
export function demoId(demo: WorldFile, kind: 'users' | 'applications', name: string): string {
  const found = kind === 'users' ? demo.users.find((user) => user.username === name) : demo.applications.find((app) => app.name === name);
  if (!found) throw new Error(`the demo world has no ${name}`);
  return found.id;
}

/** The smallest window the client is made for. */
export const VIEWPORT = { width: 1280, height: 720 };

/** The client at `path` of the registry, in a new page of VIEWPORT's size, once it says it is ready. */
export async function openClientPage(browser: TestBrowser, registry: RunningRegistry, path: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize(VIEWPORT);
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(`${registry.url}${path}`);
  await page.locator('body[data-ready="true"]').waitFor();
  return page;
}

/** The Activity's frame in the panel (Playwright reaches into it whatever its origin). */
export async function activityFrameOf(page: Page): Promise<Frame> {
  await page.getByTestId('activity-frame').waitFor();
  const frame = await (await page.getByTestId('activity-frame').elementHandle())?.contentFrame();
  if (!frame) throw new Error('the Activity panel has no frame');
  return frame;
}

/** Starts the sample for Demo Activity and maps the app to it; `close()` stops it. */
export async function startDemoSample(registry: RunningRegistry): Promise<RunningSample> {
  const app = registry.demo?.applications.find((entry) => entry.name === 'Demo Activity');
  const alice = registry.demo?.users.find((user) => user.username === 'alice');
  if (!app?.client_secret || !alice?.token) throw new Error('the registry made no demo world with Demo Activity');
  // Vite's dependency cache of its own, so two tests' dev servers never share one.
  await mkdir(join(REPO_ROOT, 'out'), { recursive: true });
  const cacheDir = await mkdtemp(join(REPO_ROOT, 'out', 'e2e-sample-vite-'));
  const sample = await startSample({
    port: 0, tokenPort: 0, quotesPort: 0, clientId: app.id, clientSecret: app.client_secret, registry: registry.url, logLevel: 'warn', cacheDir,
  });
  const close = async () => {
    await sample.close();
    await rm(cacheDir, { recursive: true, force: true });
  };
  const edited = await fetch(`${registry.url}/_slashbench/applications/${app.id}`, {
    method: 'PATCH', headers: { authorization: alice.token, 'content-type': 'application/json' }, body: JSON.stringify({ url_mappings: sample.mappings }),
  });
  if (!edited.ok) {
    await close();
    throw new Error(`mapping Demo Activity to the sample: ${edited.status} ${await edited.text()}`);
  }
  return { ...sample, close };
}
