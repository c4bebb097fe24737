/**
 * The API versions a request path may name, as the service's reference lists them ("API
 * Versioning"): 10 and 9 are available, 8, 7 and 6 deprecated but still served, and a path with
 * no version goes to the default one (6); 3, 4 and 5 are discontinued and answer 400 Bad Request.
 * The registry implements one version, 10, so every version the service still serves is
 * routed to it: libraries that call `/api/v9/...` (older ones) or `/api/...` (carbon) work
 * unchanged. The gateway's `?v=` follows the same table.
 */

/** The version the registry implements, and the one every route is registered under. */
export const API_VERSION = 10;

/** Versions the service still serves (available or deprecated). */
export const SERVED_VERSIONS: ReadonlySet<number> = new Set([6, 7, 8, 9, 10]);

/** Versions the service names as discontinued: 400 Bad Request. */
export const DISCONTINUED_VERSIONS: ReadonlySet<number> = new Set([3, 4, 5]);

const VERSIONED = /^\/api\/v(\d+)(?=[/?]|$)/;

/**
 * The URL a request is routed by (Fastify's `rewriteUrl`): `/api/vN/...` for a served N, and
 * `/api/...` with no version, become `/api/v10/...`; any other URL stays as it is, so an
 * unknown version is still 404 and a discontinued one still names itself (`isDiscontinued`).
 */
export function routedUrl(url: string): string {
  if (!url.startsWith('/api/') && url !== '/api' && !url.startsWith('/api?')) return url;
  const versioned = VERSIONED.exec(url);
  if (versioned) {
    return SERVED_VERSIONS.has(Number(versioned[1])) ? `/api/v${API_VERSION}${url.slice(versioned[0].length)}` : url;
  }
  return `/api/v${API_VERSION}${url.slice('/api'.length)}`;
}

/** Whether a request's URL names a discontinued API version (`/api/v5/...`). */
export function isDiscontinued(url: string): boolean {
  const versioned = VERSIONED.exec(url);
  return versioned !== null && DISCONTINUED_VERSIONS.has(Number(versioned[1]));
}
