/**
 * The Authorize flow through the client in Debian Chromium, against a registry on a real
 * port with the example world: the panel builds AuthorizationArgs with the native addon
 * (through the host contract), the consent screen asks Alice, the redirect opens in a new
 * window on the registry's loopback route, and the client checks the state, exchanges the
 * code with its verifier and verifies the id_token. The token then edits a command's
 * permissions, seen through the API. Each one-click failure ends where it should: Cancel
 * (access_denied), a tampered state, a wrong verifier, an expired code. Screenshots go to
 * test-results/screenshots/. Every wait is on the page's state, never on a timer.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorldFile } from '../../src/registry/start.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';
import { EXAMPLE_WORLD, REPO_ROOT } from '../helpers/registry-process.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
const EDIT = 'applications.commands.permissions.update';
const GAME = (() => {
  const game = readWorldFile(EXAMPLE_WORLD).applications.find((app) => app.name === 'Example Game');
  if (!game?.bot_token) throw new Error('examples/world.json lost its Example Game');
  return { id: game.id, token: game.bot_token };
})();

let client: ClientBuild;
let registry: ListeningRegistry;
let browser: TestBrowser;
let page: Page;
/** Where each window the client opened went: the browser following a redirect. */
const followed: string[] = [];

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

const outcome = () => page.getByTestId('flow-outcome');

/** Starts the flow with `button`, waits for the consent screen, answers it, and waits for the outcome. */
async function run(button: string, answer: 'consent-authorize' | 'consent-cancel'): Promise<string> {
  await page.getByTestId(button).click();
  await page.getByTestId('consent').waitFor();
  await page.getByTestId(answer).click();
  await outcome().waitFor();
  return (await outcome().textContent()) ?? '';
}

describe('the Authorize flow in Chromium', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    client = await buildClient();
    registry = await builtRegistry({ clientDirectory: client.directory });
    browser = await openBrowser();
    page = await browser.context.newPage();
    // Windows the client opens afterwards are the browser following a redirect: note where, and close them.
    browser.context.on('page', (opened) => {
      void opened.waitForLoadState().then(async () => {
        followed.push(opened.url());
        await opened.close();
      });
    });
    page.on('pageerror', (error) => console.error('page error:', error));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await registry?.close();
    await client?.remove();
  });

  it('builds AuthorizationArgs field by field with the native addon, and shows the URL', async () => {
    await page.goto(`${registry.url}/`);
    await page.locator(`body[data-ready="true"][data-user-id="${EXAMPLE.alice.id}"]`).waitFor();
    await page.getByTestId('authorize-open').click();
    await page.getByTestId('authorize-panel').waitFor();
    const url = page.getByTestId('authorize-url');
    await url.filter({ hasText: 'code_challenge_method=S256' }).waitFor();
    expect(await page.getByTestId('authorize-client-id').inputValue()).toBe(GAME.id);
    expect(await page.getByTestId('authorize-verifier').textContent()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const challenge = (await page.getByTestId('authorize-challenge').textContent()) ?? '';
    expect(await url.textContent()).toContain(`code_challenge=${challenge}`);

    await page.getByTestId('authorize-default-presence').click();
    await url.filter({ hasText: 'scope=openid%20sdk.social_layer_presence&' }).waitFor();
    await page.getByTestId('authorize-default-communication').click();
    await page.getByTestId('authorize-scope-applications.commands').check();
    await page.getByTestId(`authorize-scope-${EDIT}`).check();
    await url.filter({ hasText: `scope=openid%20applications.commands%20${EDIT}%20sdk.social_layer&` }).waitFor();
    expect(await url.textContent()).toContain(`redirect_uri=${encodeURIComponent(`${registry.url}/callback`)}`);
    expect(await page.getByTestId('authorize-redirect-custom-scheme').isDisabled()).toBe(true);

    await page.getByTestId('authorize-client-id').fill('12x');
    await page.getByTestId('authorize-url-error').filter({ hasText: 'setClientId' }).waitFor();
    expect(await page.getByTestId('authorize-start').isDisabled()).toBe(true);
    await page.getByTestId('authorize-client-id').fill(GAME.id);
    await url.waitFor();
    await screenshot('authorize-01-panel');
  });

  it('runs the flow to a verified token through the consent screen and the loopback redirect', async () => {
    await page.getByTestId('authorize-start').click();
    await page.getByTestId('consent').waitFor();
    expect(await page.getByTestId('consent-app').textContent()).toBe('Example Game');
    expect(await page.getByTestId('consent-user').textContent()).toContain('Alice');
    expect(await page.getByTestId('consent-scope').evaluateAll((items) => items.map((item) => item.getAttribute('data-scope'))))
      .toEqual(['openid', 'applications.commands', EDIT, 'sdk.social_layer']);
    await page.getByTestId('consent-guild').selectOption(EXAMPLE.guild);
    await screenshot('authorize-02-consent');

    await page.getByTestId('consent-authorize').click();
    await outcome().and(page.locator('[data-ok="true"]')).waitFor();
    expect(await outcome().textContent()).toBe('Authorized: signature valid, nonce matches. The token is ready.');
    for (const step of ['verifier', 'url', 'consent', 'decision', 'redirect', 'token', 'keys', 'id-token']) {
      expect(await page.getByTestId(`flow-step-${step}`).getAttribute('data-status')).toBe('ok');
    }
    expect(followed.some((url) => url.startsWith(`${registry.url}/callback?code=`))).toBe(true);
    const claims = JSON.parse((await page.getByTestId('flow-step-id-token-document').textContent()) ?? '{}') as { claims: Record<string, unknown> };
    expect(claims.claims).toMatchObject({ iss: registry.url, aud: GAME.id, sub: EXAMPLE.alice.id });
    // A tall window shows the whole timeline at once.
    await page.setViewportSize({ width: 1440, height: 1900 });
    await screenshot('authorize-03-timeline');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('edits a command\'s permissions with the token, as the API then shows', async () => {
    const created = await fetch(`${registry.url}/api/v10/applications/${GAME.id}/guilds/${EXAMPLE.guild}/commands`, {
      method: 'POST', headers: { authorization: `Bot ${GAME.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'kick-off', description: 'Start a match' }),
    });
    expect(created.status).toBe(201);
    const command = await created.json() as { id: string };
    await page.getByTestId('permission-guild').selectOption(EXAMPLE.guild);
    await page.locator(`[data-testid="permission-command"] option[value="${command.id}"]`).waitFor({ state: 'attached' });
    await page.getByTestId('permission-command').selectOption(command.id);
    await page.getByTestId('permission-result').and(page.locator('[data-status="404"]')).waitFor();
    await page.getByTestId('permission-target').selectOption(`2:${EXAMPLE.bob.id}`);
    await page.getByTestId('permission-allow').selectOption('false');
    await page.getByTestId('permission-add').click();
    await page.getByTestId('permission-save').click();
    await page.getByTestId('permission-result').and(page.locator('[data-status="200"]')).waitFor();
    expect(await page.getByTestId(`permission-overwrite-${EXAMPLE.bob.id}`).textContent()).toContain('Bobby: denied');
    await page.getByTestId('permission-editor').scrollIntoViewIfNeeded();
    await screenshot('authorize-04-permissions');
    const read = await fetch(`${registry.url}/api/v10/applications/${GAME.id}/guilds/${EXAMPLE.guild}/commands/${command.id}/permissions`, {
      headers: { authorization: `Bot ${GAME.token}` },
    });
    expect(await read.json()).toEqual({ id: command.id, application_id: GAME.id, guild_id: EXAMPLE.guild, permissions: [{ id: EXAMPLE.bob.id, type: 2, permission: false }] });
  });

  it('ends each one-click failure where it should', async () => {
    expect(await run('authorize-start', 'consent-cancel')).toBe('The authorization ended with access_denied.');
    expect(await page.getByTestId('flow-step-redirect').getAttribute('data-status')).toBe('failed');

    expect(await run('authorize-start-tamper-state', 'consent-authorize')).toBe('State mismatch: the client refused the redirect.');
    expect(await page.getByTestId('flow-step-redirect-summary').textContent()).toContain('got state-of-another-request');
    expect(await page.getByTestId('flow-step-token').count()).toBe(0);
    await screenshot('authorize-05-state-mismatch');

    expect(await run('authorize-start-wrong-verifier', 'consent-authorize'))
      .toBe('The token endpoint refused the code: 400 invalid_grant: Invalid "code_verifier" in request.');
    expect(await page.getByTestId('flow-step-token-status').textContent()).toBe('400');

    expect(await run('authorize-start-expired-code', 'consent-authorize'))
      .toBe('The token endpoint refused the code: 400 invalid_grant: Invalid "code" in request.');
    expect(await page.getByTestId('flow-step-expire').getAttribute('data-status')).toBe('ok');
  });
});
