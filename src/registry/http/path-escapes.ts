/**
 * Percent-escapes in a request path that name the same route as the plain character: the
 * service answers `/users/%40me` as `/users/@me` (detritus-client escapes every path value,
 * `@me` included), but the router compares static segments byte for byte and would answer 404.
 * So the path's escaped unreserved characters (RFC 3986 6.2.2.2: letters, digits, `-._~`) and
 * `@` are read as themselves before routing. Every other escape stays, so `%2F` never splits a
 * segment and `%25` is never decoded twice; route parameters are still decoded by the router.
 */

const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const PLAIN = /^[A-Za-z0-9\-._~@]$/;

/**
 * The URL with its path's escaped unreserved characters and `@` written plainly; the query is
 * untouched. Only API paths (`/api/...`) are read so: nothing else is named by bots.
 */
export function plainPathEscapes(url: string): string {
  if (!url.startsWith('/api/')) return url;
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!path.includes('%')) return url;
  const plain = path.replace(ESCAPE, (escape, hex: string) => {
    const character = String.fromCharCode(parseInt(hex, 16));
    return PLAIN.test(character) ? character : escape;
  });
  return queryAt === -1 ? plain : plain + url.slice(queryAt);
}
