/**
 * "Copy as curl": a shell command that replays one interaction. Delivered over HTTP, it is
 * the signed POST to the app's interactions endpoint exactly as sent (the raw body and the
 * Ed25519 signature headers), so the app's signature check accepts it again. Otherwise it
 * is the client's own `POST /api/v10/interactions` to the registry, with the session token
 * left to the shell as `$SLASHBENCH_TOKEN` (a token never goes to the clipboard) and without
 * the nonce, so the replay's events are not taken for the original's by this client.
 */
import { findEvent } from './entry-facts.js';
import type { InspectorEntry } from './inspector-slice.js';

/** The shell variable the replay reads the person's token from. */
export const TOKEN_VARIABLE = 'SLASHBENCH_TOKEN';

/** One shell word in single quotes: nothing inside is special but `'`, written `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** The signed request of an HTTP delivery, when the interaction was delivered over HTTP. */
function signedRequest(entry: InspectorEntry): { url: string; headers: Record<string, string>; body: string } | undefined {
  const event = findEvent(entry, 'INTERACTION_DELIVERY');
  if (event?.data.method !== 'http') return undefined;
  const request = event.data.request as { url?: unknown; headers?: unknown; body?: unknown } | undefined;
  if (typeof request?.url !== 'string' || typeof request.body !== 'string' || typeof request.headers !== 'object' || request.headers === null) return undefined;
  return { url: request.url, headers: request.headers as Record<string, string>, body: request.body };
}

/** `curl` with its arguments, one per line after the first. */
function command(url: string, headers: string[], body: string): string {
  return ['curl -X POST ' + shellQuote(url), ...headers.map((header) => `-H ${header}`), `--data-raw ${shellQuote(body)}`].join(' \\\n  ');
}

/** How the entry would be replayed: `endpoint` (the app's, signed) or `registry` (the client's invocation). */
export function replayTarget(entry: InspectorEntry): 'endpoint' | 'registry' {
  return signedRequest(entry) ? 'endpoint' : 'registry';
}

/** The replay of `entry`; `registryOrigin` is where the client reaches its registry. */
export function curlCommand(entry: InspectorEntry, registryOrigin: string): string {
  const signed = signedRequest(entry);
  if (signed) {
    const headers = Object.entries(signed.headers).map(([name, value]) => shellQuote(`${name}: ${value}`));
    return command(signed.url, headers, signed.body);
  }
  // Double quotes let the shell put the token in; everything else stays single-quoted.
  const headers = [`"Authorization: $${TOKEN_VARIABLE}"`, shellQuote('Content-Type: application/json')];
  const { nonce: _nonce, ...body } = entry.request;
  return command(`${registryOrigin}/api/v10/interactions`, headers, JSON.stringify(body));
}
