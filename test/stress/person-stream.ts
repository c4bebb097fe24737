/**
 * A person's event stream under load: a raw gateway session (IDENTIFY with the person's
 * token) that keeps only what the load checks need — each invocation's terminal event
 * (INTERACTION_SUCCESS or INTERACTION_FAILURE) by nonce, and how many arrived twice — so
 * tens of thousands of events cost neither memory nor a scan per wait, as the test
 * helpers' queue of every payload would.
 */
import { WebSocket } from 'ws';

export type Outcome = { ok: true } | { ok: false; reason: string; detail: string };

interface Frame {
  op: number;
  t?: string | null;
  d?: unknown;
}

export class PersonStream {
  /** Terminal events that came a second time for the same nonce. */
  duplicates = 0;
  private readonly outcomes = new Map<string, Outcome>();
  private readonly waiters = new Map<string, (outcome: Outcome) => void>();
  private heartbeat: NodeJS.Timeout | undefined;

  private constructor(private readonly socket: WebSocket) {}

  /** Connects to `gatewayUrl` as the person `token` and resolves at READY. */
  static open(gatewayUrl: string, token: string): Promise<PersonStream> {
    const socket = new WebSocket(`${gatewayUrl}?v=10&encoding=json`);
    const stream = new PersonStream(socket);
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('close', (code) => reject(new Error(`the gateway closed with ${code} before READY`)));
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as Frame;
        if (frame.op === 10) {
          const interval = (frame.d as { heartbeat_interval: number }).heartbeat_interval;
          stream.heartbeat = setInterval(() => socket.send(JSON.stringify({ op: 1, d: null })), interval);
          stream.heartbeat.unref();
          socket.send(JSON.stringify({ op: 2, d: { token, properties: { os: 'linux', browser: 'load', device: 'load' }, intents: 1 } }));
        } else if (frame.op === 0 && frame.t === 'READY') {
          resolve(stream);
        } else if (frame.op === 0) {
          stream.accept(frame.t ?? '', frame.d as Record<string, unknown>);
        }
      });
    });
  }

  /** How the invocation `nonce` ended, once the registry says so. */
  outcome(nonce: string): Promise<Outcome> {
    const known = this.outcomes.get(nonce);
    if (known) return Promise.resolve(known);
    return new Promise((resolve) => this.waiters.set(nonce, resolve));
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    if (this.socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise((resolve) => this.socket.once('close', resolve));
    this.socket.close(1000);
    await closed;
  }

  private accept(type: string, data: Record<string, unknown>): void {
    let outcome: Outcome;
    if (type === 'INTERACTION_SUCCESS') outcome = { ok: true };
    else if (type === 'INTERACTION_FAILURE') outcome = { ok: false, reason: String(data.reason), detail: String(data.detail) };
    else return;
    const nonce = String(data.nonce);
    if (this.outcomes.has(nonce)) {
      this.duplicates += 1;
      return;
    }
    this.outcomes.set(nonce, outcome);
    this.waiters.get(nonce)?.(outcome);
    this.waiters.delete(nonce);
  }
}
