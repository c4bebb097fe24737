/**
 * The desktop app's security, read without launching Electron (its binary cannot be fetched
 * on the build machines): the window's options, the navigation and window-open guards, the
 * preload's surface, and the IPC sender check. A weakened setting fails here.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { HOST_METHODS } from '../../src/shared/host-channels.js';
import { memorySettings } from '../../src/registry/host/settings-file.js';
import { settingsMethods } from '../../src/registry/host/settings-methods.js';
import { authorizeMethods } from '../../src/registry/host/authorize-methods.js';
import { RedirectInbox } from '../../src/registry/host/redirect-inbox.js';
import { contentSecurityPolicy } from '../../src/registry/routes/client-files.js';
import { externalLinkAllowed, frameNavigationAllowed, navigationAllowed, trustedSender, windowPreferences } from '../../src/main/security.js';
import { SENDER_SCRIPT, SENDER_URL } from '../../src/shared/activity-sender.js';

const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  handlers: new Map<string, (event: unknown, input: unknown) => unknown>(),
  invoked: [] as Array<[string, unknown]>,
}));

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, value: unknown) => electron.exposed.set(name, value) },
  ipcRenderer: { invoke: async (channel: string, input: unknown) => electron.invoked.push([channel, input]) },
  ipcMain: { handle: (channel: string, handler: (event: unknown, input: unknown) => unknown) => electron.handlers.set(channel, handler) },
}));

const REGISTRY = 'http://127.0.0.1:40123';
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the window', () => {
  it('isolates the page: context isolation, sandbox, no Node anywhere, web security on', () => {
    expect(windowPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs', contextIsolation: true, sandbox: true, nodeIntegration: false,
      nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false, webSecurity: true,
      allowRunningInsecureContent: false, webviewTag: false,
    });
  });

  it('navigates only within the local registry and opens other windows in the system browser', () => {
    expect(navigationAllowed(`${REGISTRY}/channels/1`, REGISTRY)).toBe(true);
    expect(navigationAllowed('http://127.0.0.1:40124/', REGISTRY)).toBe(false);
    expect(navigationAllowed('https://example.com/', REGISTRY)).toBe(false);
    expect(navigationAllowed('file:///etc/passwd', REGISTRY)).toBe(false);
    expect(externalLinkAllowed('https://discord.com/developers')).toBe(true);
    expect(externalLinkAllowed('file:///etc/passwd')).toBe(false);
    expect(externalLinkAllowed('javascript:alert(1)')).toBe(false);
  });

  it('frames an Activity from any web address, and nothing else, under the page\'s policy', () => {
    expect(frameNavigationAllowed('https://activity.example.com/?instance_id=i-1')).toBe(true);
    expect(frameNavigationAllowed('http://127.0.0.1:40124/activity.html')).toBe(true);
    expect(frameNavigationAllowed('file:///etc/passwd')).toBe(false);
    expect(frameNavigationAllowed('data:text/html,<script>parent.slashbenchHost</script>')).toBe(false);
    expect(frameNavigationAllowed('javascript:alert(1)')).toBe(false);
    // The client's own Activity message sender, and nothing that only begins like it.
    expect(frameNavigationAllowed(SENDER_URL)).toBe(true);
    expect(frameNavigationAllowed(`${SENDER_URL}PHNjcmlwdD4`)).toBe(false);
    expect(frameNavigationAllowed(`${SENDER_URL}#x`)).toBe(false);
    expect(frameNavigationAllowed('slashbench://launch')).toBe(false);
    // The window shows the registry's page, so the registry's CSP is the window's.
    const policy = contentSecurityPolicy('127.0.0.1:40123').split('; ');
    // Web pages, and the message sender (a data: document): its one script runs by its hash, nothing else inline.
    expect(policy).toContain('frame-src http: https: data:');
    const relayHash = createHash('sha256').update(SENDER_SCRIPT).digest('base64');
    expect(policy).toEqual(expect.arrayContaining([
      "default-src 'self'", `script-src 'self' 'sha256-${relayHash}'`, "connect-src 'self' ws://127.0.0.1:40123 wss://127.0.0.1:40123", "frame-ancestors 'none'", "object-src 'none'",
    ]));
    expect(policy.join('; ')).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it('wires every guard in the main process', () => {
    const main = read('src/main/index.ts');
    expect(main).toMatch(/webPreferences: windowPreferences\(/);
    expect(main).toMatch(/on\('will-navigate'[\s\S]*?navigationAllowed\(/);
    expect(main).toMatch(/setWindowOpenHandler\([\s\S]*?action: 'deny'/);
    expect(main).toMatch(/on\('will-frame-navigate'[\s\S]*?frameNavigationAllowed\(/);
    expect(main).toMatch(/setPermissionRequestHandler\(/);
    expect(main).toMatch(/host: '127\.0\.0\.1'/);
    expect(main).not.toMatch(/nodeIntegration: true|contextIsolation: false|sandbox: false|webSecurity: false/);
  });
});

describe('the preload surface', () => {
  beforeEach(() => {
    electron.exposed.clear();
    electron.invoked.length = 0;
  });

  it('exposes one function per host-contract method, and never ipcRenderer', async () => {
    await import('../../src/preload/index.js');
    expect([...electron.exposed.keys()]).toEqual(['slashbenchHost']);
    const bridge = electron.exposed.get('slashbenchHost') as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual([...HOST_METHODS].sort());
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
    await (bridge.openSession as (input: unknown) => Promise<unknown>)({ user_id: '1' });
    expect(electron.invoked).toEqual([['slashbench:host:openSession', { user_id: '1' }]]);
    expect(read('src/preload/index.ts')).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*\)/);
  });
});

describe('the host contract over IPC', () => {
  it('answers only the registry page in the main frame, and checks input', async () => {
    const { serveHostContract } = await import('../../src/main/host-ipc.js');
    const calls: unknown[] = [];
    serveHostContract({
      ...settingsMethods(memorySettings()),
      ...authorizeMethods({ redirects: new RedirectInbox(), registryUrl: () => REGISTRY, deepLinkScheme: 'slashbench' }),
      listUsers: async () => ({ ok: true, value: { users: [] } }),
      openSession: async (input) => {
        calls.push(input);
        return { ok: true, value: { token: 't', user: { id: input.user_id, username: 'u', global_name: null, locale: null } } };
      },
    }, () => REGISTRY);
    const open = electron.handlers.get('slashbench:host:openSession')!;
    const page = { senderFrame: { url: `${REGISTRY}/`, parent: null } };
    expect(await open(page, { user_id: '42' })).toMatchObject({ ok: true, value: { token: 't' } });
    expect(calls).toEqual([{ user_id: '42' }]);
    const activityFrame = { senderFrame: { url: `${REGISTRY}/`, parent: {} } };
    expect(await open(activityFrame, { user_id: '42' })).toMatchObject({ ok: false, error: { code: 'loopback-only' } });
    const elsewhere = { senderFrame: { url: 'https://evil.example/', parent: null } };
    expect(await open(elsewhere, { user_id: '42' })).toMatchObject({ ok: false, error: { code: 'loopback-only' } });
    expect(await open(page, { user_id: 'me', extra: 1 })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(calls).toHaveLength(1);
    expect(trustedSender(null, REGISTRY)).toBe(false);
  });
});

describe('packaging (electron-builder.yml)', () => {
  it('builds AppImage, deb, dmg and nsis, with native binaries outside the asar and no rebuild', () => {
    const config = parse(read('electron-builder.yml'));
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.asarUnpack).toContain('**/*.node');
    expect(config.npmRebuild).toBe(false);
    expect(config.directories.buildResources).toBe('build');
    expect(config.files).toEqual(expect.arrayContaining(['out/**', 'native/build/Release/*.node', 'native/index.cjs']));
    expect(config.protocols[0].schemes).toEqual(['slashbench']);
    const scripts = JSON.parse(read('package.json')).scripts;
    expect(scripts.package).toMatch(/electron-builder/);
  });
});
