/**
 * Where the registry listens and who may use its tools (issue 10): the CLI listens on
 * 127.0.0.1 unless `--host` says otherwise (read from the kernel's socket table, and
 * refused on the machine's other addresses); `--host 0.0.0.0` prints a warning; and with
 * the registry reachable from elsewhere every management route (`/_slashbench/*`, taken
 * from the running app, so a new one is covered too) refuses a request without a person's
 * session token with the service's 401, while the host contract (`/_host/*`) refuses every
 * peer that is not this machine, token or not. A port already taken is one line, not a stack.
 */
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupRegistryProcesses, runRegistryToExit, startRegistryProcess } from '../helpers/registry-process.js';
import { TOKENS, testRegistry } from '../helpers/test-registry.js';

const UNAUTHORIZED = { message: '401: Unauthorized', code: 0 };
const MISSING_ACCESS = { message: 'Missing Access', code: 50001 };
const BOTS_CANNOT = { message: 'Bots cannot use this endpoint', code: 20001 };
/** A peer on another machine (TEST-NET-1, RFC 5737), as inject presents it. */
const REMOTE_PEER = '198.51.100.7';

afterAll(cleanupRegistryProcesses);

/** This machine's first non-loopback IPv4 address, if it has one. */
function outsideAddress(): string | undefined {
  return Object.values(networkInterfaces()).flat().find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

/** The local addresses of the listening TCP sockets on `port`, from /proc/net/tcp and tcp6 (`127.0.0.1`, `0.0.0.0`, `::`). */
async function listeningAddresses(port: number): Promise<string[]> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(`:${hexPort}`)) continue; // 0A: LISTEN
      const hex = local.split(':')[0]!;
      found.push(hex.length === 8
        ? (hex.match(/../g) ?? []).reverse().map((byte) => Number.parseInt(byte, 16)).join('.')
        : hex === '0'.repeat(32) ? '::' : hex);
    }
  }
  return found;
}

/** How a plain HTTP request to `url` ends: its status, or the connection error's code. */
async function attempt(url: string, headers: Record<string, string> = {}): Promise<number | string> {
  try {
    return (await fetch(url, { headers, signal: AbortSignal.timeout(20_000) })).status;
  } catch (error) {
    return String(((error as { cause?: { code?: string } }).cause?.code) ?? error);
  }
}

describe.skipIf(process.platform !== 'linux')('the CLI', () => {
  it('listens on 127.0.0.1 by default, and nowhere else', async () => {
    const registry = await startRegistryProcess();
    const port = Number(new URL(registry.url).port);
    expect(registry.url).toBe(`http://127.0.0.1:${port}`);
    expect(await listeningAddresses(port)).toEqual(['127.0.0.1']);
    expect(registry.stderr()).not.toContain('warning');
    const outside = outsideAddress();
    if (outside) expect(await attempt(`http://${outside}:${port}/api/v10/gateway`)).toBe('ECONNREFUSED');
    await registry.stop();
  });

  it('on a port that is taken, prints one line and exits 1', async () => {
    const taken = createServer();
    taken.listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as AddressInfo;
    const run = await runRegistryToExit({ args: ['--port', String(port)] });
    taken.close();
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`slashbench: cannot listen on 127.0.0.1:${port}: EADDRINUSE\n`);
  });

  it('with --host 0.0.0.0 warns, and from another address answers only with a token, the host contract not at all', async () => {
    const registry = await startRegistryProcess({ args: ['--host', '0.0.0.0'] });
    const port = Number(new URL(registry.url).port);
    expect(registry.url).toBe(`http://0.0.0.0:${port}`);
    expect(registry.stderr()).toContain('warning: --host 0.0.0.0 is not a loopback address');
    expect(await listeningAddresses(port)).toEqual(['0.0.0.0']);
    const outside = outsideAddress();
    if (outside) {
      // Connecting to the machine's own outside address: the request's peer is that address, not loopback.
      const base = `http://${outside}:${port}`;
      expect(await attempt(`${base}/_slashbench/world`)).toBe(401);
      expect(await attempt(`${base}/_host/session`)).toBe(403);
      const host = await fetch(`${base}/_host/session`);
      expect(await host.json()).toMatchObject({ code: 'loopback-only' });
      expect(await attempt(`${base}/api/v10/gateway`)).toBe(200);
    }
    await registry.stop();
  });
});

describe('reached from another machine', async () => {
  const routes: Array<{ method: string; url: string }> = [];
  const registry = await testRegistry({
    app: {
      clientDirectory: null,
      onRoute: (route: RouteOptions) => {
        // The few 405s that are routes (resource.ts) list their methods; they answer before any token is read.
        if (!Array.isArray(route.method) && route.method !== 'HEAD') routes.push({ method: route.method, url: route.url });
      },
    },
  });
  afterAll(() => registry.app.close());
  const fromOutside = (route: { method: string; url: string }, headers: Record<string, string> = {}) => registry.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:\w+/g, '300000000000000001'),
    remoteAddress: REMOTE_PEER,
    headers: { host: 'registry.example:8484', ...headers },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

  it('every management route refuses a request without a session token or with an unknown one (401), and a bot (403)', async () => {
    await registry.app.ready();
    const management = routes.filter((route) => route.url.startsWith('/_slashbench/'));
    expect(management.map((route) => `${route.method} ${route.url}`)).toContain('PUT /_slashbench/world');
    for (const route of management) {
      const name = `${route.method} ${route.url}`;
      const none = await fromOutside(route);
      expect([none.statusCode, none.json()], name).toEqual([401, UNAUTHORIZED]);
      const unknown = await fromOutside(route, { authorization: 'not-a-token' });
      expect([unknown.statusCode, unknown.json()], name).toEqual([401, UNAUTHORIZED]);
      // A bot is refused too: Missing Access, or Bots cannot use this endpoint where the route is a person's view.
      const bot = await fromOutside(route, { authorization: `Bot ${TOKENS.bot}` });
      expect([bot.statusCode, bot.json()], name).toBeOneOf([[403, MISSING_ACCESS], [403, BOTS_CANNOT]]);
    }
    // With a person's token the same request is served: the rule is the token, not the address.
    const world = await fromOutside({ method: 'GET', url: '/_slashbench/world' }, { authorization: TOKENS.owner });
    expect(world.statusCode).toBe(200);
  });

  it('every host contract route refuses a peer that is not this machine, even with a session token', async () => {
    await registry.app.ready();
    const host = routes.filter((route) => route.url.startsWith('/_host/'));
    expect(host.map((route) => `${route.method} ${route.url}`)).toContain('POST /_host/session');
    for (const route of host) {
      for (const headers of [{}, { authorization: TOKENS.owner }] as Array<Record<string, string>>) {
        const answer = await fromOutside(route, headers);
        expect([answer.statusCode, answer.json<{ code: string }>().code], `${route.method} ${route.url}`).toEqual([403, 'loopback-only']);
      }
    }
  });
});
