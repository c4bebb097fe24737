/**
 * The desktop window's security decisions, as plain data and functions with no Electron
 * import, so a test can read them and fail if one is weakened: an isolated, sandboxed
 * renderer without Node, navigation confined to the local registry, windows opened only in
 * the system browser, Activity frames only on http(s), and IPC answered only for the
 * registry's own top-level page.
 */
import { SENDER_URL } from '../shared/activity-sender.js';

/** The window's webPreferences (Electron `BrowserWindowConstructorOptions['webPreferences']`). */
export function windowPreferences(preloadPath: string) {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: false,
  } as const;
}

function sameOrigin(url: string, registryUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(registryUrl).origin;
  } catch {
    return false;
  }
}

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Whether the window may navigate to `url`: only pages of the local registry. */
export function navigationAllowed(url: string, registryUrl: string): boolean {
  return sameOrigin(url, registryUrl);
}

/**
 * Whether a frame inside the page may load `url`: an app's Activity is a web page (http or
 * https), and beside it the client's own message sender (shared/activity-sender.ts, a data:
 * URL of fixed content); never a file, another data: or javascript: URL, or the app's own
 * slashbench: deep link. This guard holds even for a frame that navigates itself.
 */
export function frameNavigationAllowed(url: string): boolean {
  return isWebUrl(url) || url === SENDER_URL;
}

/** Whether a link the page tries to open in a new window may go to the system browser. */
export function externalLinkAllowed(url: string): boolean {
  return isWebUrl(url);
}

/**
 * Whether an IPC call comes from the registry's own page in the main frame: not from an
 * Activity's frame, not from a page navigated elsewhere.
 */
export function trustedSender(frame: { url: string; parent: unknown } | null | undefined, registryUrl: string): boolean {
  return frame !== null && frame !== undefined && frame.parent === null && sameOrigin(frame.url, registryUrl);
}
