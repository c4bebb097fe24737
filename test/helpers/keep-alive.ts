/**
 * Requests on keep-alive connections, as a bot's REST client makes them, with the connection
 * kept in hand: a test of a close watches the server end it.
 */
import { once } from 'node:events';
import { Agent, request, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

export interface KeptAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
  /** The connection it came on, left open while the server keeps it alive. */
  socket: Socket;
}

/** A GET on a connection of its own, kept alive; the caller ends the connection (`socket.destroy()`) if the server does not. */
export function keepAliveGet(url: string, headers: Record<string, string> = {}): Promise<KeptAnswer> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise((resolve, reject) => {
    request(url, { agent, headers }, (response) => {
      const socket = response.socket;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body, socket }));
    }).on('error', reject).end();
  });
}

/** Resolves once the connection is closed (it may be already). */
export function connectionClosed(socket: Socket): Promise<unknown> {
  return socket.closed ? Promise.resolve() : once(socket, 'close');
}
