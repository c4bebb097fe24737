/**
 * Which headers cross the Activity proxy. Toward the target: the page's own request, with
 * the target's Host and without hop-by-hop headers (RFC 9110, 7.6.1) or forwarding headers a
 * page could forge; the Activity's own cookies and Authorization go on, as through
 * Discord's proxy, and nothing of the registry's is added (the person's IP stays hidden, as
 * Discord's docs promise). Back to the frame: the target's answer, with the sandbox's CSP in
 * place of its own, cookies kept to the Activity's own host, and no referrer unless the
 * target sets its own policy.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade',
]);

/** Headers a page or a client in between could use to make the target believe something about the request's path. */
const FORWARDING = /^(?:forwarded|x-forwarded-.*|x-real-ip|via|x-original-url|x-rewrite-url)$/;

/** Headers named in `Connection` are hop-by-hop too. */
function connectionNamed(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  return new Set((typeof value === 'string' ? value : '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean));
}

/** The request's headers for the target at `host`; `upgrade` keeps the WebSocket handshake's own. */
export function requestHeaders(headers: IncomingHttpHeaders, host: string, upgrade = false): OutgoingHttpHeaders {
  const named = connectionNamed(headers);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'host' || FORWARDING.test(name)) continue;
    if (HOP_BY_HOP.has(name) || named.has(name)) continue;
    out[name] = value;
  }
  out.host = host;
  if (upgrade) {
    out.connection = 'Upgrade';
    out.upgrade = headers.upgrade ?? 'websocket';
  }
  return out;
}

/** A Set-Cookie kept to the Activity's own host: a `Domain` attribute would share it with the client's and other apps' origins. */
function hostOnly(cookie: string): string {
  return cookie.split(';').filter((attribute) => !/^\s*domain\s*=/i.test(attribute)).join(';');
}

/** The target's response headers for the frame, under `policy`. */
export function responseHeaders(headers: IncomingHttpHeaders, policy: string): OutgoingHttpHeaders {
  const named = connectionNamed(headers);
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    if (name === 'content-security-policy' || name === 'content-security-policy-report-only') continue;
    out[name] = name === 'set-cookie' && Array.isArray(value) ? value.map(hostOnly) : value;
  }
  out['content-security-policy'] = policy;
  // A page that reloads itself (location.reload(), a dev server's full reload) would otherwise
  // get its own address as document.referrer, which the SDK takes for its parent's origin
  // and posts to, unheard; with no referrer it posts to '*', as on the first load.
  out['referrer-policy'] ??= 'no-referrer';
  return out;
}
