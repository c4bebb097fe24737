/**
 * A route's plain requests answered from their connection's bytes, a level below the lean
 * route (lean-route.ts): node:http's own work on a request (its parser's calls into
 * JavaScript, a request and a response object, the body's stream) was some 40 µs of each
 * invocation's way to the app as a user measures it, a fifth of the registry's part
 * (docs/benchmarks.md). A connection stays here while every request on it is plain
 * (plain-request.ts) and arrives whole in one read, as a keep-alive client's small POST does;
 * at the first that is not, or that comes while an answer is being made, it goes to
 * node:http for good, with the bytes not yet answered (unread again, as `stream.unshift`
 * is meant for), and node:http answers them and all that follows as for any connection.
 *
 * The answers are the lean route's (`leanAnswer`), written as node:http writes them: its
 * status line, the headers in order, `Date`, and its keep-alive headers, or `Connection:
 * close` once the app closes, when the connection ends after its answer, as
 * closing-connections.ts makes node:http's. A connection idle for the server's keep-alive
 * timeout is closed, as node:http closes one (test/registry/lean-connections.test.ts holds
 * the bytes and the behaviour to node:http's).
 */
import type { FastifyInstance } from 'fastify';
import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { deepFreeze } from '../domain/deep-freeze.js';
import { parseJsonBody } from './json-body.js';
import { leanAnswer, type LeanAnswer, type LeanHandler, type LeanRequest } from './lean-route.js';
import { plainRequest, type PlainRequest } from './plain-request.js';

/** `Date` as node:http writes it: the current second, made once a second. */
let dateSecond = -1;
let dateText = '';
function httpDate(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

/**
 * An answer's bytes as node:http writes `writeHead(status, headers).end(body)` for an
 * HTTP/1.1 request: `keepAliveMs` as its server's keep-alive timeout, or null for the
 * connection's last answer. The answer sets its own Content-Length when it has a body.
 */
export function answerBytes(answer: LeanAnswer, keepAliveMs: number | null): Buffer {
  let head = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'unknown'}\r\n`;
  for (const name in answer.headers) head += `${name}: ${answer.headers[name]}\r\n`;
  head += `Date: ${httpDate()}\r\n`;
  if (keepAliveMs === null) head += 'Connection: close\r\n';
  else head += `Connection: keep-alive\r\n${keepAliveMs > 0 ? `Keep-Alive: timeout=${Math.floor(keepAliveMs / 1000)}\r\n` : ''}`;
  head += '\r\n';
  if (answer.body === undefined) return Buffer.from(head, 'latin1');
  const bytes = Buffer.allocUnsafe(head.length + Buffer.byteLength(answer.body));
  bytes.write(head, 0, 'latin1');
  bytes.write(answer.body, head.length, 'utf8');
  return bytes;
}

/** A route's plain requests, answered from their connections' bytes. */
export interface LeanRoute {
  method: string;
  url: string;
  /** The answer to a plain request; `read` gives its body, parsed (throwing the service's 50109 for one that is not JSON). Never rejects. */
  answer(request: LeanRequest, read: () => unknown): Promise<LeanAnswer>;
}

/** What every lean connection of one server shares. */
interface Connections {
  server: Server;
  route: LeanRoute;
  requestLine: string;
  /** Whether the server is closing: each answer is then its connection's last. */
  closing(): boolean;
  /** Gives the connection to node:http's listeners. */
  toHttp(socket: Socket): void;
  forget(connection: LeanConnection): void;
}

/** A plain request as read, and its body as parsed, frozen: what the same bytes again are. */
interface Read {
  bytes: Buffer;
  request: PlainRequest;
  body: unknown;
}

class LeanConnection {
  readonly #socket: Socket;
  readonly #connections: Connections;
  #answering = false;
  /**
   * The last request read whole: a client sending the same request again (a command invoked
   * again and again, as a test suite or a load test does) sends the same bytes, which are
   * the same request and body, not read again.
   */
  #last: Read | undefined;
  /** Bytes that came while an answer was being made: node:http's, once it is written. */
  #held: Buffer | undefined;

  constructor(socket: Socket, connections: Connections) {
    this.#socket = socket;
    this.#connections = connections;
    // As node:http sets up a connection (its `noDelay` and keep-alive timeout).
    socket.setNoDelay(true);
    socket.setTimeout(connections.server.keepAliveTimeout);
    socket.on('data', this.#onData).on('end', this.#onEnd).on('timeout', this.#onTimeout).on('error', this.#onError).on('close', this.#onClose);
  }

  /** The app is closing: an idle connection is closed now, as node:http closes its idle ones; a busy one ends after its answer. */
  close(): void {
    if (!this.#answering) this.#socket.destroy();
  }

  readonly #onData = (chunk: Buffer): void => {
    if (this.#answering) {
      this.#held = this.#held === undefined ? chunk : Buffer.concat([this.#held, chunk]);
      this.#socket.pause();
      return;
    }
    const last = this.#last;
    let request: PlainRequest | undefined;
    let read: () => unknown;
    if (last !== undefined && last.bytes.equals(chunk)) {
      request = last.request;
      read = () => last.body;
    } else {
      // node:http's limit on a head: the server's own (an option Node's types leave out), else the process's.
      const limit = (this.#connections.server as { maxHeaderSize?: number }).maxHeaderSize ?? maxHeaderSize;
      request = plainRequest(chunk, this.#connections.requestLine, limit);
      if (request === undefined) return this.#toHttp(chunk);
      const fresh = request;
      read = () => this.#remember(chunk, fresh, parseJsonBody(fresh.body.toString('utf8')));
    }
    this.#answering = true;
    const lean: LeanRequest = { headers: request.headers, url: this.#connections.route.url, protocol: 'http', socket: this.#socket };
    void this.#connections.route.answer(lean, read).then(this.#answered);
  };

  /** Keeps a request read whole and its body (frozen, as every later same request shares them); answers the body. */
  #remember(bytes: Buffer, request: PlainRequest, body: unknown): unknown {
    Object.freeze(request.headers);
    this.#last = { bytes: Buffer.from(bytes), request, body: deepFreeze(body) };
    return body;
  }

  readonly #answered = (answer: LeanAnswer): void => {
    this.#answering = false;
    const socket = this.#socket;
    if (!socket.writable) return;
    const last = this.#connections.closing();
    socket.write(answerBytes(answer, last ? null : this.#connections.server.keepAliveTimeout));
    if (last) socket.end();
    else if (this.#held !== undefined) this.#toHttp(this.#held);
  };

  /** Hands the connection to node:http, with `unread` (bytes it has not answered) read again first. */
  #toHttp(unread: Buffer): void {
    const socket = this.#socket;
    this.#connections.forget(this);
    socket.off('data', this.#onData).off('end', this.#onEnd).off('timeout', this.#onTimeout).off('error', this.#onError).off('close', this.#onClose);
    socket.setTimeout(0);
    socket.pause();
    socket.unshift(unread);
    this.#connections.toHttp(socket);
    socket.resume();
  }

  /** The client ended its side: ended now, as node:http ends it (an answer still being made is not written). */
  readonly #onEnd = (): void => {
    this.#socket.end();
  };

  /** Idle past the keep-alive timeout: closed, as node:http closes it; never while an answer is being made. */
  readonly #onTimeout = (): void => {
    if (!this.#answering) this.#socket.destroy();
  };

  readonly #onError = (): void => {
    this.#socket.destroy();
  };

  readonly #onClose = (): void => {
    this.#connections.forget(this);
  };
}

/** A server's lean connections: taken from `open()` on, and ended with `close()`. */
export interface LeanConnections {
  open(): void;
  close(): void;
}

/**
 * Takes over `server`'s connections: once open, each is answered here while its requests are
 * `route`'s plain ones, and goes to node:http's own listeners at the first that is not.
 * Before `open()`, after `close()`, and on a server with a request limit per connection,
 * every connection goes to node:http.
 */
export function leanConnections(server: Server, route: LeanRoute): LeanConnections {
  const http = server.listeners('connection') as Array<(socket: Socket) => void>;
  server.removeAllListeners('connection');
  const open = new Set<LeanConnection>();
  let taking = false;
  let closing = false;
  const connections: Connections = {
    server, route, requestLine: `${route.method} ${route.url} HTTP/1.1\r\n`,
    closing: () => closing,
    toHttp: (socket) => {
      for (const listener of http) listener.call(server, socket);
    },
    forget: (connection) => open.delete(connection),
  };
  server.on('connection', (socket: Socket) => {
    if (!taking || closing || (server.maxRequestsPerSocket ?? 0) > 0) return connections.toHttp(socket);
    open.add(new LeanConnection(socket, connections));
  });
  return {
    open: () => {
      taking = true;
    },
    close: () => {
      closing = true;
      for (const connection of open) connection.close();
    },
  };
}

/**
 * The app's server's lean connections for `method url`, answered with `handle` as
 * `answerAheadOfFastify` answers (the route's handler, its errors and CORS headers): taken
 * once the app is ready, and ended as it closes.
 */
export function answerAheadOfHttp(app: FastifyInstance, method: string, url: string, handle: LeanHandler): void {
  const connections = leanConnections(app.server, { method, url, answer: (request, read) => leanAnswer(app, handle, request, read) });
  app.addHook('onReady', (done) => {
    connections.open();
    done();
  });
  app.addHook('preClose', (done) => {
    connections.close();
    done();
  });
}
