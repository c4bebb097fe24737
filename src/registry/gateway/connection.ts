/**
 * One WebSocket as the gateway sees it: how its payloads are encoded (plain JSON,
 * zlib-stream, zstd-stream, or IDENTIFY's per-payload `compress`), its send budget, its heartbeat
 * deadline and the session it carries. Sends are kept in order even when compressing.
 */
import { deflateSync } from 'node:zlib';
import { WebSocket } from 'ws';
import type { Compression } from './frames.js';
import type { Timers } from '../timers.js';
import { SEND_LIMIT, type ServerPayload } from './protocol.js';
import type { GatewaySession } from './session.js';
import { ZlibStream } from './zlib-stream.js';
import { zstdFrame } from './zstd-stream.js';

export interface ConnectionOptions {
  compression: Compression;
  /** `ws://host/gateway` as this client reached it: READY's `resume_gateway_url`. */
  gatewayUrl: string;
  heartbeatTimeoutMs: number;
  /** Where the heartbeat deadline's timer is set: the registry's timers (the machine's, or a test clock's). */
  timers: Timers;
  /** Called once when the heartbeat deadline passes. */
  onHeartbeatTimeout: (connection: GatewayConnection) => void;
}

/** A live socket and its protocol state. */
export class GatewayConnection {
  /** The identified (or resumed) session, null before IDENTIFY. */
  session: GatewaySession | null = null;
  /** Set by IDENTIFY `compress: true`: every later payload is its own zlib stream. */
  payloadCompression = false;
  /** The code the server closed with, when it did. */
  closedWith: number | null = null;
  readonly gatewayUrl: string;
  private readonly stream: ZlibStream | null;
  private tail: Promise<unknown> = Promise.resolve();
  private cancelHeartbeat: (() => void) | null = null;
  private window = { start: 0, count: 0 };

  constructor(private readonly socket: WebSocket, private readonly options: ConnectionOptions) {
    this.gatewayUrl = options.gatewayUrl;
    this.stream = options.compression === 'zlib-stream' ? new ZlibStream() : null;
    this.heartbeatReceived();
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN && this.closedWith === null;
  }

  /** Sends a payload after every earlier one; a no-op once closed. */
  send(payload: ServerPayload): void {
    if (this.open) this.sendText(JSON.stringify(payload));
  }

  /** Sends a payload already encoded as JSON (a dispatch frame around shared data), in the same order. */
  sendText(text: string): void {
    if (!this.open) return;
    if (this.stream) {
      const stream = this.stream;
      this.enqueue(() => stream.encode(text).then((bytes) => this.write(bytes)));
    } else if (this.options.compression === 'zstd-stream') this.enqueue(() => zstdFrame(text).then((bytes) => this.write(bytes)));
    else if (this.payloadCompression) this.enqueue(() => this.write(deflateSync(text)));
    else this.enqueue(() => this.write(text));
  }

  /** Closes after the payloads already sent; the first close wins. */
  close(code: number, reason = ''): void {
    if (this.closedWith !== null) return;
    this.closedWith = code;
    this.stopHeartbeat();
    this.enqueue(() => {
      if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close(code, reason);
    });
  }

  /** Counts a client payload; false once the window's budget is spent (4008). */
  countReceived(now: number): boolean {
    if (now - this.window.start >= SEND_LIMIT.windowMs) this.window = { start: now, count: 0 };
    this.window.count += 1;
    return this.window.count <= SEND_LIMIT.count;
  }

  /** Moves the heartbeat deadline: the client showed it is alive. */
  heartbeatReceived(): void {
    this.stopHeartbeat();
    if (this.closedWith !== null) return;
    this.cancelHeartbeat = this.options.timers.after(this.options.heartbeatTimeoutMs, () => this.options.onHeartbeatTimeout(this));
  }

  /** Stops timers and frees the compressor once the socket has closed. */
  dispose(): void {
    this.stopHeartbeat();
    this.closedWith ??= 1006;
    void this.tail.then(() => this.stream?.close());
  }

  private stopHeartbeat(): void {
    this.cancelHeartbeat?.();
    this.cancelHeartbeat = null;
  }

  private write(data: string | Buffer): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(data);
  }

  private enqueue(work: () => unknown): void {
    this.tail = this.tail.then(work).catch(() => undefined);
  }
}
