/**
 * Where the registry listens and who may use its tools (issue 10): the CLI listens on
 * 127.0.0.1 unless `--host` says otherwise (read from the kernel's socket table, and
 * refused on the machine's other addresses); `--host 0.0.0.0` prints a warning; and with
 * the registry reachable from elsewhere every management route (`/_slashbench/*`, taken
 * from the running app, so a new one is covered too) refuses a request without a person's
 * session token with the service's 401, while the host contract (`/_host/*`) refuses every
 * peer that is not this machine, token or not. A port already taken is one line, not a stack.
 */
import { spawn } from 'node:child_process';
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

/**
 * This machine's other addresses, where a registry on 127.0.0.1 must not answer: 127.0.0.2
 * (Linux routes the whole of 127/8 to loopback, so it is always there) and the first
 * non-loopback IPv4 address, when the machine has one.
 */
function otherAddresses(): string[] {
  const outside = outsideAddress();
  return ['127.0.0.2', ...(outside ? [outside] : [])];
}

/** An address of a network namespace's own (TEST-NET-2, RFC 5737), on its loopback interface but not a loopback address. */
const NAMESPACE_ADDRESS = '198.51.100.9';

/**
 * How to reach a registry from an address that is not loopback: the machine's own, when it
 * has one; else, as root, from inside a network namespace made for the registry, where
 * NAMESPACE_ADDRESS is local and a connection to it comes from it; else none (the case is
 * then reported skipped, with why).
 */
type Outside = {
  address: string;
  wrapper: string[];
  /** How each request ends (status and body, or the connection error's code), made from where the registry can be reached at `address`. */
  requests(pid: number, urls: string[]): Promise<Array<{ status: number | string; body: string }>>;
};

async function direct(urls: string[]): Promise<Array<{ status: number | string; body: string }>> {
  return Promise.all(urls.map(async (url) => {
    try {
      const response = await fetch(url);
      return { status: response.status, body: await response.text() };
    } catch (error) {
      return { status: String(((error as { cause?: { code?: string } }).cause?.code) ?? error), body: '' };
    }
  }));
}

/** The same requests, made by a Node process that joins the network namespace of `pid`. */
async function fromNamespace(pid: number, urls: string[]): Promise<Array<{ status: number | string; body: string }>> {
  const script = `(${String(direct)})(${JSON.stringify(urls)}).then((answers) => process.stdout.write(JSON.stringify(answers)))`;
  const child = spawn('nsenter', ['-t', String(pid), '-n', process.execPath, '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`nsenter exited with ${code}`);
  return JSON.parse(out) as Array<{ status: number | string; body: string }>;
}

function outsideReach(): Outside | string {
  const outside = outsideAddress();
  if (outside) return { address: outside, wrapper: [], requests: (_pid, urls) => direct(urls) };
  if (process.getuid?.() !== 0) return 'this machine has no non-loopback address, and only root may make a network namespace with one';
  return {
    address: NAMESPACE_ADDRESS,
    wrapper: ['unshare', '--net', 'sh', '-c', `ip link set lo up && ip addr add ${NAMESPACE_ADDRESS}/32 dev lo && exec "$@"`, 'sh'],
    requests: fromNamespace,
  };
}

/** The local addresses of the listening TCP sockets on `port` in the network namespace of `pid`, from its net/tcp and tcp6 (`127.0.0.1`, `0.0.0.0`, `::`). */
async function listeningAddresses(port: number, pid: number): Promise<string[]> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const found: string[] = [];
  for (const table of [`/proc/${pid}/net/tcp`, `/proc/${pid}/net/tcp6`]) {
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
    return (await fetch(url, { headers })).status;
  } catch (error) {
    return String(((error as { cause?: { code?: string } }).cause?.code) ?? error);
  }
}

describe.skipIf(process.platform !== 'linux')('the CLI', () => {
  it('listens on 127.0.0.1 by default, and nowhere else', async () => {
    const registry = await startRegistryProcess();
    const port = Number(new URL(registry.url).port);
    expect(registry.url).toBe(`http://127.0.0.1:${port}`);
    expect(await listeningAddresses(port, registry.process.pid!)).toEqual(['127.0.0.1']);
    expect(registry.stderr()).not.toContain('warning');
    const others = otherAddresses();
    expect(others.length).toBeGreaterThan(0);
    for (const address of others) expect(await attempt(`http://${address}:${port}/api/v10/gateway`), address).toBe('ECONNREFUSED');
    // Loopback itself answers: the refusals above are the registry's choice of address.
    expect(await attempt(`${registry.url}/api/v10/gateway`)).toBe(200);
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

  it('with --host 0.0.0.0 warns, and from another address answers only with a token, the host contract not at all', async (context) => {
    const outside = outsideReach();
    if (typeof outside === 'string') return context.skip(outside);
    const registry = await startRegistryProcess({ args: ['--host', '0.0.0.0'], wrapper: outside.wrapper });
    const port = Number(new URL(registry.url).port);
    expect(registry.url).toBe(`http://0.0.0.0:${port}`);
    expect(registry.stderr()).toContain('warning: --host 0.0.0.0 is not a loopback address');
    expect(await listeningAddresses(port, registry.process.pid!)).toEqual(['0.0.0.0']);
    // Connecting to an outside address of the registry's machine: the request's peer is that address, not loopback.
    const base = `http://${outside.address}:${port}`;
    const [world, session, gateway] = await outside.requests(registry.process.pid!, [`${base}/_slashbench/world`, `${base}/_host/session`, `${base}/api/v10/gateway`]);
    expect(world?.status).toBe(401);
    expect(session?.status).toBe(403);
    expect(JSON.parse(session!.body)).toMatchObject({ code: 'loopback-only' });
    expect(gateway?.status).toBe(200);
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
