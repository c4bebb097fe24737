/**
 * A raw gateway client for tests, on `ws`: every payload the server sends is queued, and
 * tests wait for the next one that matches (a dispatch by name, an opcode) or for the
 * close, never on a timer. Binary frames are inflated as a zlib stream (`compress=zlib-stream`).
 */
import { constants, createInflate } from 'node:zlib';
import { WebSocket, type RawData } from 'ws';

export interface Payload {
  op: number;
  d: unknown;
  s?: number | null;
  t?: string | null;
}

export interface Closed {
  code: number;
  reason: string;
}

type Waiter = { match: (payload: Payload) => boolean; resolve: (payload: Payload) => void; reject: (error: Error) => void };

export class GatewayClient {
  /** Every payload received, in order. */
  readonly received: Payload[] = [];
  readonly closed: Promise<Closed>;
  private readonly queue: Payload[] = [];
  private waiters: Waiter[] = [];
  private closeInfo: Closed | null = null;
  private readonly inflate = createInflate();
  private inflated: Buffer[] = [];
  private inflating: Promise<void> = Promise.resolve();

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        for (const waiter of this.waiters) waiter.reject(new Error(`closed with ${code} ${reason.toString()} while waiting`));
        this.waiters = [];
        resolve(this.closeInfo);
      });
    });
    socket.on('error', () => undefined);
    this.inflate.on('data', (chunk: Buffer) => this.inflated.push(chunk));
    socket.on('message', (data: RawData, isBinary) => {
      const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer);
      if (isBinary) this.inflating = this.inflating.then(() => this.unpack(bytes));
      else this.accept(bytes.toString('utf8'));
    });
  }

  /** Opens a connection; `query` defaults to `?v=10&encoding=json`. */
  static open(gatewayUrl: string, query = '?v=10&encoding=json'): Promise<GatewayClient> {
    const socket = new WebSocket(`${gatewayUrl}${query}`);
    const client = new GatewayClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
      socket.once('error', reject);
    });
  }

  send(payload: unknown): void {
    this.socket.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  }

  /** The next payload (from the queue or still to come) that matches. */
  next(match: (payload: Payload) => boolean = () => true): Promise<Payload> {
    const index = this.queue.findIndex(match);
    if (index !== -1) return Promise.resolve(this.queue.splice(index, 1)[0]!);
    if (this.closeInfo) return Promise.reject(new Error(`already closed with ${this.closeInfo.code}`));
    return new Promise((resolve, reject) => this.waiters.push({ match, resolve, reject }));
  }

  /** The next dispatch named `event`. */
  dispatch(event: string): Promise<Payload> {
    return this.next((payload) => payload.op === 0 && payload.t === event);
  }

  /** The next payload with opcode `op`. */
  op(op: number): Promise<Payload> {
    return this.next((payload) => payload.op === op);
  }

  /** Sends IDENTIFY as discord.js does (bare token, intents, shard). */
  identify(token: string, extra: Record<string, unknown> = {}): void {
    this.send({ op: 2, d: { token, properties: { os: 'linux', browser: 'test', device: 'test' }, intents: 1, ...extra } });
  }

  close(code = 1000): Promise<Closed> {
    if (!this.closeInfo) this.socket.close(code);
    return this.closed;
  }

  /** One zlib-stream message: its bytes continue the connection's stream and end in a sync flush. */
  private unpack(bytes: Buffer): Promise<void> {
    return new Promise((resolve) => {
      this.inflate.write(bytes);
      this.inflate.flush(constants.Z_SYNC_FLUSH, () => {
        const text = Buffer.concat(this.inflated).toString('utf8');
        this.inflated = [];
        if (text.length > 0) this.accept(text);
        resolve();
      });
    });
  }

  private accept(text: string): void {
    const payload = JSON.parse(text) as Payload;
    this.received.push(payload);
    const waiter = this.waiters.find((candidate) => candidate.match(payload));
    if (!waiter) {
      this.queue.push(payload);
      return;
    }
    this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
    waiter.resolve(payload);
  }
}
