/**
 * The registry as Discord's Activity proxy (`<app id>.discordsays.com`): each app whose
 * Activity is proxied gets a listener of its own, on the registry's host, opened when it is
 * first launched; its port makes the app's origin (shared/activity-url.ts), apart from the
 * client's and every other app's, and nothing of the API's is ever answered there. Each
 * request is routed by the app's URL mappings (proxy-route.ts) and forwarded, HTTP and
 * WebSocket alike, under the sandbox's CSP; the page's CSP reports come back to
 * `/.slashbench/csp-report`. What the proxy refuses, and what its targets fail to answer,
 * goes to the frame as a status with a body naming the mapping, and to the inspector of
 * everyone in the app's Activity (proxy-reports.ts).
 *
 * An app's port is the same each start when it is free (derived from its id), so the
 * Activity's localStorage outlives a restart of the registry; else any free port.
 */
import { createServer, Agent as HttpAgent, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { UrlMapping } from '../../shared/url-mappings.js';
import type { EventBus } from '../events.js';
import { listening } from '../http/held-server.js';
import type { Store } from '../store/store.js';
import { forwardRequest, type ForwardFailure } from './forward-request.js';
import { forwardUpgrade } from './forward-upgrade.js';
import { blockedRequest, frameIdOf, MAX_REPORT_BYTES, sendProxyReport, type ProxyReport } from './proxy-reports.js';
import { routeRequest, type ProxyRoute } from './proxy-route.js';
import { REPORT_PATH } from './sandbox-policy.js';

/** How long a target has to begin answering: Cloudflare's (Discord's proxy runs on its Workers) is 100 s; a dev server answers in far less. */
export const DEFAULT_PROXY_TIMEOUT_MS = 30_000;

export interface ActivityProxyOptions {
  store: Store;
  bus: EventBus;
  /** The address the listeners bind: the registry's own (loopback unless it was asked otherwise). */
  host?: string;
  timeoutMs?: number;
}

export interface ActivityProxy {
  /** The port of the app's Activity origin, its listener opened if it is not yet. */
  portFor(applicationId: string): Promise<number>;
  /** Closes every listener and the warm connections to targets. */
  close(): Promise<void>;
}

/** Ports below Linux's ephemeral range, one per app id when free. */
const FIRST_PORT = 20_000;
const PORT_COUNT = 12_000;

function preferredPort(applicationId: string): number {
  return FIRST_PORT + Number(BigInt(applicationId) % BigInt(PORT_COUNT));
}

/** The refusal's answer: plain text the frame shows, under a policy that runs nothing. */
function refusalHeaders(body: string): Record<string, string> {
  return {
    'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff',
  };
}

/** A refusal written on a raw socket (an upgrade or a CONNECT, which have no response object). */
function refuseOnSocket(socket: Duplex, status: number, message: string): void {
  const body = `${message}\n`;
  const lines = Object.entries(refusalHeaders(body)).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${lines.join('\r\n')}\r\nconnection: close\r\n\r\n${body}`);
}

/** The frame a request came from: its own address (a page load) or its Referer (what the page asked for). */
function requestFrame(request: IncomingMessage): string | null {
  return frameIdOf(`http://frame.invalid${request.url ?? ''}`) ?? frameIdOf(request.headers.referer);
}

export function createActivityProxy(options: ActivityProxyOptions): ActivityProxy {
  const { store, bus } = options;
  const host = options.host ?? '127.0.0.1';
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROXY_TIMEOUT_MS;
  const listeners = new Map<string, Promise<Server>>();
  let closed = false;
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

  const report = (entry: ProxyReport) => {
    // A report for a registry that is closing has nobody left to tell.
    if (closed) return;
    sendProxyReport(store, bus, entry).catch((error: unknown) => {
      if (!closed) console.error(`slashbench: an Activity proxy report was lost: ${(error as Error).message}`);
    });
  };
  /** A refusal or a target's failure, reported for the people in the Activity. */
  const refusal = (request: IncomingMessage, applicationId: string, what: ForwardFailure | { status: number; message: string }, mapping?: UrlMapping) => {
    const kind: ProxyReport['kind'] = what.status === 504 ? 'timeout' : what.status === 502 ? 'unreachable' : 'refused';
    report({
      application_id: applicationId, frame_id: requestFrame(request), kind, url: request.url ?? '', status: what.status,
      ...(mapping ? { mapping } : {}), message: what.message,
    });
  };

  const ownPath = (request: IncomingMessage, response: ServerResponse, route: Extract<ProxyRoute, { kind: 'own' }>) => {
    if (route.path !== REPORT_PATH || request.method !== 'POST') {
      const body = `Not found: ${route.path} is the Activity proxy's own path.\n`;
      return void response.writeHead(404, refusalHeaders(body)).end(body);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REPORT_BYTES) return void request.destroy();
      chunks.push(chunk);
    });
    request.on('end', () => {
      const blocked = blockedRequest(route.application.id, route.application.url_mappings, Buffer.concat(chunks).toString('utf8'));
      if (blocked) report(blocked);
      response.writeHead(204, { 'cache-control': 'no-store' }).end();
    });
  };

  const answerRequest = (applicationId: string, request: IncomingMessage, response: ServerResponse) => {
    routeRequest(store, applicationId, request, host).then((route) => {
      if (route.kind === 'refused') {
        refusal(request, applicationId, route);
        const body = `${route.message}\n`;
        return void response.writeHead(route.status, refusalHeaders(body)).end(body);
      }
      if (route.kind === 'own') return ownPath(request, response, route);
      forwardRequest(request, response, {
        origin: route.origin, mapped: route.mapped, timeoutMs, agents,
        failed: (failure) => {
          refusal(request, applicationId, failure, route.mapped.mapping);
          const body = `${failure.message}\n`;
          if (!response.headersSent) response.writeHead(failure.status, refusalHeaders(body)).end(body);
        },
      });
    }).catch((error: unknown) => {
      console.error(`slashbench: the Activity proxy failed: ${(error as Error).message}`);
      if (!response.headersSent) response.writeHead(500, refusalHeaders('The Activity proxy failed.\n')).end('The Activity proxy failed.\n');
      else response.destroy();
    });
  };

  const answerUpgrade = (applicationId: string, request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refuse = (status: number, message: string) => refuseOnSocket(socket, status, message);
    routeRequest(store, applicationId, request, host).then((route) => {
      if (route.kind === 'refused') {
        refusal(request, applicationId, route);
        return refuse(route.status, route.message);
      }
      if (route.kind === 'own') return refuse(404, `${route.path} is the Activity proxy's own path.`);
      forwardUpgrade(request, socket, head, route.mapped, timeoutMs, (failure) => {
        refusal(request, applicationId, failure, route.mapped.mapping);
        refuse(failure.status, failure.message);
      });
    }).catch((error: unknown) => {
      console.error(`slashbench: the Activity proxy failed: ${(error as Error).message}`);
      refuse(500, 'The Activity proxy failed.');
    });
  };

  /** The app's listener: its preferred port when free, else any. */
  const open = async (applicationId: string): Promise<Server> => {
    const server = createServer((request, response) => answerRequest(applicationId, request, response));
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => answerUpgrade(applicationId, request, socket, head));
    server.on('connect', (_request: IncomingMessage, socket: Duplex) => refuseOnSocket(socket, 405, 'The Activity proxy is no open proxy: CONNECT is refused.'));
    await listening(server, host, preferredPort(applicationId)).catch(() => listening(server, host, 0));
    return server;
  };

  return {
    async portFor(applicationId) {
      if (closed) throw new Error('The Activity proxy is closed.');
      let server = listeners.get(applicationId);
      if (!server) {
        server = open(applicationId);
        listeners.set(applicationId, server);
        server.catch(() => listeners.delete(applicationId));
      }
      return ((await server).address() as AddressInfo).port;
    },

    async close() {
      closed = true;
      const servers = await Promise.all([...listeners.values()].map((server) => server.catch(() => undefined)));
      listeners.clear();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      })));
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
