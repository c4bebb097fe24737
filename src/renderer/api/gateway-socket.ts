/**
 * The client's gateway session over a browser WebSocket: discover the URL
 * (`GET /gateway`), connect with `?v=10&encoding=json`, IDENTIFY with the session token on
 * HELLO, heartbeat at the interval HELLO names (and when asked), and hand every dispatch to
 * the listener. A close the client did not ask for is reported, and the store reconnects.
 */
import type { GatewayHandle, GatewayListener } from '../store/deps.js';

const OP = { Dispatch: 0, Heartbeat: 1, Identify: 2, Reconnect: 7, InvalidSession: 9, Hello: 10, HeartbeatAck: 11 } as const;

interface Frame {
  op: number;
  d: unknown;
  s?: number | null;
  t?: string | null;
}

/** The gateway's address from discovery, on wss:// when the registry is reached over https. */
async function discover(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v10/gateway`);
  if (!response.ok) throw new Error(`GET /gateway answered ${response.status}`);
  const { url } = (await response.json()) as { url: string };
  return base.startsWith('https:') ? url.replace(/^ws:/, 'wss:') : url;
}

export interface GatewaySocket {
  (token: string, listener: GatewayListener): GatewayHandle;
  /** Asks the registry's gateway address now, ahead of the session that will need it. */
  discoverAhead(): void;
}

/**
 * Opens gateway sessions against the registry at `baseUrl` (or the one it names when a
 * session opens). Each registry's address is asked once, and again after a failure.
 */
export function gatewaySocket(baseUrl: string | (() => string)): GatewaySocket {
  const base = () => (typeof baseUrl === 'string' ? baseUrl : baseUrl());
  const addresses = new Map<string, Promise<string>>();
  const address = () => {
    const registry = base();
    let found = addresses.get(registry);
    if (found === undefined) {
      found = discover(registry);
      addresses.set(registry, found);
      found.catch(() => addresses.delete(registry));
    }
    return found;
  };
  const connect = (token: string, listener: GatewayListener): GatewayHandle => {
    let socket: WebSocket | null = null;
    let heartbeat: number | undefined;
    let sequence: number | null = null;
    let closedByClient = false;

    const stop = (code: number, reason: string) => {
      window.clearInterval(heartbeat);
      if (closedByClient) return;
      closedByClient = true;
      socket?.close(1000);
      listener.closed(code, reason);
    };
    const send = (frame: unknown) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
    };
    const beat = () => send({ op: OP.Heartbeat, d: sequence });

    const onFrame = (frame: Frame) => {
      if (typeof frame.s === 'number') sequence = frame.s;
      switch (frame.op) {
        case OP.Hello: {
          const interval = (frame.d as { heartbeat_interval: number }).heartbeat_interval;
          heartbeat = window.setInterval(beat, interval);
          send({ op: OP.Identify, d: { token, properties: { os: 'browser', browser: 'Slashbench', device: 'Slashbench' } } });
          return;
        }
        case OP.Heartbeat:
          beat();
          return;
        case OP.Dispatch:
          if (typeof frame.t === 'string') listener.dispatch(frame.t, frame.d);
          return;
        case OP.Reconnect:
        case OP.InvalidSession:
          stop(4000, frame.op === OP.Reconnect ? 'the gateway asked to reconnect' : 'the session is no longer valid');
          return;
        default:
      }
    };

    address().then((url) => {
      if (closedByClient) return;
      socket = new WebSocket(`${url}?v=10&encoding=json`);
      socket.addEventListener('message', (event) => {
        try {
          onFrame(JSON.parse(String(event.data)) as Frame);
        } catch {
          // A frame that is not JSON is not ours to act on.
        }
      });
      socket.addEventListener('close', (event) => stop(event.code, event.reason));
    }, (error: unknown) => stop(0, String(error)));

    return {
      close() {
        window.clearInterval(heartbeat);
        closedByClient = true;
        socket?.close(1000);
      },
    };
  };
  return Object.assign(connect, { discoverAhead: () => void address().catch(() => undefined) });
}
