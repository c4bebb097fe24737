/**
 * An interactions-endpoint bot on node:http, as a bot author would write one: it reads the
 * raw body, checks the Ed25519 signature (node:crypto) over timestamp + body with the key
 * of the path it was posted to, answers 401 on a bad one, PONG to a PING, and otherwise
 * hands the interaction to `answer`. `onReceive` hears each request the moment its body is
 * complete (`monotonicMs`), before the check: the point the delivery benchmark measures to.
 */
import { once } from 'node:events';
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monotonicMs } from './clock.js';

/** What the benchmarks' bots answer: a message, inline. */
export const INLINE_ANSWER = { type: 4, data: { content: 'pong' } };

/** The DER header of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** A public key from the hex `verify_key` of `GET /applications/@me`. */
export function publicKeyFromHex(hex: string): KeyObject {
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

export interface Interaction {
  id: string;
  type: number;
  token: string;
  application_id: string;
  [field: string]: unknown;
}

export interface HttpBotOptions {
  /** The key each path's requests are signed with ("/interactions" for the registry's). */
  keys: Map<string, KeyObject>;
  /** The inline answer to an interaction (status 200). */
  answer: (interaction: Interaction, path: string) => unknown;
  onReceive?: (path: string, receivedAt: number, body: string) => void;
}

export interface HttpBot {
  /** `http://127.0.0.1:PORT`; append a path from `keys`. */
  origin: string;
  server: Server;
  close(): Promise<void>;
}

export async function startHttpBot(options: HttpBotOptions): Promise<HttpBot> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const receivedAt = monotonicMs();
      const path = request.url ?? '';
      const body = Buffer.concat(chunks).toString('utf8');
      options.onReceive?.(path, receivedAt, body);
      const key = options.keys.get(path);
      const signature = Buffer.from(String(request.headers['x-signature-ed25519'] ?? ''), 'hex');
      const timestamp = String(request.headers['x-signature-timestamp'] ?? '');
      if (!key || signature.length !== 64 || !verify(null, Buffer.from(timestamp + body), key, signature)) {
        response.writeHead(401, { 'content-type': 'text/plain' }).end('invalid request signature');
        return;
      }
      const interaction = JSON.parse(body) as Interaction;
      const answer = interaction.type === 1 ? { type: 1 } : options.answer(interaction, path);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
