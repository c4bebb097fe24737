/**
 * A newcomer's first Activity, in Debian Chromium at 1280x720: a fresh registry (its demo
 * world), the client at `/`, and the sample Activity (examples/activity) on its own Vite dev
 * server with its token server and quotes API, started as `npm run activity` starts them
 * (dev.mjs's `startSample`, on free ports that Demo Activity's URL mappings are pointed at).
 * Demo Activity, launched from the App Launcher, is framed through the registry's Activity
 * proxy on an origin of its own and runs its whole story in one launch: `ready()`,
 * `authorize()` through the client's consent screen, the code exchanged through
 * `/.proxy/api/token` (Vite's proxy, then the token server, then the registry's token
 * endpoint), `authenticate()`, and the signed-in person inside the frame; its quote comes from
 * the external API through `patchUrlMappings`; every message shows in the launch's inspector
 * entry. A command the client does not handle gets the SDK's error; a second person joining
 * reaches the page as the SDK's participants event. The same dev server framed directly (the
 * URL override) hears the client too, through the client's message sender.
 * Every wait is on the page's state, never on a timer.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSample } from '../../examples/activity/dev.mjs';
import type { WorldFile } from '../../src/shared/world-file.js';
import { startRegistry, type RunningRegistry } from '../../src/registry/start.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { REPO_ROOT } from '../helpers/registry-process.js';
import { activityFrameOf, demoId, openClientPage, startDemoSample } from '../helpers/sample-activity.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

let client: ClientBuild;
let sample: RunningSample;
let dataDirectory: string;
let registry: RunningRegistry;
let demo: WorldFile;
let browser: TestBrowser;
let alice: Page;

/** Launches Demo Activity from the App Launcher, consents, and waits until the page says who signed in. */
async function launchAndConsent(page: Page): Promise<Frame> {
  await page.getByTestId('app-launcher-button').click();
  await page.locator(`[data-testid="app-launcher-entry"][data-application-id="${demoId(demo, 'applications', 'Demo Activity')}"]`).click();
  await page.getByTestId('consent').waitFor();
  await page.getByTestId('consent-authorize').click();
  const frame = await activityFrameOf(page);
  await frame.locator('[data-testid="step-authenticate"][data-status="done"]').waitFor();
  return frame;
}

describe('the sample Activity, as a newcomer meets it', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    dataDirectory = await mkdtemp(join(tmpdir(), 'slashbench-sample-e2e-'));
    registry = await startRegistry({ host: '127.0.0.1', port: 0, dataDirectory, clientDirectory: client.directory });
    if (!registry.demo) throw new Error('a fresh data directory made no demo world');
    demo = registry.demo;
    sample = await startDemoSample(registry);
    browser = await openBrowser();
    alice = await openClientPage(browser, registry, '/');
  });

  afterAll(async () => {
    await browser?.close();
    await sample?.close();
    await registry?.close();
    await rm(dataDirectory, { recursive: true, force: true });
    await client?.remove();
  });

  it('launches from the App Launcher through the proxy, asks for consent, and shows the signed-in person inside the frame', async () => {
    expect(await alice.locator('body').getAttribute('data-user-id')).toBe(demoId(demo, 'users', 'alice'));
    await alice.getByTestId('app-launcher-button').click();
    await alice.locator(`[data-testid="app-launcher-entry"][data-application-id="${demoId(demo, 'applications', 'Demo Activity')}"]`).click();
    // authorize(): the client's consent screen, for the app, with the scopes the page asked for.
    await alice.getByTestId('consent').waitFor();
    expect(await alice.getByTestId('consent-app').textContent()).toBe('Demo Activity');
    expect(await alice.getByTestId('consent-scope').evaluateAll((items) => items.map((item) => item.getAttribute('data-scope')))).toEqual(['identify', 'guilds']);
    const frame = await activityFrameOf(alice);
    expect(await frame.getByTestId('step-ready').getAttribute('data-status')).toBe('done');
    // The app's own origin (the registry's host, the port of the app's proxy listener), not the dev server's nor the client's.
    const origin = await frame.evaluate('location.origin') as string;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect([registry.url, sample.url]).not.toContain(origin);
    await alice.screenshot({ path: join(SCREENSHOTS, 'sample-activity-consent.png') });
    await alice.getByTestId('consent-authorize').click();
    await frame.locator('[data-testid="step-authenticate"][data-status="done"]').waitFor();
    expect(await frame.getByTestId('user-name').textContent()).toBe('Alice');
    expect(await frame.getByTestId('user-handle').textContent()).toBe('@alice');
    for (const step of ['ready', 'authorize', 'token', 'authenticate']) expect(await frame.getByTestId(`step-${step}`).getAttribute('data-status'), step).toBe('done');
    await frame.locator('[data-testid="participants"]', { hasText: 'Alice' }).waitFor();
    expect(await frame.getByTestId('channel-name').textContent()).toBe('#general');
    await alice.screenshot({ path: join(SCREENSHOTS, 'sample-activity.png') });
  });

  it('shows the external API\'s quote, fetched at its own URL and sent through the /quotes mapping by patchUrlMappings', async () => {
    const frame = await activityFrameOf(alice);
    const { text } = await (await fetch(`${sample.quotesUrl}/today`)).json() as { text: string };
    await frame.locator('[data-testid="quote"][data-value="loaded"]').waitFor();
    expect(await frame.getByTestId('quote').textContent()).toBe(text);
    // The page asked for the quotes API's own URL; the request the browser made went to the page's origin.
    const requested = await frame.evaluate(`performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('/today'))`);
    expect(requested).toEqual([`${await frame.evaluate('location.origin') as string}/quotes/today`]);
  });

  it('shows every message between the client and the frame in the launch\'s inspector entry', async () => {
    // At 1280x720 the inspector starts put away; a person opens it with its toggle.
    await alice.locator('[data-testid="inspector-toggle"][aria-pressed="false"]').click();
    await alice.locator('[data-testid="inspector-toggle"][aria-pressed="true"]').waitFor();
    const entry = alice.locator('[data-testid="inspector-entry"]').filter({ hasText: 'Launch' }).last();
    if (!(await entry.getByTestId('inspector-frame').count())) await entry.locator('.inspector__summary').click();
    await entry.getByTestId('inspector-frame-label').filter({ hasText: 'CAPTURE_LOG' }).first().waitFor();
    const messages = await entry.getByTestId('inspector-frame-message').evaluateAll((items) => items.map((item) => [
      item.getAttribute('data-direction'), item.querySelector('[data-testid="inspector-frame-label"]')?.textContent,
    ]));
    // The SDK forwards the page's console (Vite's client logs too) as CAPTURE_LOG: the story's order without them.
    expect(messages.filter(([, label]) => label !== 'CAPTURE_LOG').slice(0, 6)).toEqual([
      ['in', 'HANDSHAKE'], ['out', 'DISPATCH READY'], ['in', 'AUTHORIZE'], ['out', 'AUTHORIZE'], ['in', 'AUTHENTICATE'], ['out', 'AUTHENTICATE'],
    ]);
    expect(messages).toEqual(expect.arrayContaining([['in', 'CAPTURE_LOG'], ['in', 'GET_CHANNEL'], ['out', 'GET_CHANNEL'], ['in', 'SUBSCRIBE ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE'], ['out', 'SUBSCRIBE']]));
  });

  it('answers a command the client does not handle with the SDK\'s own error', async () => {
    const frame = await activityFrameOf(alice);
    await frame.getByTestId('unsupported-command').click();
    await frame.locator('[data-testid="command-result"]', { hasText: 'Error 4002' }).waitFor();
    expect(await frame.getByTestId('command-result').textContent()).toMatch(/^Error 4002: Invalid command: START_PURCHASE\. This client handles AUTHORIZE, /);
    // The raw protocol: a command no SDK has, answered under its nonce in the SDK's error shape.
    const answer = await frame.evaluate(`new Promise((resolve) => {
      window.addEventListener('message', (event) => {
        if (Array.isArray(event.data) && event.data[1]?.nonce === 'raw-1') resolve(event.data);
      });
      window.parent.postMessage([1, { cmd: 'NOT_A_COMMAND', args: {}, nonce: 'raw-1' }], '*');
    })`);
    expect(answer).toEqual([1, { cmd: 'NOT_A_COMMAND', evt: 'ERROR', nonce: 'raw-1', data: { code: 4002, message: expect.stringContaining('Invalid command: NOT_A_COMMAND.') } }]);
  });

  it('tells the page when someone joins, through the participants event it subscribed to', async () => {
    const bob = await openClientPage(browser, registry, `/?user=${demoId(demo, 'users', 'bob')}`);
    const bobFrame = await launchAndConsent(bob);
    expect(await bobFrame.getByTestId('user-name').textContent()).toBe('Bob');
    const aliceFrame = await activityFrameOf(alice);
    await aliceFrame.locator('[data-testid="participants"]', { hasText: 'Alice, Bobby' }).waitFor();
    await bob.getByTestId('activity-close').click();
    await aliceFrame.locator('[data-testid="participants"]', { hasText: /^Alice$/ }).waitFor();
    await bob.close();
  });

  it('runs on its dev server framed directly (the URL override, no proxy) with the client at its default address', async () => {
    // Alice leaves, ending the instance, so the next launch frames the app's URL afresh.
    await alice.getByTestId('activity-close').click();
    await alice.getByTestId('activity-frame').waitFor({ state: 'detached' });
    const app = demoId(demo, 'applications', 'Demo Activity');
    const token = demo.users.find((user) => user.username === 'alice')?.token ?? '';
    const edited = await fetch(`${registry.url}/_slashbench/applications/${app}`, {
      method: 'PATCH', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ activity_url: `${sample.url}/` }),
    });
    expect(edited.status).toBe(200);
    const page = await openClientPage(browser, registry, '/');
    await page.getByTestId('app-launcher-button').click();
    await page.locator(`[data-testid="app-launcher-entry"][data-application-id="${app}"]`).click();
    // The SDK hears the client through its message sender (an opaque origin it accepts), from 127.0.0.1's client page.
    const frame = await activityFrameOf(page);
    await frame.locator('[data-testid="step-ready"][data-status="done"]').waitFor();
    expect(await frame.evaluate('location.origin')).toBe(sample.url);
    // authorize() reaches the person: the consent screen, for Demo Activity.
    await page.getByTestId('consent').waitFor();
    expect(await page.getByTestId('consent-app').textContent()).toBe('Demo Activity');
    await page.screenshot({ path: join(SCREENSHOTS, 'sample-activity-elsewhere.png') });
    await page.close();
  });
});
