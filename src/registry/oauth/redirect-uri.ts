/**
 * Where a user may be sent back to. A redirect URI must equal one the app registered,
 * character for character (RFC 6749 §3.1.2.3; custom schemes such as the SDK's
 * `discord-<id>:/authorize/callback` included), with one exception: native apps listen on
 * whatever loopback port is free, so an `http` redirect to the IP literal `127.0.0.1` or
 * `[::1]` matches a registered one that differs only in its port (RFC 8252 §7.3). The name
 * `localhost` gets no such leeway (RFC 8252 §8.3).
 */

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]']);

/** Whether `given` is one of the app's `registered` redirect URIs. */
export function redirectUriMatches(registered: readonly string[], given: string): boolean {
  if (given.includes('#')) return false;
  if (registered.includes(given)) return true;
  const loopback = loopbackParts(given);
  return loopback !== undefined && registered.some((uri) => loopbackParts(uri) === loopback);
}

/** Everything of an http loopback URI but its port, or undefined for any other URI. */
function loopbackParts(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname) || url.username !== '' || url.password !== '') return undefined;
  return `${url.hostname}${url.pathname}${url.search}`;
}

/**
 * The redirect URI with `parameters` added to its query, keeping the query it already
 * has (RFC 6749 §3.1.2): where the user agent goes with a code or an error.
 */
export function redirectLocation(redirectUri: string, parameters: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters)) if (value !== undefined) url.searchParams.append(name, value);
  return url.href;
}
