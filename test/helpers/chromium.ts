/**
 * Debian's Chromium driven by playwright-core, for the client's end-to-end tests: never a
 * downloaded browser (`/usr/bin/chromium`, from `apt-get install chromium`; CI installs it),
 * the project's flags, and a fresh user-data directory per browser, removed on close.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** The browser; `SLASHBENCH_CHROMIUM` points the tests at another build of it. */
export const CHROMIUM_PATH = process.env.SLASHBENCH_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--disable-quic', '--no-first-run',
];

export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Chromium with a fresh profile; the viewport is a laptop's, so screenshots read well. */
export async function openBrowser(): Promise<TestBrowser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`no Chromium at ${CHROMIUM_PATH}: install Debian's package (apt-get install -y chromium); never a downloaded browser`);
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'slashbench-chromium-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1440, height: 900 },
    });
    return {
      context,
      async close() {
        await context.close();
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
