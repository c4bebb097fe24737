/**
 * The desktop app: starts a local registry on a free loopback port with the user's data
 * directory, opens the client in a locked-down window (security.ts), and carries the host
 * contract over IPC. Everything else lives in the registry and the client.
 */
import { join, resolve } from 'node:path';
import { app, BrowserWindow, session, shell } from 'electron';
import { hostMethods } from '../registry/host/host-methods.js';
import { RedirectInbox } from '../registry/host/redirect-inbox.js';
import { startRegistry, type RunningRegistry } from '../registry/start.js';
import { DEEP_LINK_SCHEME, deepLinkIn, isDeepLink } from './deep-link.js';
import { serveHostContract } from './host-ipc.js';
import { externalLinkAllowed, frameNavigationAllowed, navigationAllowed, windowPreferences } from './security.js';

let registry: RunningRegistry | undefined;
/** Authorize redirects: the registry's loopback route and this app's deep links land here (deep-link.ts). */
const redirects = new RedirectInbox(Date.now);

function receiveDeepLink(link: string | undefined): void {
  if (link !== undefined && isDeepLink(link)) redirects.deliver(link, 'deep-link');
}

async function open(): Promise<void> {
  registry = await startRegistry({ host: '127.0.0.1', port: 0, dataDirectory: app.getPath('userData'), redirects });
  const url = registry.url;
  serveHostContract(hostMethods(registry.store, Date.now, registry.settings, { redirects, registryUrl: () => url, deepLinkScheme: DEEP_LINK_SCHEME }), () => url);
  // The client needs no camera, microphone, notifications or the like.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, answer) => answer(false));
  const window = new BrowserWindow({
    width: 1280, height: 820, title: 'Slashbench',
    webPreferences: windowPreferences(join(import.meta.dirname, '../preload/index.cjs')),
  });
  window.webContents.on('will-navigate', (event, target) => {
    if (!navigationAllowed(target, url)) event.preventDefault();
  });
  // An Activity's frame: web pages only, wherever it navigates.
  window.webContents.on('will-frame-navigate', (details) => {
    if (!details.isMainFrame && !frameNavigationAllowed(details.url)) details.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url: target }) => {
    // The page following a redirect to this app's own scheme: the system would hand it straight back.
    if (isDeepLink(target)) receiveDeepLink(target);
    else if (externalLinkAllowed(target)) void shell.openExternal(target);
    return { action: 'deny' };
  });
  // The registry serves the page with its strict Content-Security-Policy header.
  await window.loadURL(`${url}/`);
}

// One instance owns the registry and the deep links: one the system starts for a link hands it over and quits.
const primary = app.requestSingleInstanceLock();
if (!primary) app.quit();
// Unpackaged (`electron .`), the system must be told how to start this app with the link.
if (process.defaultApp && process.argv[1] !== undefined) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [resolve(process.argv[1])]);
else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
app.on('open-url', (event, link) => {
  event.preventDefault();
  receiveDeepLink(link);
});
app.on('second-instance', (_event, argv) => receiveDeepLink(deepLinkIn(argv)));
receiveDeepLink(deepLinkIn(process.argv));

app.whenReady().then(() => (primary ? open() : undefined), (error: unknown) => {
  console.error('slashbench: could not start', error);
  app.exit(1);
});
app.on('window-all-closed', () => {
  void (registry?.close() ?? Promise.resolve()).finally(() => app.quit());
});
