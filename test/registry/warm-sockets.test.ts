/**
 * The delivery client (delivery/http-post.ts over warm-sockets.ts): the bytes of a request
 * are exactly those node:http writes for the same call, an endpoint's connection carries
 * delivery after delivery, and a connection the endpoint closed while idle is never used
 * again. Real sockets on loopback; every wait is on an event.
 */
import { once } from 'node:events';
import { Agent, createServer, request } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DELIVERY_TIMEOUT_MS } from '../../src/registry/delivery/deliver-over-http.js';
import { httpPost } from '../../src/registry/delivery/http-post.js';

const HEADERS = {
  'Content-Type': 'application/json',
  'User-Agent': 'Discord-Interactions/1.0 (+https://discord.com)',
  'X-Signature-Ed25519': 'ab'.repeat(64),
  'X-Signature-Timestamp': '1700000000',
};
const servers: Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.close();
    (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  }
});

async function listening<T extends Server>(server: T): Promise<T & { port: number }> {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return Object.assign(server, { port: (server.address() as AddressInfo).port });
}

/** A TCP server that hands over the first bytes each connection sends, and answers them with `answer`. */
async function tap(answer: string): Promise<{ port: number; next: () => Promise<string> }> {
  const seen: string[] = [];
  const waiting: Array<(bytes: string) => void> = [];
  const server = await listening(createTcpServer((socket: Socket) => {
    // The client may reset the connection it no longer needs.
    socket.on('error', () => undefined);
    socket.once('data', (data) => {
      const bytes = data.toString('latin1');
      const waiter = waiting.shift();
      if (waiter) waiter(bytes);
      else seen.push(bytes);
      socket.end(answer);
    });
  }));
  return {
    port: server.port,
    next: () => (seen.length > 0 ? Promise.resolve(seen.shift() as string) : new Promise((resolve) => waiting.push(resolve))),
  };
}

describe('the delivery client', () => {
  it('writes the bytes node:http writes for the same request', async () => {
    const endpoint = await tap('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"type":1}');
    const body = '{"type":1,"name":"é"}';
    for (const url of [`http://127.0.0.1:${endpoint.port}/interactions?a=1`, `http://bot:s%40cret@localhost:${endpoint.port}/x`]) {
      const sent = endpoint.next();
      const answer = await httpPost(url, { method: 'POST', headers: HEADERS, body, timeoutMs: DELIVERY_TIMEOUT_MS });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('{"type":1}');
      const mine = await sent;

      const theirs = endpoint.next();
      const agent = new Agent({ keepAlive: true });
      const byNode = request(url, { method: 'POST', headers: HEADERS, agent }, (response) => response.resume());
      const done = new Promise((resolve) => byNode.on('close', resolve).on('error', resolve));
      byNode.end(body);
      expect(mine).toBe(await theirs);
      await done;
      agent.destroy();
    }
  });

  it('refuses a header node:http refuses, naming it, and sends nothing', async () => {
    let connections = 0;
    const endpoint = await listening(createTcpServer(() => connections++));
    const url = `http://127.0.0.1:${endpoint.port}/interactions`;
    for (const headers of [{ ...HEADERS, 'X-Bad': 'line\r\nbreak' }, { ...HEADERS, 'X\nBad': 'value' }]) {
      const name = Object.keys(headers).at(-1);
      await expect(httpPost(url, { method: 'POST', headers, body: '{}', timeoutMs: DELIVERY_TIMEOUT_MS }))
        .rejects.toMatchObject({ code: 'ERR_INVALID_CHAR', message: `Invalid character in header content ["${name}"]` });
      // node:http refuses the same header too.
      expect(() => request(url, { method: 'POST', headers })).toThrow(TypeError);
    }
    expect(connections).toBe(0);
  });

  it('rejects past the deadline, or when cancelled, and closes the connection, over plain HTTP and TLS alike', async () => {
    // Accepts connections and never says a word: no answer, no TLS handshake. Each connection's close is watched from its start.
    const closes: Array<Promise<unknown>> = [];
    const silent = await listening(createTcpServer((socket: Socket) => {
      socket.on('error', () => undefined);
      closes.push(once(socket, 'close'));
      // Reads what comes, so it hears the client close the connection.
      socket.resume();
    }));
    for (const scheme of ['http', 'https']) {
      const url = `${scheme}://127.0.0.1:${silent.port}/interactions`;
      let connected = once(silent, 'connection');
      const late = httpPost(url, { method: 'POST', headers: HEADERS, body: '{}', timeoutMs: 50 });
      await expect(late).rejects.toMatchObject({ name: 'TimeoutError' });
      await connected;
      await closes.at(-1);

      const controller = new AbortController();
      connected = once(silent, 'connection');
      const cancelled = httpPost(url, { method: 'POST', headers: HEADERS, body: '{}', timeoutMs: DELIVERY_TIMEOUT_MS, signal: controller.signal });
      await connected;
      controller.abort();
      await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
      await closes.at(-1);
    }
  });

  it('keeps an endpoint\'s connection for the next delivery, and opens another once the endpoint closed it', async () => {
    const connections: Socket[] = [];
    let close = false;
    const bot = await listening(createServer((incoming, response) => {
      incoming.resume();
      incoming.on('end', () => response.writeHead(200, { 'content-type': 'application/json', ...(close ? { connection: 'close' } : {}) }).end('{"type":4}'));
    }));
    bot.on('connection', (socket: Socket) => connections.push(socket));
    const url = `http://127.0.0.1:${bot.port}/interactions`;
    const post = async () => (await httpPost(url, { method: 'POST', headers: HEADERS, body: '{}', timeoutMs: DELIVERY_TIMEOUT_MS })).status;

    expect([await post(), await post(), await post()]).toEqual([200, 200, 200]);
    expect(connections).toHaveLength(1);

    close = true;
    const closed = once(connections[0] as Socket, 'close');
    expect(await post()).toBe(200);
    await closed;
    close = false;
    expect(await post()).toBe(200);
    expect(connections).toHaveLength(2);
  });
});
