/**
 * How the client frames an Activity: its address (the app's Activity origin through the
 * registry's proxy, or its Application URL Override, with the launch parameters) in an
 * <iframe> that may run the app's scripts, forms and popups, and nothing of the client's.
 * Beside it, the client's message sender (shared/activity-sender.ts) carries the client's
 * messages in with an origin the SDK hears, whatever address the client is opened at.
 *
 * A frame on its own origin keeps that origin (`allow-same-origin`): the browser's
 * same-origin policy already keeps it out of the client's page, storage and tokens. A frame
 * served by the client's own server must not: with its scripts and the client's origin it
 * could lift its own sandbox, read the page, and call the host contract (`/_host/session`
 * mints session tokens) as if it were the client. So such a frame gets an opaque origin.
 * The registry answers on every loopback name at once (localhost, 127.0.0.1, [::1]), so
 * "the client's own server" means the same origin, or the same port on a loopback name.
 */

import { activityProxyOrigin, resolveActivityUrl } from '../../../shared/activity-url.js';

/** What every Activity frame may do. */
export const ACTIVITY_SANDBOX = ['allow-scripts', 'allow-forms', 'allow-popups'] as const;

/** Browser features the frame may ask for: sound and video without a click, nothing more. */
export const ACTIVITY_ALLOW = 'autoplay';

export type ActivityFrame =
  | {
    ok: true;
    /** The Activity's address, launch parameters included. */
    src: string;
    sandbox: string;
    allow: string;
    referrerPolicy: 'no-referrer';
    ownOrigin: boolean;
    /** The origin the Activity's messages come from: its own, or 'null' for an opaque frame. */
    activityOrigin: string;
  }
  | { ok: false; reason: string };

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

function port(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Whether `url` is served by the same server as the client at `clientOrigin`. */
export function servedByClient(url: URL, clientOrigin: string): boolean {
  let client: URL;
  try {
    client = new URL(clientOrigin);
  } catch {
    return true; // Unknown: assume the worst.
  }
  if (url.origin === client.origin) return true;
  return port(url) === port(client) && LOOPBACK_HOST.test(url.hostname) && LOOPBACK_HOST.test(client.hostname);
}

/** The frame for an activity URL, or why it is refused (only http and https pages are framed). */
export function activityFrame(activityUrl: string, clientOrigin: string): ActivityFrame {
  let url: URL;
  try {
    url = new URL(activityUrl);
  } catch {
    return { ok: false, reason: `The Activity's URL is not a valid address: ${activityUrl}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, reason: `The Activity's URL must be http or https, not ${url.protocol}` };
  }
  const ownOrigin = !servedByClient(url, clientOrigin);
  const sandbox = ownOrigin ? [...ACTIVITY_SANDBOX, 'allow-same-origin'] : [...ACTIVITY_SANDBOX];
  return {
    ok: true, src: url.toString(), sandbox: sandbox.join(' '), allow: ACTIVITY_ALLOW, referrerPolicy: 'no-referrer', ownOrigin,
    activityOrigin: ownOrigin ? url.origin : 'null',
  };
}

/** What the panel needs to know of the open Activity to frame it. */
export interface FramedActivity {
  /** The launch's address: a path of the app's Activity origin when proxied, else its URL override (or a registry path). */
  url: string;
  proxied: boolean;
  /** The port of the app's Activity origin on the registry's host, for a proxied one. */
  proxyPort: number | null;
}

/**
 * The frame for an open Activity: a proxied one at its app's own origin on the registry
 * (shared/activity-url.ts), an Application URL Override as it is (a registry path resolved
 * against the registry).
 */
export function framedActivity(activity: FramedActivity, registry: string, clientOrigin: string): ActivityFrame {
  if (!activity.proxied) return activityFrame(resolveActivityUrl(activity.url, registry), clientOrigin);
  if (activity.proxyPort === null) return { ok: false, reason: 'The registry named no port for the Activity\'s origin: launch it again.' };
  return activityFrame(new URL(activity.url, activityProxyOrigin(registry, activity.proxyPort)).toString(), clientOrigin);
}
