/**
 * The registry's address as a caller reached it (`http://<Host header>`), so URLs the
 * registry hands out (attachment files) point where the caller already connects, through
 * a name or a forwarded port alike. The same Host rule as the gateway URL.
 */
import type { FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';

/** What the origin is read from: a Fastify request, node:http's with its protocol, or the in-process driver's (no socket). */
export type OriginSource = Pick<FastifyRequest, 'headers' | 'protocol'> & { socket: Pick<Socket, 'localAddress' | 'localPort'> };

/** `http[s]://host[:port]` from the Host header, or from the local address when it is missing or odd. */
export function requestOrigin(request: OriginSource): string {
  const host = request.headers.host;
  return `${request.protocol}://${host && /^[\w.\-:[\]]+$/.test(host) ? host : localAuthority(request)}`;
}

/** The socket's own address, asked only when the Host header will not do (each read asks the system). */
function localAuthority(request: OriginSource): string {
  const { localAddress, localPort } = request.socket;
  const fallback = localAddress === undefined ? 'localhost' : localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return `${fallback}${localPort === undefined ? '' : `:${localPort}`}`;
}
