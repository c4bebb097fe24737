/**
 * How the client's messages reach an Activity whose SDK would not hear them. The Embedded App
 * SDK reads only messages whose origin is its own page's, Discord's, `http://localhost:3333`
 * or `null` (`getAllowedOrigins` in its Discord.ts), so a client at any other address is
 * ignored and `ready()` never resolves. The client therefore keeps, beside the Activity's
 * frame, a hidden `data:` document whose origin is opaque (`null`): the client hands it each
 * message, and it posts the message into the Activity's window. The Activity stays a direct
 * child of the client, on its own origin: nothing opaque sits above it, so the browser gives
 * it its storage, cookies and IndexedDB as to any frame of its site. What the Activity posts
 * reaches the client directly (the SDK posts to its parent).
 *
 * The client's page policy lets this one inline script run by its hash (a data: document
 * inherits the page's policy), and allows data: frames; the sender's document never changes.
 */

/** The sender's script: it takes messages from its parent only, and posts each into the parent's frame the client names. */
export const SENDER_SCRIPT = `(() => {
  addEventListener('message', (event) => {
    if (event.source !== parent || typeof event.data !== 'object' || event.data === null) return;
    if (event.data.ping === true) return void parent.postMessage({ sender: 'ready' }, '*');
    const { frame, target, message } = event.data;
    const into = typeof frame === 'number' ? parent.frames[frame] : undefined;
    if (into && typeof target === 'string') into.postMessage(message, target);
  });
  parent.postMessage({ sender: 'ready' }, '*');
})();`;

/** The sender's document: its script, nothing else. */
export const SENDER_DOCUMENT = `<!doctype html><html><head><meta charset="utf-8"><title>Activity messages</title></head><body><script>${SENDER_SCRIPT}</script></body></html>`;

/** The sender's address: what the client frames, and the desktop app lets a frame load besides web pages. */
export const SENDER_URL = `data:text/html;base64,${btoa(SENDER_DOCUMENT)}`;

/** What the client hands the sender: the message, the index of the Activity's frame in the client's window, and the origin to post to. */
export interface SenderEnvelope {
  frame: number;
  target: string;
  message: unknown;
}

/** Asks a sender already loaded to say it is ready again (a new conversation with it). */
export const SENDER_PING = { ping: true } as const;

/** Whether `data` is the sender saying it is ready to carry messages. */
export function isSenderReady(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { sender?: unknown }).sender === 'ready';
}
