/**
 * A raw gateway session on `ws`, as a bot or the client opens one: discover the URL
 * (`GET /api/v10/gateway`), HELLO, IDENTIFY with the token, READY, heartbeats. Waiters are
 * registered before the action that triggers the dispatch, and resolve with the moment the
 * frame arrived (before it is parsed), so a benchmark times the registry, not the listener.
 */
import { WebSocket, type RawData } from 'ws';
import { monotonicMs } from './clock.js';

export interface Received {
  data: Record<string, unknown>;
  /** When the frame arrived (`monotonicMs`). */
  receivedAt: number;
}

interface Waiter {
  event: string;
  match: (data: Record<string, unknown>) => boolean;
  resolve: (received: Received) => void;
  reject: (error: Error) => void;
}

interface Frame {
  op: number;
  d: unknown;
  s?: number | null;
  t?: string | null;
}

export class GatewaySession {
  private waiters: Waiter[] = [];
  private sequence: number | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private closed: Error | undefined;
  private hello: ((frame: Frame) => void) | undefined;
  private readonly helloFrame = new Promise<Frame>((resolve) => (this.hello = resolve));

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw: RawData) => this.accept(raw));
    socket.on('error', () => undefined);
    socket.on('close', (code, reason) => {
      clearInterval(this.heartbeat);
      this.closed = new Error(`gateway session closed with ${code} ${reason.toString()}`);
      for (const waiter of this.waiters.splice(0)) waiter.reject(this.closed);
    });
  }

  /** Connects and IDENTIFYs with `token` (a bot token or a person's session token); resolves at READY. */
  static async open(baseUrl: string, token: string): Promise<GatewaySession> {
    const discovery = await fetch(`${baseUrl}/api/v10/gateway`);
    if (!discovery.ok) throw new Error(`GET /gateway answered ${discovery.status}`);
    const { url } = (await discovery.json()) as { url: string };
    const socket = new WebSocket(`${url}?v=10&encoding=json`);
    const session = new GatewaySession(socket);
    const ready = session.expect('READY');
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const hello = await Promise.race([session.helloFrame, ready.then(() => {
      throw new Error('READY before HELLO');
    })]);
    const interval = (hello.d as { heartbeat_interval: number }).heartbeat_interval;
    session.heartbeat = setInterval(() => session.send({ op: 1, d: session.sequence }), interval);
    session.heartbeat.unref();
    session.send({ op: 2, d: { token, properties: { os: 'linux', browser: 'slashbench-bench', device: 'slashbench-bench' }, intents: 1 } });
    await ready;
    return session;
  }

  /** The next dispatch `event` whose data matches; register it before causing the event. */
  expect(event: string, match: (data: Record<string, unknown>) => boolean = () => true): Promise<Received> {
    if (this.closed) return Promise.reject(this.closed);
    return new Promise((resolve, reject) => this.waiters.push({ event, match, resolve, reject }));
  }

  send(frame: unknown): void {
    this.socket.send(JSON.stringify(frame));
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    if (this.socket.readyState === WebSocket.CLOSED) return;
    const done = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    this.socket.close(1000);
    await done;
  }

  private accept(raw: RawData): void {
    const receivedAt = monotonicMs();
    const frame = JSON.parse(raw.toString()) as Frame;
    if (typeof frame.s === 'number') this.sequence = frame.s;
    if (frame.op === 10) this.hello?.(frame);
    if (frame.op !== 0 || typeof frame.t !== 'string') return;
    const data = frame.d as Record<string, unknown>;
    const index = this.waiters.findIndex((waiter) => waiter.event === frame.t && waiter.match(data));
    if (index === -1) return;
    const [waiter] = this.waiters.splice(index, 1);
    waiter?.resolve({ data, receivedAt });
  }
}
