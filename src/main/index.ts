/**
 * The desktop app: starts a local registry on a free loopback port with the user's data
 * directory, opens the client in a locked-down window (security.ts), and carries the host
 * contract over IPC. Everything else lives in the registry and the client.
 */
import { join } from 'node:path';
import { app, BrowserWindow, session, shell } from 'electron';
import { hostMethods } from '../registry/host/host-methods.js';
import { startRegistry, type RunningRegistry } from '../registry/start.js';
import { serveHostContract } from './host-ipc.js';
import { externalLinkAllowed, navigationAllowed, windowPreferences } from './security.js';

let registry: RunningRegistry | undefined;

async function open(): Promise<void> {
  registry = await startRegistry({ host: '127.0.0.1', port: 0, dataDirectory: app.getPath('userData') });
  const url = registry.url;
  serveHostContract(hostMethods(registry.store, Date.now), () => url);
  // The client needs no camera, microphone, notifications or the like.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, answer) => answer(false));
  const window = new BrowserWindow({
    width: 1280, height: 820, title: 'Slashbench',
    webPreferences: windowPreferences(join(import.meta.dirname, '../preload/index.cjs')),
  });
  window.webContents.on('will-navigate', (event, target) => {
    if (!navigationAllowed(target, url)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    if (externalLinkAllowed(target)) void shell.openExternal(target);
    return { action: 'deny' };
  });
  // The registry serves the page with its strict Content-Security-Policy header.
  await window.loadURL(`${url}/`);
}

app.whenReady().then(open, (error: unknown) => {
  console.error('slashbench: could not start', error);
  app.exit(1);
});
app.on('window-all-closed', () => {
  void (registry?.close() ?? Promise.resolve()).finally(() => app.quit());
});
