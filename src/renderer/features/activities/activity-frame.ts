/**
 * How the client frames an Activity: its activity_url (with the launch parameters) in an
 * <iframe> that may run the app's scripts, forms and popups, and nothing of the client's.
 *
 * A frame on its own origin keeps that origin (`allow-same-origin`): the browser's
 * same-origin policy already keeps it out of the client's page, storage and tokens. A frame
 * served by the client's own server must not: with its scripts and the client's origin it
 * could lift its own sandbox, read the page, and call the host contract (`/_host/session`
 * mints session tokens) as if it were the client. So such a frame gets an opaque origin.
 * The registry answers on every loopback name at once (localhost, 127.0.0.1, [::1]), so
 * "the client's own server" means the same origin, or the same port on a loopback name.
 */

/** What every Activity frame may do. */
export const ACTIVITY_SANDBOX = ['allow-scripts', 'allow-forms', 'allow-popups'] as const;

/** Browser features the frame may ask for: sound and video without a click, nothing more. */
export const ACTIVITY_ALLOW = 'autoplay';

export type ActivityFrame =
  | { ok: true; src: string; sandbox: string; allow: string; referrerPolicy: 'no-referrer'; ownOrigin: boolean }
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
  return { ok: true, src: url.toString(), sandbox: sandbox.join(' '), allow: ACTIVITY_ALLOW, referrerPolicy: 'no-referrer', ownOrigin };
}

/**
 * The origins the Embedded App SDK takes messages from (`getAllowedOrigins` in its
 * Discord.ts), besides the frame's own: Discord's, its development origin, and a null one.
 */
export const SDK_PARENT_ORIGINS = [
  'https://discord.com', 'https://discordapp.com', 'https://ptb.discord.com', 'https://ptb.discordapp.com',
  'https://canary.discord.com', 'https://canary.discordapp.com', 'https://staging.discord.co', 'http://localhost:3333',
  'https://pax.discord.com', 'null',
] as const;

/**
 * Whether the SDK in a frame at `frameUrl` reads the client's messages: the SDK compares
 * each message's origin with its page's address (`location.origin`, the URL's origin even in
 * an opaque frame) and its list. An Activity on another server than the client's ignores
 * them, and its `ready()` never resolves.
 */
export function sdkHearsClient(frameUrl: string, clientOrigin: string): boolean {
  return new URL(frameUrl).origin === clientOrigin || (SDK_PARENT_ORIGINS as readonly string[]).includes(clientOrigin);
}
