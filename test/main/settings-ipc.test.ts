/**
 * The desktop app's settings over IPC, without launching Electron: the main process serves
 * readSettings/writeSettings from the same host methods as browser mode, kept in the data
 * directory's settings.json (0600), for the registry's own top-level page only; the preload
 * exposes both as plain functions.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type ClientSettings } from '../../src/shared/client-settings.js';
import { hostChannel } from '../../src/shared/host-channels.js';
import { hostMethods } from '../../src/registry/host/host-methods.js';
import { RedirectInbox } from '../../src/registry/host/redirect-inbox.js';
import { SETTINGS_FILE_NAME, settingsFile } from '../../src/registry/host/settings-file.js';
import { openStore, type Store } from '../../src/registry/store/store.js';

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
const PAGE = { senderFrame: { url: `${REGISTRY}/`, parent: null } };
const CHOSEN: ClientSettings = {
  registry: 'remote', remote: { url: 'http://10.0.0.5:8484', tokens: ['secret-token'], acting_user_id: null },
  acting_user_id: null, locale: 'de', theme: 'system', activity_platform: 'mobile',
};

let directory: string;
let store: Store;

beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), 'slashbench-desktop-settings-'));
  store = openStore(':memory:');
  const { serveHostContract } = await import('../../src/main/host-ipc.js');
  const authorization = { redirects: new RedirectInbox(), registryUrl: () => REGISTRY, deepLinkScheme: 'slashbench' };
  serveHostContract(hostMethods(store, Date.now, settingsFile(join(directory, SETTINGS_FILE_NAME)), authorization), () => REGISTRY);
});

afterEach(async () => {
  await store.close();
  rmSync(directory, { recursive: true, force: true });
});

const call = (method: 'readSettings' | 'writeSettings', event: unknown, input: unknown) => electron.handlers.get(hostChannel(method))!(event, input);

describe('settings over IPC', () => {
  it('reads the defaults, keeps a write in the data directory readable by the owner only, and reads it back', async () => {
    expect(await call('readSettings', PAGE, {})).toEqual({ ok: true, value: { settings: DEFAULT_SETTINGS, warning: null } });
    expect(await call('writeSettings', PAGE, { settings: CHOSEN })).toEqual({ ok: true, value: { settings: CHOSEN } });
    const file = join(directory, SETTINGS_FILE_NAME);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(CHOSEN);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await call('readSettings', PAGE, undefined)).toEqual({ ok: true, value: { settings: CHOSEN, warning: null } });
  });

  it('answers only the registry\'s page in the main frame, and checks input against the contract', async () => {
    const activityFrame = { senderFrame: { url: `${REGISTRY}/`, parent: {} } };
    const elsewhere = { senderFrame: { url: 'https://evil.example/', parent: null } };
    for (const event of [activityFrame, elsewhere]) {
      expect(await call('readSettings', event, {})).toMatchObject({ ok: false, error: { code: 'loopback-only' } });
      expect(await call('writeSettings', event, { settings: CHOSEN })).toMatchObject({ ok: false, error: { code: 'loopback-only' } });
    }
    expect(await call('writeSettings', PAGE, { settings: { ...CHOSEN, theme: 'neon' } })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    expect(await call('readSettings', PAGE, {})).toMatchObject({ ok: true, value: { settings: DEFAULT_SETTINGS } });
  });

  it('is on the preload\'s bridge as two plain functions', async () => {
    await import('../../src/preload/index.js');
    const bridge = electron.exposed.get('slashbenchHost') as Record<string, (input: unknown) => Promise<unknown>>;
    await bridge.readSettings!({});
    await bridge.writeSettings!({ settings: CHOSEN });
    expect(electron.invoked).toEqual([['slashbench:host:readSettings', {}], ['slashbench:host:writeSettings', { settings: CHOSEN }]]);
  });
});
