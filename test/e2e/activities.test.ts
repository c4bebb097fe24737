/**
 * Activities in Debian Chromium against a registry on a real port: the App Launcher lists
 * the channel's entry points; DISCORD_LAUNCH_ACTIVITY opens the Activity at once and posts
 * the launch message; APP_HANDLER opens it only when the app answers LAUNCH_ACTIVITY, and
 * shows its other answers (a message, an error, a missed deadline) instead. The framed page
 * reads its launch parameters and cannot reach the client's page, storage or host contract,
 * whether it lives on another origin or on the registry's own. Two people in one Activity
 * both see two participants; closing leaves it. The `/` picker launches too. Screenshots go
 * to test-results/screenshots/. Every wait is on the page's state, never on a timer.
 */
import { mkdir } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { AdjustableClock } from '../../src/registry/driver/adjustable-clock.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { REPO_ROOT } from '../helpers/registry-process.js';
import {
  ACTIVITY_APPS, addMirrorProbe, CLIENT_SECRET_KEY, LAUNCH_PARAMETERS, PROBES, QUIZ_MESSAGE, startActivityServer, startQuizEndpoint,
  worldWithActivities, type ActivityServer, type QuizEndpoint,
} from './activity-app.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
/** The delivery deadline, on the registry's held clock: it comes only when a case moves the clock there. */
const DEADLINE_MS = 2500;
const started = Date.now();
const clock = new AdjustableClock(() => started);

let client: ClientBuild;
let registry: ListeningRegistry;
let activityServer: ActivityServer;
let quiz: QuizEndpoint;
let browser: TestBrowser;
let alice: Page;
/** Requests to the host contract that did not come from the client's own page. */
const foreignHostRequests: Array<{ method: string; headers: IncomingHttpHeaders; status: number }> = [];

async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

async function openClient(userId: string): Promise<Page> {
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(`${registry.url}/?user=${userId}`);
  await page.locator(`body[data-ready="true"][data-user-id="${userId}"]`).waitFor();
  return page;
}

const panel = (page: Page) => page.getByTestId('activity-panel');
const frame = (page: Page) => page.frameLocator('[data-testid="activity-frame"]');
const launcherEntry = (page: Page, applicationId: string) => page.locator(`[data-testid="app-launcher-entry"][data-application-id="${applicationId}"]`);
const participants = (page: Page) => page.getByTestId('activity-participant').evaluateAll((items) => items.map((item) => item.getAttribute('data-user-id')));

/** Opens the launcher and clicks the app. */
async function launchFromLauncher(page: Page, applicationId: string): Promise<void> {
  await page.getByTestId('app-launcher-button').click();
  await launcherEntry(page, applicationId).click();
  await page.getByTestId('app-launcher').waitFor({ state: 'detached' });
}

/** What the framed page read from its query. */
async function launchParameters(page: Page): Promise<Record<string, string | null>> {
  const read: Record<string, string | null> = {};
  for (const name of LAUNCH_PARAMETERS) read[name] = await frame(page).getByTestId(`param-${name}`).getAttribute('data-value');
  return read;
}

/** Every probe's result, once the page says it is done. */
async function probeResults(page: Page): Promise<Record<string, string | null>> {
  await frame(page).getByTestId('probe-done').waitFor({ state: 'attached' });
  const results: Record<string, string | null> = {};
  for (const name of PROBES) results[name] = await frame(page).getByTestId(`probe-${name}`).getAttribute('data-value');
  return results;
}

/** A request the registry refused as the client's fault (no token minted). */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500;
}

/** The newest message whose text contains `text`. */
function message(page: Page, text: string) {
  return page.locator('[data-testid^="message-"]').filter({ has: page.getByTestId('message-content').filter({ hasText: text }) }).last();
}

/** Closes the Activity and waits until the registry has said who is left (a sync point for the next launch). */
async function closeActivity(page: Page): Promise<void> {
  const left = page.waitForResponse((response) => response.url().includes('/participants/@me') && response.request().method() === 'DELETE');
  await page.getByTestId('activity-close').click();
  await panel(page).waitFor({ state: 'detached' });
  expect((await left).status()).toBe(204);
}

describe('Activities in Chromium', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    const mirrorPath = await addMirrorProbe(client.directory);
    registry = await builtRegistry({ clientDirectory: client.directory, clock, deliveryTimeoutMs: DEADLINE_MS });
    registry.app.server.on('request', (request, response) => {
      if (!request.url?.startsWith('/_host/')) return;
      const fromClient = request.headers['sec-fetch-site'] === 'same-origin' && request.headers.origin === undefined;
      const fromClientPost = request.headers.origin === registry.url;
      if (fromClient || fromClientPost) return;
      response.on('finish', () => foreignHostRequests.push({ method: request.method ?? '', headers: request.headers, status: response.statusCode }));
    });
    activityServer = await startActivityServer();
    quiz = await startQuizEndpoint();
    const probeQuery = `registry=${encodeURIComponent(registry.url)}&victim=${EXAMPLE.alice.id}`;
    const world = worldWithActivities({
      dice: `${activityServer.origin}/activity.html?${probeQuery}`,
      quiz: `${activityServer.origin}/activity.html?${probeQuery}&quiz=1`,
      quizEndpoint: quiz.server.url,
      mirror: `${registry.url}${mirrorPath}?${probeQuery}`,
    });
    const put = await fetch(`${registry.url}/_slashbench/world`, {
      method: 'PUT', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' }, body: JSON.stringify(world),
    });
    if (!put.ok) throw new Error(`PUT /_slashbench/world answered ${put.status}: ${await put.text()}`);
    const bot = (path: string, init: RequestInit = {}) => fetch(`${registry.url}/api/v10${path}`, {
      ...init, headers: { authorization: `Bot ${ACTIVITY_APPS.quiz.token}`, 'content-type': 'application/json' },
    });
    quiz.publicKey = ((await (await bot('/applications/@me')).json()) as { verify_key: string }).verify_key;
    // Quiz Night handles its own launches (APP_HANDLER), under its own name.
    const [entryPoint] = (await (await bot(`/applications/${ACTIVITY_APPS.quiz.id}/commands`)).json()) as Array<{ id: string }>;
    const patched = await bot(`/applications/${ACTIVITY_APPS.quiz.id}/commands/${entryPoint?.id}`, {
      method: 'PATCH', body: JSON.stringify({ name: 'Play Quiz', description: 'Start a round of questions', handler: 1 }),
    });
    if (!patched.ok) throw new Error(`PATCH entry point answered ${patched.status}: ${await patched.text()}`);
    browser = await openBrowser();
    alice = await openClient(EXAMPLE.alice.id);
    // A secret in the client's storage, for the framed page to look for.
    const key = JSON.stringify(CLIENT_SECRET_KEY);
    await alice.evaluate(`localStorage.setItem(${key}, 'client-secret'); sessionStorage.setItem(${key}, 'client-secret')`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await quiz?.server.close();
    await activityServer?.close();
    await registry?.close();
    await client?.remove();
  });

  it('lists the entry points usable in the channel in the App Launcher, by app, with the keyboard too', async () => {
    await alice.getByTestId('app-launcher-button').click();
    await alice.getByTestId('app-launcher').waitFor();
    const names = await alice.getByTestId('app-launcher-entry').evaluateAll((rows) => rows.map((row) => row.querySelector('.app-launcher__name')?.textContent));
    expect(names).toEqual(expect.arrayContaining(['Dice Game', 'Quiz Night', 'Mirror']));
    expect(await launcherEntry(alice, ACTIVITY_APPS.quiz.id).textContent()).toContain('Start a round of questions');
    await alice.keyboard.press('ArrowDown');
    expect(await alice.getByTestId('app-launcher-entry').nth(1).getAttribute('aria-selected')).toBe('true');
    await screenshot(alice, 'activity-launcher');
    await alice.keyboard.press('Escape');
    await alice.getByTestId('app-launcher').waitFor({ state: 'detached' });
  });

  it('DISCORD_LAUNCH_ACTIVITY opens the Activity at once with its launch parameters, and posts the launch message', async () => {
    await launchFromLauncher(alice, ACTIVITY_APPS.dice.id);
    await panel(alice).waitFor();
    expect(await alice.getByTestId('activity-title').textContent()).toBe('Dice Game');
    const instanceId = await panel(alice).getAttribute('data-instance-id');
    const read = await launchParameters(alice);
    expect(read).toMatchObject({ instance_id: instanceId, channel_id: EXAMPLE.general, guild_id: EXAMPLE.guild, platform: 'desktop' });
    expect(read.frame_id).toMatch(/^[\w-]{8,}$/);
    expect(await frame(alice).getByTestId('referrer').getAttribute('data-value')).toBe('(none)');
    await message(alice, 'started Dice Game').waitFor();
    expect(await participants(alice)).toEqual([EXAMPLE.alice.id]);
    await alice.getByTestId('inspector-entry').last().and(alice.locator('[data-status="succeeded"]')).waitFor();
  });

  it('keeps the framed page (another origin) away from the client\'s page, storage and host contract', async () => {
    const sandbox = await alice.getByTestId('activity-frame').getAttribute('sandbox');
    expect(sandbox?.split(' ').sort()).toEqual(['allow-forms', 'allow-popups', 'allow-same-origin', 'allow-scripts']);
    expect(await alice.getByTestId('activity-frame').getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(await frame(alice).getByTestId('origin').getAttribute('data-value')).toBe(activityServer.origin);
    // probeResults waits for the page's "done", which follows the registry's answers to its requests.
    expect(await probeResults(alice)).toEqual(Object.fromEntries(PROBES.map((name) => [name, 'blocked'])));
    // The host contract refuses the page's origin; a cross-origin page cannot even send it JSON
    // (that needs a CORS preflight), so its plain-text mint is refused before any token.
    expect(foreignHostRequests.map((request) => [request.method, request.headers.origin])).toEqual([['GET', activityServer.origin], ['POST', activityServer.origin]]);
    expect(foreignHostRequests.map((request) => request.status)).toEqual([403, expect.toSatisfy(isRefusal)]);
    await screenshot(alice, 'activity-panel');
  });

  it('shows both people when a second one joins the running Activity, and one again when they close it', async () => {
    const bob = await openClient(EXAMPLE.bob.id);
    await launchFromLauncher(bob, ACTIVITY_APPS.dice.id);
    await panel(bob).waitFor();
    expect(await panel(bob).getAttribute('data-instance-id')).toBe(await panel(alice).getAttribute('data-instance-id'));
    await bob.locator(`[data-testid="activity-participant"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
    await alice.locator(`[data-testid="activity-participant"][data-user-id="${EXAMPLE.bob.id}"]`).waitFor();
    expect(await participants(alice)).toEqual([EXAMPLE.alice.id, EXAMPLE.bob.id]);
    expect(await participants(bob)).toEqual([EXAMPLE.alice.id, EXAMPLE.bob.id]);
    // Each frame is its own: a frame id per participant, the same instance.
    expect((await launchParameters(bob)).frame_id).not.toBe((await launchParameters(alice)).frame_id);
    // Joining posts no second launch message.
    expect(await bob.getByTestId('message-content').filter({ hasText: 'started Dice Game' }).count()).toBe(1);
    await screenshot(alice, 'activity-participants');
    await closeActivity(bob);
    await alice.locator(`[data-testid="activity-participant"][data-user-id="${EXAMPLE.bob.id}"]`).waitFor({ state: 'detached' });
    expect(await participants(alice)).toEqual([EXAMPLE.alice.id]);
    await bob.close();
  });

  it('closes with the close button', async () => {
    await closeActivity(alice);
    expect(await alice.getByTestId('activity-frame').count()).toBe(0);
  });

  it('APP_HANDLER: the app answers LAUNCH_ACTIVITY, and the Activity opens', async () => {
    quiz.answer = 'launch';
    const before = quiz.received.length;
    await launchFromLauncher(alice, ACTIVITY_APPS.quiz.id);
    await panel(alice).waitFor();
    expect(await alice.getByTestId('activity-title').textContent()).toBe('Quiz Night');
    expect(quiz.received.slice(before)).toMatchObject([{ type: 2, data: { type: 4, name: 'Play Quiz' } }]);
    const read = await launchParameters(alice);
    expect(read).toMatchObject({ instance_id: await panel(alice).getAttribute('data-instance-id'), channel_id: EXAMPLE.general, guild_id: EXAMPLE.guild, platform: 'desktop' });
    await message(alice, 'started Quiz Night').waitFor();
    await closeActivity(alice);
  });

  it('APP_HANDLER: the app answers with a message, which shows, and no Activity opens', async () => {
    quiz.answer = 'message';
    await launchFromLauncher(alice, ACTIVITY_APPS.quiz.id);
    const answer = message(alice, QUIZ_MESSAGE);
    await answer.waitFor();
    expect(await answer.getByTestId('message-used').textContent()).toContain('used');
    await alice.getByTestId('inspector-entry').last().and(alice.locator('[data-status="succeeded"]')).waitFor();
    expect(await panel(alice).count()).toBe(0);
  });

  it('APP_HANDLER: the endpoint fails, which shows, and no Activity opens', async () => {
    quiz.answer = 'error';
    await launchFromLauncher(alice, ACTIVITY_APPS.quiz.id);
    await alice.getByTestId('interaction-failed').filter({ hasText: "The application's endpoint failed" }).filter({ hasText: 'Play Quiz' }).waitFor();
    expect(await panel(alice).count()).toBe(0);
  });

  it('APP_HANDLER: the app misses the deadline, which shows, and no Activity opens', async () => {
    quiz.answer = 'silent';
    const heard = quiz.received.length;
    await launchFromLauncher(alice, ACTIVITY_APPS.quiz.id);
    // Once the app has the launch (and says nothing), its deadline comes.
    while (quiz.received.length === heard) await new Promise((resolve) => setTimeout(resolve, 10));
    clock.advance(DEADLINE_MS);
    await alice.getByTestId('interaction-failed').filter({ hasText: 'The application did not respond' }).waitFor();
    expect(await alice.getByTestId('inspector-entry').last().getAttribute('data-status')).toBe('failed');
    expect(await panel(alice).count()).toBe(0);
  });

  it('launches from the `/` picker too, where the entry points are listed by app', async () => {
    await alice.getByTestId('composer-input').click();
    await alice.getByTestId('composer-input').pressSequentially('/play');
    const entry = alice.locator(`[data-testid="picker-app-${ACTIVITY_APPS.quiz.id}"] [data-testid="picker-entry"]`);
    await entry.filter({ hasText: 'Play Quiz' }).waitFor();
    quiz.answer = 'launch';
    await alice.getByTestId('composer-input').press('Enter');
    await panel(alice).waitFor();
    expect(await alice.getByTestId('activity-title').textContent()).toBe('Quiz Night');
    expect(await alice.getByTestId('composer-input').inputValue()).toBe('');
    await closeActivity(alice);
  });

  it('frames a page the registry itself serves with an opaque origin, which reaches nothing of the client', async () => {
    const before = foreignHostRequests.length;
    await launchFromLauncher(alice, ACTIVITY_APPS.mirror.id);
    await panel(alice).waitFor();
    expect((await alice.getByTestId('activity-frame').getAttribute('sandbox'))?.split(' ').sort()).toEqual(['allow-forms', 'allow-popups', 'allow-scripts']);
    expect(await frame(alice).getByTestId('origin').getAttribute('data-value')).toBe('null');
    expect((await launchParameters(alice)).instance_id).toBe(await panel(alice).getAttribute('data-instance-id'));
    expect(await probeResults(alice)).toEqual(Object.fromEntries(PROBES.map((name) => [name, 'blocked'])));
    const fromFrame = foreignHostRequests.slice(before);
    // The relative fetch, the registry fetch and the mint all reached the registry as a page of no origin, and were refused.
    expect(fromFrame.map((request) => [request.method, request.headers.origin])).toEqual([['GET', 'null'], ['GET', 'null'], ['POST', 'null']]);
    expect(fromFrame.map((request) => request.status)).toEqual([403, 403, expect.toSatisfy(isRefusal)]);
    await closeActivity(alice);
  });
});
