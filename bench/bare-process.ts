/**
 * The delivery baselines' bare servers as their own process, as the registry runs: one
 * node:http server where `POST /floor` reads the invocation (from its connection's bytes, as
 * the registry reads one), signs the delivery body and writes it to the bot on a warm
 * connection with the registry's own delivery client and signer, then answers 204 (the
 * floor of HTTP delivery: two warm hops and a signature, no other work),
 * and `POST /relay` reads it and sends the INTERACTION_CREATE frame over the bare `ws`
 * connection the benchmark opened to `/socket` (the floor of gateway delivery). What they
 * send is set over IPC (captured from the registry, so the sizes are the same).
 * Prints `listening on URL`.
 */
import { createPrivateKey } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { signDelivery } from '../src/registry/domain/application-keys.js';
import { DELIVERY_TIMEOUT_MS, DELIVERY_USER_AGENT } from '../src/registry/delivery/deliver-over-http.js';
import { httpPost } from '../src/registry/delivery/http-post.js';
import { leanConnections } from '../src/registry/http/lean-connections.js';
import type { Acknowledged, BareSettings } from './child-messages.js';
/** The signing key as the registry keeps an app's (base64 PKCS#8 DER). */
const settings: { botOrigin?: string; privateKey?: string; body?: string; frame?: string } = {};

/**
 * The floor's work, as the registry signs and sends (deliver-over-http.ts): libsodium, then
 * one write on a warm connection; false when the floor is not set up yet.
 */
function forward(): boolean {
  const { botOrigin, privateKey, body } = settings;
  if (!botOrigin || !privateKey || body === undefined) return false;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signed = signDelivery(privateKey, timestamp, body);
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': DELIVERY_USER_AGENT,
    'X-Signature-Ed25519': signed.signature,
    'X-Signature-Timestamp': timestamp,
  };
  const answered = httpPost(`${botOrigin}/baseline`, { method: 'POST', headers, body: signed.bytes, timeoutMs: DELIVERY_TIMEOUT_MS });
  answered.then((answer) => answer.arrayBuffer(), () => undefined).catch(() => undefined);
  return true;
}

const server = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.url === '/relay') {
      for (const socket of sockets.clients) socket.send(settings.frame ?? '');
      response.writeHead(204).end();
      return;
    }
    // The request is written: the client is answered, as the registry answers once the app's copy has gone.
    response.writeHead(request.url === '/floor' && forward() ? 204 : 404).end();
  });
});
// `/floor`'s requests are read as the registry reads an invocation's, from their connection's
// bytes (http/lean-connections.ts), so the floor's hop in is the registry's own.
leanConnections(server, {
  method: 'POST', url: '/floor',
  answer: async () => ({ status: forward() ? 204 : 404, headers: undefined }),
}).open();
const sockets = new WebSocketServer({ server, path: '/socket', perMessageDeflate: false });
server.listen(0, '127.0.0.1');
await once(server, 'listening');

process.on('message', (message: BareSettings) => {
  if (message.kind !== 'settings') return;
  if (message.botOrigin !== undefined) settings.botOrigin = message.botOrigin;
  if (message.privateKey !== undefined) settings.privateKey = createPrivateKey(message.privateKey).export({ format: 'der', type: 'pkcs8' }).toString('base64');
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
