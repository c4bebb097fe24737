/**
 * Whether a request comes from this machine and from a page the registry itself served.
 * The host contract (`/_host/*`) mints session tokens, so it answers only such requests:
 * a loopback socket is not enough, since a page of another site whose name resolves to
 * 127.0.0.1 (DNS rebinding) reaches the same socket; its Host header, Origin or
 * Sec-Fetch-Site give it away.
 */
import type { FastifyRequest } from 'fastify';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A loopback socket address: 127.0.0.0/8 (also IPv4-mapped) or ::1. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  return address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

/** The Host header's name without its port, lowercased ('' when missing or odd). */
function hostName(host: string | undefined): string {
  if (typeof host !== 'string' || !/^[\w.\-:[\]]+$/.test(host)) return '';
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0] ?? '';
  return name.toLowerCase();
}

/** Whether the request is from this machine, addressed to a loopback name, and not from another site's page. */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  const host = request.headers.host;
  const name = hostName(host);
  if (!LOOPBACK_NAMES.has(name) && !/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`) return false;
  const site = request.headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
