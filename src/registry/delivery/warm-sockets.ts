/**
 * Deliveries to `http:` endpoints on connections kept open per endpoint: a delivery takes
 * an idle connection (or opens one), writes the whole request in one write, there and then,
 * and reads the answer with `AnswerReader`; a connection the answer leaves reusable waits for
 * the next delivery. The request's bytes are the ones node:http wrote; what it saves is
 * node:http's work per request (a request object, its header checks, a deferred write, an
 * answer stream), which the delivery benchmark's profile showed as a fifth of the
 * registry's time before the bot has the interaction.
 */
import { connect, type Socket } from 'node:net';
import { AnswerReader, type ReadAnswer } from './answer-reader.js';
import { abortError, watchDeadline } from './request-deadline.js';
import type { Timers } from '../timers.js';

/** Idle connections kept per endpoint (host and port); more are closed once answered. */
const MAX_IDLE_PER_ENDPOINT = 16;

interface Idle {
  socket: Socket;
  /** Stops watching the idle connection (it is being used again). */
  wake(): void;
}

const idle = new Map<string, Idle[]>();

/** Where to connect, and the request's bytes up to the body (request line, headers, blank line). */
export interface WarmRequest {
  host: string;
  port: number;
  /** Latin-1, as node:http writes a head. */
  head: string;
  /** Text (sent as UTF-8), or its bytes. */
  body: string | Buffer;
  /** Past it the request rejects with a `TimeoutError` (request-deadline.ts). */
  timeoutMs: number;
  /** Where the deadline's timer is set: the machine's by default (request-deadline.ts). */
  timers?: Timers;
  signal?: AbortSignal;
  maxAnswerBytes: number;
  /** The error that ends a delivery whose answer passes `maxAnswerBytes`. */
  tooLarge: () => Error;
}

/** Sends the request and reads the whole answer; rejects as node:http would (connection errors, cut-off answers, an abort, the deadline). */
export function postWarm(request: WarmRequest): Promise<ReadAnswer> {
  return new Promise((resolve, reject) => {
    if (request.signal?.aborted) return reject(abortError());
    const endpoint = `${request.host}:${request.port}`;
    const parked = takeIdle(endpoint);
    const socket = parked?.socket ?? open(request.host, request.port);
    // Written first, in one write for head and body as node:http joins them (one packet for a
    // small delivery); what watched the idle connection and what reads the answer are set up
    // after, as no event can come before this turn ends: the app's copy waits for none of it.
    socket.write(requestBytes(request.head, request.body));
    parked?.wake();
    const reader = new AnswerReader(request.maxAnswerBytes, request.tooLarge);
    let settled = false;
    const settle = (error: Error | null, answer?: ReadAnswer) => {
      if (settled) return;
      settled = true;
      unwatch();
      socket.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onError);
      if (error === null && answer?.reusable) park(endpoint, socket);
      else socket.destroy();
      if (error === null) resolve(answer as ReadAnswer);
      else reject(error);
    };
    const onData = (chunk: Buffer) => {
      try {
        const answer = reader.feed(chunk);
        if (answer) settle(null, answer);
      } catch (error) {
        settle(error as Error);
      }
    };
    const onEnd = () => {
      try {
        settle(null, reader.end());
      } catch (error) {
        settle(error as Error);
      }
    };
    const onError = (error: Error) => settle(error);
    const unwatch = watchDeadline(request.timeoutMs, request.signal, settle, request.timers);
    socket.on('data', onData).on('end', onEnd).on('close', onEnd).on('error', onError);
  });
}

/** The head and the body in one buffer: the body's bytes are given (signed as they are, deliver-over-http.ts) or encoded here. */
function requestBytes(head: string, body: string | Buffer): Buffer {
  const headLength = head.length;
  const bytes = Buffer.allocUnsafe(headLength + Buffer.byteLength(body));
  bytes.write(head, 0, 'latin1');
  if (typeof body === 'string') bytes.write(body, headLength, 'utf8');
  else body.copy(bytes, headLength);
  return bytes;
}

/** A new connection, as node:http's keep-alive agent opens one (no Nagle delay, TCP keep-alive). */
function open(host: string, port: number): Socket {
  const socket = connect({ host, port, noDelay: true, keepAlive: true, keepAliveInitialDelay: 1000 });
  // An error after its delivery has settled (a write still under way) has no one left to tell.
  socket.on('error', () => undefined);
  return socket;
}

/** The newest idle connection to the endpoint, if one is still open: woken (`wake`) once written to. */
function takeIdle(endpoint: string): Idle | undefined {
  const list = idle.get(endpoint);
  const entry = list?.pop();
  if (list?.length === 0) idle.delete(endpoint);
  return entry;
}

/** Keeps an answered connection for the next delivery; the endpoint closing it, or talking out of turn, drops it. */
function park(endpoint: string, socket: Socket): void {
  const list = idle.get(endpoint) ?? [];
  if (list.length >= MAX_IDLE_PER_ENDPOINT || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const drop = () => {
    entry.wake();
    socket.destroy();
    const current = idle.get(endpoint);
    const index = current?.indexOf(entry) ?? -1;
    if (current && index !== -1) current.splice(index, 1);
    if (current?.length === 0) idle.delete(endpoint);
  };
  const entry: Idle = {
    socket,
    wake: () => socket.off('data', drop).off('end', drop).off('close', drop).off('error', drop).ref(),
  };
  socket.on('data', drop).on('end', drop).on('close', drop).on('error', drop);
  // An idle connection never keeps the process alive.
  socket.unref();
  list.push(entry);
  idle.set(endpoint, list);
}
