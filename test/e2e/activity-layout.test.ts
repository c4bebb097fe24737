/**
 * Activities on a phone, in picture-in-picture, and with two people, in Debian Chromium at
 * 1280x720 against a fresh registry (its demo world) and the sample Activity on its own dev
 * server (dev.mjs's `startSample`), framed through the registry's proxy: Alice picks
 * Mobile in the settings, and Demo Activity opens in a phone-sized frame whose URL says
 * `platform=mobile`; the rotate button turns it (the Activity hears ORIENTATION_UPDATE) unless
 * the Activity locked it (setOrientationLockState); the PIP button shrinks it to a tile and
 * back without reloading it (ACTIVITY_LAYOUT_MODE_UPDATE). Bob, watching the channel, joins
 * from the launch message's Join button, and both frames list both people. The sample page
 * shows what its SDK parsed. Every wait is on the page's state, never on a timer.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldFile } from '../../src/shared/world-file.js';
import { startRegistry, type RunningRegistry } from '../../src/registry/start.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import type { RunningSample } from '../../examples/activity/dev.mjs';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { pageSize, seriousViolations } from '../helpers/page-checks.js';
import { REPO_ROOT } from '../helpers/registry-process.js';
import { activityFrameOf, demoId, openClientPage, startDemoSample, VIEWPORT } from '../helpers/sample-activity.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

let client: ClientBuild;
let sample: RunningSample;
let dataDirectory: string | undefined;
let registry: RunningRegistry;
let demo: WorldFile;
let browser: TestBrowser;
let alice: Page;
let bob: Page;
let aliceFrame: Frame;

/** Consents to Demo Activity's authorize() and waits until the page says who signed in. */
async function consent(page: Page): Promise<Frame> {
  await page.getByTestId('consent').waitFor();
  await page.getByTestId('consent-authorize').click();
  const frame = await activityFrameOf(page);
  await frame.locator('[data-testid="step-authenticate"][data-status="done"]').waitFor();
  return frame;
}

/** What the sample page shows for a fact the client told it, once it shows `value`. */
async function fact(frame: Frame, testId: string, value: string): Promise<void> {
  await frame.locator(`[data-testid="${testId}"][data-value="${value}"]`).waitFor();
}

const viewport = (frame: Frame) => frame.evaluate('[innerWidth, innerHeight]');
/** Resolves once the frame has drawn what it now shows (its process paints on its own), for a screenshot. */
const painted = (frame: Frame) => frame.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
const panel = (page: Page) => page.getByTestId('activity-panel');

/** Sends a raw setOrientationLockState from the Activity's page and resolves with the client's answer. */
function lockOrientation(frame: Frame, lockState: number, nonce: string): Promise<unknown> {
  return frame.evaluate(`new Promise((resolve) => {
    addEventListener('message', (event) => {
      if (Array.isArray(event.data) && event.data[1]?.nonce === ${JSON.stringify(nonce)}) resolve(event.data);
    });
    parent.postMessage([1, { cmd: 'SET_ORIENTATION_LOCK_STATE', args: { lock_state: ${lockState} }, nonce: ${JSON.stringify(nonce)} }], '*');
  })`);
}

/** Usable at 1280x720: no serious axe violation, and the page itself does not scroll. */
async function usable(page: Page, view: string): Promise<void> {
  expect(await seriousViolations(page), `axe on ${view}`).toEqual([]);
  expect(await pageSize(page), `the page scrolls on ${view}`).toEqual({ scrollWidth: 1280, scrollHeight: 720, width: 1280, height: 720 });
}

/** The launch message's row. */
const launchMessage = (page: Page) => page.locator('[data-testid^="message-"]')
  .filter({ has: page.getByTestId('message-content').filter({ hasText: 'started Demo Activity' }) }).last();

describe('an Activity on a phone, in picture-in-picture, with two people', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    dataDirectory = await mkdtemp(join(tmpdir(), 'slashbench-layout-e2e-'));
    registry = await startRegistry({ host: '127.0.0.1', port: 0, dataDirectory, clientDirectory: client.directory });
    if (!registry.demo) throw new Error('a fresh data directory made no demo world');
    demo = registry.demo;
    sample = await startDemoSample(registry);
    browser = await openBrowser();
    alice = await openClientPage(browser, registry, '/');
    // Bob watches the channel before Alice launches: he hears the launch message come.
    bob = await openClientPage(browser, registry, `/?user=${demoId(demo, 'users', 'bob')}`);
  });

  afterAll(async () => {
    await browser?.close();
    await sample?.close();
    await registry?.close();
    if (dataDirectory) await rm(dataDirectory, { recursive: true, force: true });
    await client?.remove();
  });

  it('opens Demo Activity as on a phone once Mobile is chosen: platform=mobile in its URL, a 390x844 viewport that fits the panel', async () => {
    await alice.getByTestId('settings-button').click();
    await alice.getByTestId('settings-nav-activities').click();
    await alice.getByTestId('platform-choice-mobile').click();
    expect(await alice.getByTestId('platform-mobile').isChecked()).toBe(true);
    await alice.keyboard.press('Escape');
    await alice.getByTestId('settings-panel').waitFor({ state: 'detached' });

    await alice.getByTestId('app-launcher-button').click();
    expect(await alice.getByTestId('app-launcher-platform').textContent()).toContain('phone');
    await alice.locator(`[data-testid="app-launcher-entry"][data-application-id="${demoId(demo, 'applications', 'Demo Activity')}"]`).click();
    aliceFrame = await consent(alice);
    expect(new URL(aliceFrame.url()).searchParams.get('platform')).toBe('mobile');
    await fact(aliceFrame, 'platform', 'mobile');
    expect(await panel(alice).getAttribute('data-platform')).toBe('mobile');
    expect(await panel(alice).getAttribute('data-orientation')).toBe('portrait');
    // The Activity's window is a phone's; the panel draws it scaled to fit, upright.
    expect(await viewport(aliceFrame)).toEqual([390, 844]);
    const device = await alice.getByTestId('activity-device').boundingBox();
    const room = await panel(alice).boundingBox();
    expect(device && room).toBeTruthy();
    if (!device || !room) return;
    expect(device.width / device.height).toBeCloseTo(390 / 844, 2);
    expect(device.height).toBeLessThanOrEqual(room.height);
    expect(room.y + room.height).toBeLessThanOrEqual(VIEWPORT.height);
    // Told at once when it subscribed: upright (the SDK's PORTRAIT, 0).
    await fact(aliceFrame, 'orientation', '0');
    await fact(aliceFrame, 'layout-mode', '0');
    await painted(aliceFrame);
    await alice.screenshot({ path: join(SCREENSHOTS, 'activity-mobile.png') });
    await usable(alice, 'the phone');
  });

  it('turns the phone with the rotate button, from the keyboard too, and holds it where the Activity locks it', async () => {
    await alice.getByTestId('activity-rotate').focus();
    await alice.keyboard.press('Enter');
    await panel(alice).and(alice.locator('[data-orientation="landscape"]')).waitFor();
    await fact(aliceFrame, 'orientation', '1');
    expect(await viewport(aliceFrame)).toEqual([844, 390]);
    await painted(aliceFrame);
    await alice.screenshot({ path: join(SCREENSHOTS, 'activity-mobile-landscape.png') });

    // setOrientationLockState(PORTRAIT): the phone turns upright and stays so.
    expect(await lockOrientation(aliceFrame, 2, 'lock-portrait')).toEqual([1, { cmd: 'SET_ORIENTATION_LOCK_STATE', evt: null, nonce: 'lock-portrait', data: null }]);
    await panel(alice).and(alice.locator('[data-orientation="portrait"]')).waitFor();
    await fact(aliceFrame, 'orientation', '0');
    expect(await alice.getByTestId('activity-rotate').isDisabled()).toBe(true);
    expect(await alice.getByTestId('activity-rotate').getAttribute('title')).toBe('The Activity locked the phone in portrait');
    // Unlocked: the person may turn it again.
    await lockOrientation(aliceFrame, 1, 'unlock');
    expect(await alice.getByTestId('activity-rotate').isDisabled()).toBe(false);
  });

  it('shrinks to a picture-in-picture tile and back without reloading the frame, telling the Activity each time', async () => {
    await aliceFrame.evaluate('window.stillTheSamePage = "yes"');
    await alice.getByTestId('activity-pip').click();
    await panel(alice).and(alice.locator('[data-layout="pip"]')).waitFor();
    await fact(aliceFrame, 'layout-mode', '1');
    expect(await alice.getByTestId('activity-pip').getAttribute('aria-pressed')).toBe('true');
    // An upright phone's tile, small, over the chat.
    expect(await viewport(aliceFrame)).toEqual([180, 320]);
    const tile = await panel(alice).boundingBox();
    expect(tile && tile.width < 400 && tile.height < 400).toBe(true);
    await painted(aliceFrame);
    await alice.screenshot({ path: join(SCREENSHOTS, 'activity-pip.png') });
    await usable(alice, 'the picture-in-picture tile');

    await alice.getByTestId('activity-pip').focus();
    await alice.keyboard.press('Enter');
    await panel(alice).and(alice.locator('[data-layout="focused"]')).waitFor();
    await fact(aliceFrame, 'layout-mode', '0');
    expect(aliceFrame.isDetached()).toBe(false);
    expect(await aliceFrame.evaluate('window.stillTheSamePage')).toBe('yes');
    expect(await viewport(aliceFrame)).toEqual([390, 844]);
  });

  it('lets Bob join from the launch message\'s Join button, and both frames list both people; his leaving updates hers', async () => {
    // Alice is in it: nothing for her to join.
    await launchMessage(alice).waitFor();
    expect(await launchMessage(alice).getByTestId('activity-join').count()).toBe(0);
    const joinButton = launchMessage(bob).getByTestId('activity-join');
    await joinButton.waitFor();
    expect(await launchMessage(bob).getByTestId('activity-join-count').textContent()).toBe('1 person in it');
    await joinButton.focus();
    await bob.screenshot({ path: join(SCREENSHOTS, 'activity-join.png') });
    await usable(bob, 'the launch message with Join');
    await bob.keyboard.press('Enter');
    const bobFrame = await consent(bob);
    expect(await panel(bob).getAttribute('data-instance-id')).toBe(await panel(alice).getAttribute('data-instance-id'));
    // Bob's page read them with getInstanceConnectedParticipants; Alice's heard the participants update.
    await bobFrame.locator('[data-testid="participants"]', { hasText: 'Alice, Bobby' }).waitFor();
    await aliceFrame.locator('[data-testid="participants"]', { hasText: 'Alice, Bobby' }).waitFor();
    // Bob's client kept the desktop it loaded with: one instance, a phone and a desktop in it.
    await fact(bobFrame, 'platform', 'desktop');
    expect(await launchMessage(bob).getByTestId('activity-join').count()).toBe(0);

    await bob.getByTestId('activity-close').click();
    await aliceFrame.locator('[data-testid="participants"]', { hasText: /^Alice$/ }).waitFor();
    // Still running, with Alice: Bob may join again.
    await launchMessage(bob).getByTestId('activity-join').waitFor();
  });
});
