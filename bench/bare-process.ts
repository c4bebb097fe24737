/**
 * The delivery baselines' bare servers as their own process, as the registry runs: one
 * node:http server where `POST /forward` reads the invocation and POSTs the signed body to
 * the bot (two hops and a signature, no other work) and `POST /relay` reads it and sends the
 * INTERACTION_CREATE frame over the bare `ws` connection the benchmark opened to `/socket`.
 * What they send is set over IPC (captured from the registry, so the sizes are the same).
 * Prints `listening on URL`.
 */
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { DELIVERY_USER_AGENT } from '../src/registry/delivery/deliver-over-http.js';
import type { Acknowledged, BareSettings } from './child-messages.js';
import { plainRequest } from './http-client.js';
const settings: { botOrigin?: string; privateKey?: KeyObject; body?: string; frame?: string } = {};

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.url === '/relay') {
      for (const socket of sockets.clients) socket.send(settings.frame ?? '');
      response.writeHead(204).end();
      return;
    }
    const { botOrigin, privateKey, body } = settings;
    if (request.url !== '/forward' || !botOrigin || !privateKey || body === undefined) {
      response.writeHead(404).end();
      return;
    }
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': DELIVERY_USER_AGENT,
      'X-Signature-Ed25519': sign(null, Buffer.from(timestamp + body), privateKey).toString('hex'),
      'X-Signature-Timestamp': timestamp,
    };
    plainRequest(`${botOrigin}/baseline`, { method: 'POST', headers, body })
      .then(() => response.writeHead(204).end(), () => response.writeHead(502).end());
  });
});
const sockets = new WebSocketServer({ server, path: '/socket', perMessageDeflate: false });
server.listen(0, '127.0.0.1');
await once(server, 'listening');

process.on('message', (message: BareSettings) => {
  if (message.kind !== 'settings') return;
  if (message.botOrigin !== undefined) settings.botOrigin = message.botOrigin;
  if (message.privateKey !== undefined) settings.privateKey = createPrivateKey(message.privateKey);
  if (message.body !== undefined) settings.body = message.body;
  if (message.frame !== undefined) settings.frame = message.frame;
  process.send?.({ kind: 'acknowledged' } satisfies Acknowledged);
});
const stop = () => {
  for (const socket of sockets.clients) socket.terminate();
  sockets.close();
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('disconnect', stop);
process.once('SIGTERM', stop);
console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
