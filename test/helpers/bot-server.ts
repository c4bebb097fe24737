/**
 * Real local HTTP servers standing in for interactions-endpoint bots: node:http on
 * 127.0.0.1 port 0, every request recorded with its raw body, every socket tracked so a
 * test can wait for the registry to close one. Nothing sleeps; tests wait on events.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { verifyKey } from 'discord-interactions';
import { freePort } from '../../src/registry/free-port.js';

/** One request as the bot received it. */
export interface ReceivedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Answers one request; the raw body is already read. */
export type BotHandler = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

export interface BotServer {
  url: string;
  server: Server;
  received: ReceivedRequest[];
  /** Sockets currently open on the bot's side. */
  sockets: Set<Socket>;
  /** Resolves when the next socket connects. */
  nextSocket(): Promise<Socket>;
  close(): Promise<void>;
}

/** Starts a bot on a free loopback port; `handler` answers every request. */
export async function startBotServer(handler: BotHandler): Promise<BotServer> {
  const received: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      void handler(entry, response);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/interactions`,
    server,
    received,
    sockets,
    nextSocket: async () => (await once(server, 'connection'))[0] as Socket,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** Sends a JSON answer. */
export function answerJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/**
 * A well-behaved endpoint: checks the signature with `verifyKey` from discord-interactions,
 * answers PING with PONG, and hands anything else to `onInteraction`.
 */
export function signatureCheckingBot(publicKey: string, onInteraction: BotHandler = (_request, response) => void response.writeHead(202).end()): BotHandler {
  return async (request, response) => {
    const signature = String(request.headers['x-signature-ed25519'] ?? '');
    const timestamp = String(request.headers['x-signature-timestamp'] ?? '');
    if (!(await verifyKey(request.body, signature, timestamp, publicKey))) {
      response.writeHead(401).end('invalid request signature');
      return;
    }
    const interaction = JSON.parse(request.body) as { type: number };
    if (interaction.type === 1) answerJson(response, 200, { type: 1 });
    else await onInteraction(request, response);
  };
}

/** A loopback address where nothing listens. */
export async function closedPortUrl(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}/interactions`;
}
