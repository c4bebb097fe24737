/**
 * Bad requests at an app's Activity origin, property-based, over a raw socket (what a page,
 * or anything on this machine, could send): request lines in origin, absolute, authority or
 * asterisk form, paths built of climbing segments raw and encoded (`..`, `%2e%2e`, `..%2f`,
 * `%5c`), missing, doubled and foreign Host headers, odd methods and header junk. The proxy
 * must never fail (no 5xx: its targets are up), must never reach a server that no mapping
 * names (the fuzz puts that server's address in request lines and Host headers), and what
 * it forwards to a mapped target must stay under that target's path with no segment that
 * climbs. Shared by the normal suite and the stress run, which differ only in `runs`.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivityProxy, type ActivityProxy } from '../../src/registry/activity-proxy/activity-proxy.js';
import { EventBus } from '../../src/registry/events.js';
import { builtRegistry, EXAMPLE, type ListeningRegistry } from '../helpers/listening-registry.js';

/** Example Activity (examples/world.json). */
const ACTIVITY = '1184502477317230592';

interface Recorder {
  server: Server;
  address: string;
  paths: string[];
}

async function recorder(): Promise<Recorder> {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    paths.push(request.url ?? '');
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, address: `127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
}

/** Sends `text` and reads the whole answer (the request asks to close; the socket stays open until the server closes it, as a browser's). */
async function exchange(port: number, text: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(text);
  const chunks: Buffer[] = [];
  socket.on('error', () => undefined);
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

const segment = fc.oneof(
  fc.constantFrom('api', '.proxy', 'root', '..', '.', '%2e%2e', '%2E%2e', '.%2e', '..%2f', '%2e%2e%2f', '..%5c', '%5c', '%2f', '%00', '%zz', '', 'x'),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
);
const path = fc.array(segment, { maxLength: 6 }).map((segments) => `/${segments.join('/')}`);

export function proxyFuzzSuite(runs: number): void {
  describe(`the Activity proxy under ${runs} bad requests`, () => {
    let registry: ListeningRegistry;
    let proxy: ActivityProxy;
    let port: number;
    let root: Recorder;
    let api: Recorder;
    /** Named by no mapping: nothing may ever reach it. */
    let forbidden: Recorder;

    beforeAll(async () => {
      [root, api, forbidden] = await Promise.all([recorder(), recorder(), recorder()]);
      registry = await builtRegistry();
      const edited = await fetch(`${registry.url}/_slashbench/applications/${ACTIVITY}`, {
        method: 'PATCH', headers: { authorization: EXAMPLE.alice.token, 'content-type': 'application/json' },
        body: JSON.stringify({ activity_url: null, url_mappings: [{ prefix: '/api', target: `${api.address}/v1` }, { prefix: '/', target: `${root.address}/app` }] }),
      });
      expect(edited.status).toBe(200);
      proxy = createActivityProxy({ store: registry.store, bus: new EventBus(), timeoutMs: 5000 });
      port = await proxy.portFor(ACTIVITY);
    });

    afterAll(async () => {
      await proxy?.close();
      await registry?.close();
      for (const server of [root, api, forbidden]) {
        server?.server.closeAllConnections();
        server?.server.close();
      }
    });

    it('never fails, never reaches an unmapped server, and keeps what it forwards under its target', async () => {
      const target = fc.oneof(
        path,
        path.map((at) => `http://${forbidden.address}${at}`),
        fc.constantFrom('*', forbidden.address, `//${forbidden.address}/x`, 'api/x'),
      );
      const host = fc.oneof(
        fc.constantFrom(`127.0.0.1:${port}`, `localhost:${port}`, forbidden.address, `127.0.0.1:${port}\r\nHost: ${forbidden.address}`, 'evil.example', ''),
        fc.string({ maxLength: 30 }).filter((text) => !/[\r\n]/.test(text)),
      );
      const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'CONNECT', 'TRACE', 'BREW');
      const extra = fc.constantFrom('', `X-Forwarded-Host: ${forbidden.address}\r\n`, `Forwarded: host=${forbidden.address}\r\n`, `X-Big: ${'a'.repeat(20_000)}\r\n`, 'Transfer-Encoding: chunked\r\n');
      await fc.assert(fc.asyncProperty(method, target, host, extra, async (verb, line, name, more) => {
        const hostLine = name === '' ? '' : `Host: ${name}\r\n`;
        const chunked = more.startsWith('Transfer-Encoding');
        const answer = await exchange(port, `${verb} ${line} HTTP/1.1\r\n${hostLine}${more}Connection: close\r\n\r\n${chunked ? '0\r\n\r\n' : ''}`);
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
        expect(status, `${verb} ${line} (Host ${JSON.stringify(name)}) answered ${answer.slice(0, 80)}`).toBeGreaterThanOrEqual(200);
        expect(status, `${verb} ${line} (Host ${JSON.stringify(name)})`).toBeLessThan(500);
        expect(forbidden.paths).toEqual([]);
      }), { numRuns: runs });
      // What reached the mapped targets stayed under their paths, with no segment that climbs.
      for (const [recorded, base] of [[api.paths, '/v1/'], [root.paths, '/app/']] as const) {
        for (const forwarded of recorded) {
          expect(forwarded.startsWith(base), forwarded).toBe(true);
          const segments = decodeURIComponent(forwarded.split('?')[0] ?? '').split('/');
          expect(segments.some((part) => part === '..' || part === '.'), forwarded).toBe(false);
        }
      }
    });
  });
}
