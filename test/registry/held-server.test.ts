/**
 * A registry listens before its app is built (http/held-server.ts): in that moment the
 * client's page and assets are answered as their routes answer them once the app is there
 * (the same status, headers and bytes, theme included), and every other request and a
 * gateway upgrade wait, then get the app's answers. A start that fails there drops what
 * it held and frees the port.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdjustableClock } from '../../src/registry/driver/adjustable-clock.js';
import { HeldServer, PAUSE_MS } from '../../src/registry/http/held-server.js';
import { earlyClientFiles } from '../../src/registry/routes/client-files.js';
import { startRegistry, type RunningRegistry } from '../../src/registry/start.js';
import { writeFakeClient } from '../helpers/fake-client.js';
import { EXAMPLE_WORLD } from '../helpers/registry-process.js';
import { comparable, type Answer as RouteAnswer } from '../helpers/route-answers.js';

type Answer = RouteAnswer<Buffer>;

function get(url: string, headers: OutgoingHttpHeaders = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
    }).on('error', reject).end();
  });
}

/** The client's files, each asked as a browser asks them. */
const FILES: Array<[string, OutgoingHttpHeaders]> = [
  ['/', {}],
  ['/?user=1', {}],
  ['/index.html', {}],
  ['/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' }],
  ['/assets/index-abc123.js', { 'accept-encoding': 'gzip' }],
  ['/assets/index-abc123.js', {}],
  ['/assets/index-abc123.css', { origin: 'http://127.0.0.1' }],
];

let directory: string;
let client: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'slashbench-held-'));
  client = join(directory, 'client');
  await writeFakeClient(client);
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('a registry listening before its app is built', () => {
  let registry: RunningRegistry;
  const early: Answer[] = [];
  let held: { gateway: Promise<Answer>; missing: Promise<Answer>; hello: Promise<string> };
  let settledWhileHeld: boolean[] = [];

  beforeAll(async () => {
    const data = join(directory, 'data');
    await mkdir(data);
    // A chosen theme is set in the page, early as later.
    await writeFile(join(data, 'settings.json'), JSON.stringify({ theme: 'light' }));
    registry = await startRegistry({
      host: '127.0.0.1', port: 0, dataDirectory: data, worldFile: EXAMPLE_WORLD, clientDirectory: client,
      async listening({ url }) {
        for (const [path, headers] of FILES) early.push(await get(`${url}${path}`, headers));
        const settled: boolean[] = [];
        const watched = <T>(promise: Promise<T>, index: number): Promise<T> => {
          settled[index] = false;
          return promise.finally(() => (settled[index] = true));
        };
        held = {
          gateway: watched(get(`${url}/api/v10/gateway`), 0),
          missing: watched(get(`${url}/assets/missing-abc123.js`), 1),
          hello: watched(new Promise((resolve, reject) => {
            const socket = new WebSocket(`${url.replace('http', 'ws')}/gateway?v=10&encoding=json`);
            socket.once('message', (data) => {
              resolve(String(data));
              socket.close();
            });
            socket.once('error', reject);
          }), 2),
        };
        // Every file above was answered; give the held requests the same time to (wrongly) be.
        await get(`${url}/`);
        settledWhileHeld = [...settled];
      },
    });
  });

  afterAll(() => registry?.close());

  it('answers the client\'s files as their routes do', async () => {
    expect(early.map((answer) => answer.status)).toEqual(FILES.map(() => 200));
    expect(early[0]?.body.toString()).toContain('<html lang="en" data-theme="light">');
    expect(early[3]?.body.toString()).toBe('brotli bytes');
    for (const [index, [path, headers]] of FILES.entries()) {
      const later = await get(`${registry.url}${path}`, headers);
      expect(comparable(early[index] as Answer), `${path} ${JSON.stringify(headers)}`).toEqual(comparable(later));
    }
  });

  it('holds every other request and upgrade, then answers them from the app', async () => {
    expect(settledWhileHeld).toEqual([false, false, false]);
    const gateway = await held.gateway;
    expect(gateway.status).toBe(200);
    expect(JSON.parse(gateway.body.toString())).toEqual({ url: expect.stringMatching(/^ws:\/\//) });
    const missing = await held.missing;
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toEqual({ message: '404: Not Found', code: 0 });
    expect(JSON.parse(await held.hello)).toMatchObject({ op: 10 });
  });
});

describe('when the app is wanted', () => {
  const NO_SETTINGS = () => ({ remote: null, theme: null });

  /**
   * A held server on a held clock (its pause passes only when `clock` is advanced); `arrived`
   * resolves once a request for a path has reached it (and, not a file, is held).
   */
  async function heldServer(loaded: () => void = () => undefined, files = client) {
    const clock = new AdjustableClock(() => 0);
    const arrivals = new Map<string, () => void>();
    const seen = new Map<string, Promise<void>>();
    const arrived = (path: string) => {
      if (!seen.has(path)) seen.set(path, new Promise<void>((resolve) => arrivals.set(path, resolve)));
      return seen.get(path)!;
    };
    const early = earlyClientFiles(files, NO_SETTINGS, () => {
      loaded();
      server.pageLoaded();
    });
    const server: HeldServer = new HeldServer((request, response, passOn) => {
      void arrived(request.url ?? '');
      arrivals.get(request.url ?? '')?.();
      return early(request, response, passOn);
    }, clock);
    await server.listenOn('127.0.0.1', 0);
    return { server, clock, arrived, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
  }

  function close(server: HeldServer): Promise<void> {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  it('once the page and every file it names are answered', async () => {
    const loads: string[] = [];
    const { server, url } = await heldServer(() => loads.push('loaded'));
    await get(`${url}/`);
    await get(`${url}/assets/index-abc123.js`);
    expect(loads).toEqual([]);
    await get(`${url}/assets/index-abc123.css`);
    expect(loads).toEqual(['loaded']);
    await server.appWanted();
    await close(server);
  });

  it('only once those files have left in full, so that building the app holds none of their bytes up', async () => {
    const large = join(directory, 'large-client');
    await writeFakeClient(large);
    // Far more than a connection takes before its reader reads.
    await writeFile(join(large, 'assets', 'index-abc123.js'), Buffer.alloc(32 * 1024 * 1024, 'a'));
    let loaded!: () => void;
    let isLoaded = false;
    const loadedNow = new Promise<void>((resolve) => (loaded = resolve)).then(() => (isLoaded = true));
    const { server, url } = await heldServer(() => loaded(), large);
    await get(`${url}/`);
    await get(`${url}/assets/index-abc123.css`);
    const script = await new Promise<IncomingMessage>((resolve, reject) => httpRequest(`${url}/assets/index-abc123.js`, resolve).on('error', reject).end());
    script.pause();
    // The whole answer is written when its head arrives, but most of it cannot have left.
    await Promise.resolve();
    expect(isLoaded).toBe(false);
    let size = 0;
    const ended = once(script, 'end');
    script.on('data', (chunk: Buffer) => (size += chunk.length)).resume();
    await loadedNow;
    await ended;
    expect(size).toBe(32 * 1024 * 1024);
    await server.appWanted();
    await close(server);
  });

  it('at once when a request needs the app, held until it opens', async () => {
    const { server, url } = await heldServer();
    const wanted = server.appWanted();
    const answer = get(`${url}/api/v10/gateway`);
    await wanted;
    server.on('request', (_request, response) => response.end('from the app'));
    server.open();
    expect((await answer).body.toString()).toBe('from the app');
    // Wanted already: asked again, it does not wait.
    await server.appWanted();
    await close(server);
  });

  it('after a pause when nobody asks for anything (a file asked begins it again), and holds what comes next until it opens', async () => {
    const { server, clock, arrived, url } = await heldServer();
    let wanted = false;
    const appWanted = server.appWanted().then(() => (wanted = true));
    clock.advance(PAUSE_MS - 1);
    // A file of the page (not all of them) is answered, and the pause begins again.
    expect((await get(`${url}/assets/index-abc123.css`)).status).toBe(200);
    expect(wanted).toBe(false);
    clock.advance(PAUSE_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(wanted).toBe(false);
    clock.advance(1);
    await appWanted;
    expect(wanted).toBe(true);
    // Wanted is not open: a request that needs the app waits for it.
    const given: string[] = [];
    let toApp!: () => void;
    const reachedApp = new Promise<void>((resolve) => (toApp = resolve));
    server.on('request', (request, response) => {
      given.push(request.url ?? '');
      toApp();
      response.end('from the app');
    });
    const answer = get(`${url}/api/v10/gateway`);
    // Held on arrival (or, wrongly, given to the app at once).
    await Promise.race([arrived('/api/v10/gateway'), reachedApp]);
    expect(given).toEqual([]);
    server.open();
    expect((await answer).body.toString()).toBe('from the app');
    expect(given).toEqual(['/api/v10/gateway']);
    await close(server);
  });
});

describe('a start that fails once listening', () => {
  it('drops the held requests, frees the port and closes the store', async () => {
    let port = 0;
    let heldRequest: Promise<string> | undefined;
    const started = startRegistry({
      host: '127.0.0.1', port: 0, dataDirectory: ':memory:', worldFile: EXAMPLE_WORLD, clientDirectory: client,
      async listening({ url }) {
        port = Number(new URL(url).port);
        heldRequest = new Promise((resolve) => {
          let answer = '';
          const socket = connect(port, '127.0.0.1', () => socket.write('GET /api/v10/gateway HTTP/1.1\r\nHost: x\r\n\r\n'));
          socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk)).on('close', () => resolve(answer));
        });
        // Once the page (asked after it) is answered, that request waits in the server.
        await get(`${url}/`);
        throw new Error('no app today');
      },
    });
    await expect(started).rejects.toThrow('no app today');
    expect(await heldRequest).toBe('');
    const refused = await new Promise<string>((resolve) => {
      connect(port, '127.0.0.1').on('error', (error: NodeJS.ErrnoException) => resolve(String(error.code))).on('connect', () => resolve('connected'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('says an address in use before it opens the store, and frees the port when the store cannot open', async () => {
    const first = await startRegistry({ host: '127.0.0.1', port: 0, dataDirectory: ':memory:', worldFile: EXAMPLE_WORLD, clientDirectory: client });
    const port = Number(new URL(first.url).port);
    const unused = join(directory, 'never-opened');
    try {
      await expect(startRegistry({ host: '127.0.0.1', port, dataDirectory: unused, worldFile: EXAMPLE_WORLD, clientDirectory: client }))
        .rejects.toMatchObject({ code: 'EADDRINUSE' });
      // The store was never opened: its data directory was not even made.
      await expect(stat(unused)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await first.close();
    }
    // A data directory that is a file: the address answered first, and is free again.
    const notADirectory = join(directory, 'a-file');
    await writeFile(notADirectory, '');
    await expect(startRegistry({ host: '127.0.0.1', port, dataDirectory: notADirectory, worldFile: EXAMPLE_WORLD, clientDirectory: client })).rejects.toThrow();
    const again = await startRegistry({ host: '127.0.0.1', port, dataDirectory: ':memory:', worldFile: EXAMPLE_WORLD, clientDirectory: client });
    await again.close();
  });
});
