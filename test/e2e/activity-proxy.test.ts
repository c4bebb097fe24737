/**
 * An Activity as Discord's guides write one, on its own Vite dev server, launched from the
 * client at the registry's default address, in Debian Chromium: the app's URL mappings send
 * `/` to the dev server, `/api` to its token server, `/quotes` to an "external" API (reached
 * through `patchUrlMappings`) and `/ws` to a WebSocket server, each on a port of its own,
 * and the registry's proxy serves them all on the app's own origin (a port of its own). Every
 * SDK step runs; the token comes through `/.proxy/api/token`; a WebSocket echoes through the
 * proxy; an edit of the Activity's source shows in the frame through Vite's hot reload (its
 * socket through the proxy too); `localStorage` survives a reload; an unmapped request is
 * blocked by the sandbox's CSP and shows in the launch's inspector entry with the mapping
 * that would allow it; and a second person in the instance is seen by both frames. Every wait
 * is on the page's state or a server's event, never on a timer.
 */
import { once } from 'node:events';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { startRegistry, type RunningRegistry } from '../../src/registry/start.js';
import { openBrowser, type TestBrowser } from '../helpers/chromium.js';
import { buildClient, type ClientBuild } from '../helpers/client-build.js';
import { EXAMPLE } from '../helpers/listening-registry.js';
import { EXAMPLE_WORLD, REPO_ROOT } from '../helpers/registry-process.js';

const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');
const FIXTURE = join(REPO_ROOT, 'test', 'e2e', 'fixtures', 'proxied-activity');
/** Example Activity, with its client secret (examples/world.json). */
const ACTIVITY = { id: '1184502477317230592', secret: 'secret.example-activity.Jc8Wm3Ps6Ld1' };

let client: ClientBuild;
let dataDirectory: string;
/** The fixture's copy that Vite serves and the test edits; inside the checkout, so the SDK resolves from its node_modules. */
let source: string;
let registry: RunningRegistry;
let vite: ViteDevServer;
let servers: Server[] = [];
let sockets: WebSocketServer;
let browser: TestBrowser;
let alice: Page;

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The Activity's server of Discord's guide: it exchanges the code from authorize() with the app's secret. */
function tokenServer(): Server {
  return createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url !== '/token') return void response.writeHead(404).end();
      const { code } = JSON.parse(Buffer.concat(chunks).toString()) as { code: string };
      const form = new URLSearchParams({ client_id: ACTIVITY.id, client_secret: ACTIVITY.secret, grant_type: 'authorization_code', code });
      fetch(`${registry.url}/api/v10/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form })
        .then(async (exchanged) => {
          const answer = await exchanged.json() as { access_token?: string };
          response.writeHead(exchanged.status, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: answer.access_token }));
        })
        .catch(() => response.writeHead(502).end());
    });
  });
}

async function openClient(userId: string): Promise<Page> {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  page.on('pageerror', (error) => console.error('page error:', error));
  await page.goto(`${registry.url}/?user=${userId}`);
  await page.locator(`body[data-ready="true"][data-user-id="${userId}"]`).waitFor();
  return page;
}

/** The Activity's frame in the panel. */
async function activityFrame(page: Page): Promise<Frame> {
  await page.getByTestId('activity-frame').waitFor();
  const frame = await (await page.getByTestId('activity-frame').elementHandle())?.contentFrame();
  if (!frame) throw new Error('the Activity panel has no frame');
  return frame;
}

/** Launches Example Activity from the App Launcher and consents for it. */
async function launch(page: Page): Promise<Frame> {
  await page.getByTestId('app-launcher-button').click();
  await page.locator(`[data-testid="app-launcher-entry"][data-application-id="${ACTIVITY.id}"]`).click();
  const frame = await activityFrame(page);
  const signedIn = frame.getByTestId('authenticate').filter({ hasNotText: 'waiting' });
  // The consent screen asks each time the page asks; a consent already given may skip it.
  const consent = page.getByTestId('consent-authorize');
  await Promise.race([consent.waitFor().then(() => consent.click()), signedIn.waitFor()]).catch(() => undefined);
  await signedIn.waitFor();
  return frame;
}

const text = (frame: Frame, id: string) => frame.getByTestId(id).textContent();

describe('an Activity on its own dev server, through the registry\'s proxy', () => {
  beforeAll(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    await mkdir(join(REPO_ROOT, 'out'), { recursive: true });
    source = await mkdtemp(join(REPO_ROOT, 'out', 'e2e-activity-'));
    await cp(FIXTURE, source, { recursive: true });
    client = await buildClient();
    dataDirectory = await mkdtemp(join(tmpdir(), 'slashbench-proxy-e2e-'));
    registry = await startRegistry({ host: '127.0.0.1', port: 0, dataDirectory, worldFile: EXAMPLE_WORLD, clientDirectory: client.directory });
    const token = await listen(tokenServer());
    const quotes = await listen(createServer((request, response) => {
      response.writeHead(request.url === '/today' ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify({ text: 'Ship small, ship often' }));
    }));
    sockets = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/echo' });
    await once(sockets, 'listening');
    sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo ${String(data)}`)));
    vite = await createViteServer({
      root: source, configFile: false, logLevel: 'warn', cacheDir: join(source, '.vite'),
      server: { host: '127.0.0.1', port: 0 },
      // The SDK pre-bundled at start: a dependency found later would reload the page mid-launch.
      optimizeDeps: { include: ['@discord/embedded-app-sdk'], noDiscovery: true },
      define: {
        'import.meta.env.VITE_CLIENT_ID': JSON.stringify(ACTIVITY.id),
        'import.meta.env.VITE_QUOTES': JSON.stringify(quotes),
        // A server the mappings reach only as /api: named directly, the sandbox blocks it.
        'import.meta.env.VITE_BLOCKED': JSON.stringify(`http://${token}/blocked`),
      },
    });
    await vite.listen();
    const root = `127.0.0.1:${(vite.httpServer?.address() as AddressInfo).port}`;
    const edited = await fetch(`${registry.url}/_slashbench/applications/${ACTIVITY.id}`, {
      method: 'PATCH', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' },
      body: JSON.stringify({
        activity_url: null,
        url_mappings: [
          { prefix: '/api', target: token },
          { prefix: '/quotes', target: quotes },
          { prefix: '/ws', target: `127.0.0.1:${(sockets.address() as AddressInfo).port}` },
          { prefix: '/', target: root },
        ],
      }),
    });
    expect(edited.status, await edited.clone().text()).toBe(200);
    browser = await openBrowser();
    alice = await openClient(EXAMPLE.alice.id);
  });

  afterAll(async () => {
    await browser?.close();
    await vite?.close();
    sockets?.close();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    servers = [];
    await registry?.close();
    await rm(dataDirectory, { recursive: true, force: true });
    await rm(source, { recursive: true, force: true });
    await client?.remove();
  });

  it('runs every SDK step on the app\'s own origin, its token through /.proxy/api/token', async () => {
    const frame = await launch(alice);
    // The app's own origin: the registry's host, the port of the app's own listener.
    const origin = await frame.evaluate('location.origin') as string;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(origin).not.toBe(registry.url);
    expect(await text(frame, 'ready')).toBe('ready desktop');
    expect(await text(frame, 'authorize')).toBe('code');
    expect(await text(frame, 'token')).toBe('token');
    expect(await text(frame, 'authenticate')).toBe('alice');
    await alice.screenshot({ path: join(SCREENSHOTS, 'activity-proxy.png') });
  });

  it('reaches an external API through patchUrlMappings, and a WebSocket server through the proxy', async () => {
    const frame = await activityFrame(alice);
    await frame.locator('[data-testid="quote"]', { hasText: 'Ship small, ship often' }).waitFor();
    await frame.locator('[data-testid="socket"]', { hasText: 'echo ping' }).waitFor();
  });

  it('blocks a request to an unmapped origin, and shows it in the launch\'s inspector entry with the mapping that allows it', async () => {
    const frame = await activityFrame(alice);
    await frame.locator('[data-testid="blocked"]', { hasText: 'blocked' }).waitFor();
    await alice.locator('[data-testid="inspector-toggle"][aria-pressed="false"]').click();
    const entry = alice.locator('[data-testid="inspector-entry"]').filter({ hasText: 'Launch' }).last();
    if (!(await entry.getByTestId('inspector-frame').count())) await entry.locator('.inspector__summary').click();
    const detail = entry.getByTestId('inspector-proxy-detail').first();
    await detail.waitFor();
    expect(await detail.textContent()).toMatch(/^Blocked by the Activity's Content-Security-Policy \(connect-src\): http:\/\/127\.0\.0\.1:\d+.* Request it through the mapping \/api -> 127\.0\.0\.1:\d+/);
    expect(await entry.getByTestId('inspector-frame-label').filter({ hasText: 'BLOCKED connect-src' }).count()).toBeGreaterThan(0);
    await alice.screenshot({ path: join(SCREENSHOTS, 'activity-proxy-blocked.png') });
    await alice.locator('[data-testid="inspector-toggle"][aria-pressed="true"]').click();
  });

  it('shows an edit of the Activity\'s source through Vite\'s hot reload, its socket through the proxy', async () => {
    const frame = await activityFrame(alice);
    expect(await text(frame, 'hmr')).toBe('Hello from the first version');
    const file = join(source, 'message.js');
    await writeFile(file, (await readFile(file, 'utf8')).replace('the first version', 'an edit, hot'));
    await frame.locator('[data-testid="hmr"]', { hasText: 'Hello from an edit, hot' }).waitFor();
    // A hot update, not a reload: the page still knows who signed in.
    expect(await text(frame, 'authenticate')).toBe('alice');
  });

  it('keeps the Activity\'s localStorage across a reload of its frame, which handshakes again', async () => {
    const frame = await activityFrame(alice);
    const loads = Number(await text(frame, 'loads'));
    await frame.evaluate('location.reload()');
    const again = await activityFrame(alice);
    await again.locator('[data-testid="loads"]', { hasText: String(loads + 1) }).waitFor();
    await again.locator('[data-testid="ready"]', { hasText: 'ready desktop' }).waitFor();
  });

  it('puts a second person in the same instance, and both frames list both', async () => {
    const bob = await openClient(EXAMPLE.bob.id);
    const bobFrame = await launch(bob);
    expect(await text(bobFrame, 'authenticate')).toBe('bob');
    expect(await bob.getByTestId('activity-panel').getAttribute('data-instance-id')).toBe(await alice.getByTestId('activity-panel').getAttribute('data-instance-id'));
    await bobFrame.locator('[data-testid="participants"]', { hasText: 'alice, bob' }).waitFor();
    // Alice's frame reloaded above (it shows READY only); open it afresh to read its participants.
    await alice.getByTestId('activity-close').click();
    const aliceFrame = await launch(alice);
    await aliceFrame.locator('[data-testid="participants"]', { hasText: 'alice, bob' }).waitFor();
    await bob.getByTestId('activity-close').click();
    await aliceFrame.locator('[data-testid="participants"]', { hasText: /^alice$/ }).waitFor();
    await bob.close();
  });
});
