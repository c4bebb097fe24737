/**
 * A WebSocket through the Activity proxy (a multiplayer server, a dev server's hot-reload
 * socket): the page's upgrade request is written to the mapped target with the target's
 * Host, and from then on the two sockets are one stream, the target's 101 and every frame
 * passed as they come, whatever subprotocol or extension the two ends agree on.
 */
import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { connect as connectPlain, type Socket } from 'node:net';
import { connect as connectSecure } from 'node:tls';
import type { Duplex } from 'node:stream';
import type { MappedRequest } from '../../shared/url-mappings.js';
import { requestHeaders } from './forwarded-headers.js';
import { targetFailure, type ForwardFailure } from './forward-request.js';

/** The upgrade request's head as the target reads it. */
function requestHead(request: IncomingMessage, mapped: MappedRequest): string {
  const headers: OutgoingHttpHeaders = requestHeaders(request.headers, mapped.host, true);
  const lines = [`${request.method ?? 'GET'} ${mapped.path} HTTP/1.1`];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) lines.push(`${name}: ${String(one)}`);
  }
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Tunnels the page's WebSocket to its target; `failed` is called (and nothing written) when the target cannot be reached. */
export function forwardUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, mapped: MappedRequest, timeoutMs: number, failed: (failure: ForwardFailure) => void): void {
  const target: Socket = mapped.secure
    ? connectSecure({ host: mapped.hostname, port: mapped.port, servername: mapped.hostname, ALPNProtocols: ['http/1.1'] })
    : connectPlain({ host: mapped.hostname, port: mapped.port });
  let heard = false;
  let settled = false;
  const fail = (failure: ForwardFailure) => {
    if (settled) return;
    settled = true;
    target.destroy();
    if (heard) return void socket.destroy();
    failed(failure);
  };
  const timer = setTimeout(() => fail(targetFailure(mapped, 'timeout', timeoutMs)), timeoutMs);
  target.once(mapped.secure ? 'secureConnect' : 'connect', () => {
    target.write(requestHead(request, mapped));
    if (head.length > 0) target.write(head);
    target.pipe(socket);
    socket.pipe(target);
  });
  target.once('data', () => {
    heard = true;
    clearTimeout(timer);
  });
  target.on('error', (error: NodeJS.ErrnoException) => {
    clearTimeout(timer);
    fail(targetFailure(mapped, error, timeoutMs));
  });
  target.on('close', () => {
    clearTimeout(timer);
    // A refusal already written to the page ends the socket itself, once it is sent.
    if (heard || !settled) socket.destroy();
  });
  socket.on('error', () => target.destroy());
  socket.on('close', () => target.destroy());
}
