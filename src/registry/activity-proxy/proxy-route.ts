/**
 * Where one request to an app's Activity origin goes, decided before a byte is forwarded:
 * its origin-form path mapped by the app's URL mappings, or a refusal that says why. The
 * proxy is no open proxy: only an origin-form request line, one Host naming this very
 * origin (not another app's port, not another site's name resolved to this machine), a path
 * that stays under its prefix, and a mapped target get through.
 */
import type { IncomingMessage } from 'node:http';
import { EscapingPath, mapRequest, type MappedRequest, type UrlMapping } from '../../shared/url-mappings.js';
import { EMBEDDED_FLAG } from '../domain/permissions.js';
import type { ApplicationRecord } from '../store/records.js';
import type { Store } from '../store/store.js';

/** Paths of the proxy's own under every Activity origin (Discord keeps `/.proxy` so), never mapped. */
export const OWN_PATHS = '/.slashbench/';

export type ProxyRoute =
  | { kind: 'mapped'; application: ApplicationRecord; origin: string; mapped: MappedRequest }
  | { kind: 'own'; application: ApplicationRecord; origin: string; path: string }
  | { kind: 'refused'; applicationId: string; status: 400 | 404; message: string };

/** How many Host headers the request carries (Node keeps only the first in `headers`). */
function hostCount(request: IncomingMessage): number {
  let count = 0;
  for (let index = 0; index < request.rawHeaders.length; index += 2) if (request.rawHeaders[index]?.toLowerCase() === 'host') count++;
  return count;
}

/** Describes the app's mappings for a refusal. */
function listed(mappings: readonly UrlMapping[]): string {
  return mappings.map((mapping) => `${mapping.prefix} -> ${mapping.target}`).join(', ');
}

const LOOPBACK_NAME = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Whether the Host header names this listener: its port, and a loopback name (or, for a
 * registry asked to listen beyond loopback, any name). A page of another site whose name
 * resolves here (DNS rebinding) names its own.
 */
function namesThisOrigin(request: IncomingMessage, listenHost: string): boolean {
  const parts = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(request.headers.host ?? '');
  if (!parts || Number(parts[2] ?? 80) !== request.socket.localPort) return false;
  return LOOPBACK_NAME.test(parts[1] ?? '') || !LOOPBACK_NAME.test(listenHost.includes(':') ? `[${listenHost}]` : listenHost);
}

/** Routes a request that came to the app's listener, bound to `listenHost`. */
export async function routeRequest(store: Store, applicationId: string, request: IncomingMessage, listenHost: string): Promise<ProxyRoute> {
  const url = request.url ?? '';
  if (!url.startsWith('/')) {
    return { kind: 'refused', applicationId, status: 400, message: 'The Activity proxy takes origin-form requests only (a path, not an absolute URL): it is no open proxy.' };
  }
  if (hostCount(request) !== 1 || !namesThisOrigin(request, listenHost)) {
    return { kind: 'refused', applicationId, status: 400, message: 'The Host header must name this Activity\'s own origin (a loopback name and this port), once.' };
  }
  const application = await store.world.application(applicationId);
  if (!application || (application.flags & EMBEDDED_FLAG) === 0) {
    return { kind: 'refused', applicationId, status: 404, message: `No app ${applicationId} with an Activity (the EMBEDDED flag) is on this registry.` };
  }
  const origin = `http://${request.headers.host ?? ''}`;
  if (url.startsWith(OWN_PATHS)) return { kind: 'own', application, origin, path: url.split('?')[0] ?? url };
  const mappings = application.url_mappings;
  if (mappings.length === 0) {
    return {
      kind: 'refused', applicationId, status: 404,
      message: `${application.name} has no URL mappings. Add them in the world editor's Apps tab (or url_mappings in the world file), as in the Developer Portal: / -> your dev server, e.g. 127.0.0.1:5173.`,
    };
  }
  try {
    const mapped = mapRequest(mappings, url);
    if (mapped) return { kind: 'mapped', application, origin, mapped };
  } catch (error) {
    if (error instanceof EscapingPath) return { kind: 'refused', applicationId, status: 400, message: `${error.message} The Activity proxy refuses it.` };
    throw error;
  }
  return {
    kind: 'refused', applicationId, status: 404,
    message: `No URL mapping of ${application.name} takes ${url.split('?')[0]} (it has ${listed(mappings)}). Add a root mapping (/) or one for this path.`,
  };
}
