/**
 * The baselines' servers: a bare node:http server answering captured bytes (the registry's
 * own body and headers, so both sides send the same thing), and a bare `ws` server with one
 * client connected, for the floor of a WebSocket hop.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

export interface BareServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Starts node:http on 127.0.0.1 port 0 with `handler`. */
export async function startBareServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<BareServer> {
  const server = createServer(handler);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Headers a captured answer keeps: the per-connection and per-moment ones node adds itself. */
const NOT_REPLAYED = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A captured HTTP answer: status, headers and body bytes. */
export interface Captured {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends a request once and keeps the answer's status, replayable headers and exact body. */
export async function capture(url: string, headers: Record<string, string>): Promise<Captured> {
  const response = await fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name)) kept[name] = value;
  });
  return { status: response.status, headers: kept, body };
}

/** A bare server answering every request with the captured bytes. */
export function startReplayServer(captured: Captured): Promise<BareServer> {
  return startBareServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(captured.status, captured.headers).end(captured.body));
  });
}

export interface BareSocketPair {
  /** The server's side of the one connection. */
  serverSide: WebSocket;
  /** The client's side. */
  clientSide: WebSocket;
  close(): Promise<void>;
}

/** A bare `ws` server on port 0 with one plain `ws` client connected to it. */
export async function startBareSocketPair(): Promise<BareSocketPair> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const { port } = wss.address() as AddressInfo;
  const accepted = once(wss, 'connection') as Promise<[WebSocket]>;
  const clientSide = new WebSocket(`ws://127.0.0.1:${port}`);
  await once(clientSide, 'open');
  const [serverSide] = await accepted;
  return {
    serverSide, clientSide,
    async close() {
      clientSide.close();
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
