/**
 * The registry's address as a caller reached it (`http://<Host header>`), so URLs the
 * registry hands out (attachment files) point where the caller already connects, through
 * a name or a forwarded port alike. The same Host rule as the gateway URL.
 */
import type { FastifyRequest } from 'fastify';

/** `http[s]://host[:port]` from the Host header, or from the local address when it is missing or odd. */
export function requestOrigin(request: FastifyRequest): string {
  const host = request.headers.host;
  const { localAddress, localPort } = request.socket;
  const fallback = localAddress === undefined ? 'localhost' : localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  const authority = host && /^[\w.\-:[\]]+$/.test(host) ? host : `${fallback}${localPort === undefined ? '' : `:${localPort}`}`;
  return `${request.protocol}://${authority}`;
}
