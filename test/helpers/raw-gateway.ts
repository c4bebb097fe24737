/**
 * A gateway connection for fuzzing: sends whatever it is given, and reads what the server
 * sends on a connection opened without transport compression, where a binary message is
 * one payload deflated on its own (IDENTIFY `compress: true`) and a text message is JSON.
 * (`GatewayClient` reads binary messages as one zlib stream, which is what
 * `compress=zlib-stream` sends.) Waits are on messages and the close, never on timers.
 */
import { inflateSync } from 'node:zlib';
import { WebSocket, type RawData } from 'ws';
import type { Closed, Payload } from './gateway-client.js';

export class RawGateway {
  /** Every payload the server sent, in order. */
  readonly received: Payload[] = [];
  /** Messages that were neither JSON text nor a deflated JSON payload. */
  undecodable = 0;
  readonly closed: Promise<Closed>;
  private readonly queue: Payload[] = [];
  private waiters: Array<{ match: (payload: Payload) => boolean; resolve: (payload: Payload | Closed) => void }> = [];
  private closeInfo: Closed | null = null;

  private constructor(readonly socket: WebSocket) {
    socket.on('error', () => undefined);
    socket.on('message', (data: RawData, isBinary) => this.accept(Buffer.isBuffer(data) ? data : Buffer.from(data as ArrayBuffer), isBinary));
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        for (const waiter of this.waiters) waiter.resolve(this.closeInfo);
        this.waiters = [];
        resolve(this.closeInfo);
      });
    });
  }

  static open(url: string): Promise<RawGateway> {
    const connection = new RawGateway(new WebSocket(url));
    return new Promise((resolve, reject) => {
      connection.socket.once('open', () => resolve(connection));
      connection.socket.once('error', reject);
    });
  }

  /** The next payload not yet taken that matches (already here or still to come), or how the connection closed first. */
  next(match: (payload: Payload) => boolean): Promise<Payload | Closed> {
    const index = this.queue.findIndex(match);
    if (index !== -1) return Promise.resolve(this.queue.splice(index, 1)[0] as Payload);
    if (this.closeInfo) return Promise.resolve(this.closeInfo);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }

  /** Sends text, or bytes as a binary message; nothing once the socket is no longer open. */
  send(data: string | Buffer): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (typeof data === 'string') this.socket.send(data);
    else this.socket.send(data, { binary: true });
  }

  close(): Promise<Closed> {
    if (!this.closeInfo && this.socket.readyState === WebSocket.OPEN) this.socket.close(1000);
    return this.closed;
  }

  private accept(bytes: Buffer, isBinary: boolean): void {
    let payload: Payload;
    try {
      payload = JSON.parse((isBinary ? inflateSync(bytes) : bytes).toString('utf8')) as Payload;
    } catch {
      this.undecodable += 1;
      return;
    }
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
