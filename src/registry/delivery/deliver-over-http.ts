/**
 * Ed25519-signed HTTP delivery to an app's interactions endpoint URL, as the real service
 * does it (api-facts.md, "HTTP delivery"): one POST, signed over `timestamp + raw body`,
 * answered inline (200 + interaction response) or acknowledged (202) within the deadline.
 * Every way it can go is returned as data, so the caller can show the developer exactly
 * what their endpoint did.
 */
import { signDelivery } from '../domain/application-keys.js';
import { encodedOnce } from '../domain/encoded-once.js';
import type { ApplicationRecord } from '../store/records.js';
import { describeFetchFailure, readEndpointAnswer, type Answer } from './endpoint-answer.js';
import { ANSWER_TOO_LARGE, httpPost, type PostAnswer, type PostInit } from './http-post.js';
import { watchDeadline } from './request-deadline.js';
import type { Timers } from '../timers.js';

/** The service gives an endpoint 3 seconds to answer an interaction. */
export const DELIVERY_TIMEOUT_MS = 3000;

/** What the real service sends, so bots that log or filter on it see the same thing. */
export const DELIVERY_USER_AGENT = 'Discord-Interactions/1.0 (+https://discord.com)';

/** What is injected into a delivery: tests shorten the deadline, fix the clock and replace fetch. */
export interface DeliveryOptions {
  /** The deadline for the whole exchange, answer body included; 3 s by default. */
  timeoutMs?: number;
  /** Where that deadline's timer is set: the machine's by default, a test clock's in a test (timers.ts). */
  timers?: Timers;
  /** The clock the signature timestamp is read from (epoch ms); `Date.now` by default. */
  now?: () => number;
  /** The HTTP client (tests inject one); node:http with keep-alive (`httpPost`) by default. */
  fetch?: typeof fetch;
  /** Cancels the delivery (e.g. the registry shutting down). */
  signal?: AbortSignal;
  /** Told the request just before it is sent, so the inspector shows it while the app thinks. */
  onSend?: (request: DeliveryRequest) => void;
}

/** The request exactly as sent, for the inspector that shows every payload. */
export interface DeliveryRequest {
  url: string;
  headers: Record<string, string>;
  /** The raw body the signature covers. */
  body: string;
}

/** A delivery's result: the request, and how the endpoint answered (or did not). */
export interface DeliveryResult extends Answer {
  request: DeliveryRequest;
  /** Milliseconds from sending to the end of the answer (monotonic clock). */
  elapsedMs: number;
}

export type { Answer, DeliveryOutcome, InteractionResponseBody } from './endpoint-answer.js';

/**
 * POSTs an interaction payload to the app's endpoint, signed with the app's private key.
 * Never rejects for anything the endpoint does (or a missing URL): a refused connection
 * or a timeout is an outcome too. Only a payload JSON.stringify cannot encode throws. The
 * payload's encoding is the one the store recorded (encoded-once.ts): signed and sent as is.
 */
export function deliverOverHttp(
  application: ApplicationRecord,
  payload: object,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const body = encodedOnce(payload);
  const timestamp = String(Math.floor((options.now ?? Date.now)() / 1000));
  const url = application.interactions_endpoint_url;
  if (url === null) {
    return Promise.resolve({
      request: { url: '', headers: {}, body },
      outcome: 'network-error',
      elapsedMs: 0,
      error: 'the application has no interactions endpoint URL',
    });
  }
  return postSigned(url, { body, timestamp, ...signDelivery(application.private_key, timestamp, body) }, options);
}

/** A body as signed: its text, the timestamp and signature its headers carry, and the text's UTF-8 when the signer made it. */
export interface SignedBody {
  body: string;
  timestamp: string;
  signature: string;
  bytes?: Buffer;
}

/**
 * Sends an already signed body. The endpoint verification uses it directly to send a
 * deliberately bad signature; everything else goes through `deliverOverHttp`.
 */
export async function postSigned(url: string, { body, timestamp, signature, bytes }: SignedBody, options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': DELIVERY_USER_AGENT,
    'X-Signature-Ed25519': signature,
    'X-Signature-Timestamp': timestamp,
  };
  const request: DeliveryRequest = { url, headers, body };
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const init: PostInit = {
    method: 'POST', headers, body: bytes ?? body, timeoutMs, ...(options.timers ? { timers: options.timers } : {}), ...(options.signal ? { signal: options.signal } : {}),
  };
  options.onSend?.(request);
  const started = performance.now();
  try {
    const response = await (options.fetch ? fetchWithin(options.fetch, url, init) : httpPost(url, init));
    const answer = new Uint8Array(await response.arrayBuffer());
    return { request, ...(await readEndpointAnswer(response.status, response.headers, answer)), elapsedMs: performance.now() - started };
  } catch (error) {
    const elapsedMs = performance.now() - started;
    if ((error as Error).name === 'TimeoutError') return { request, outcome: 'timeout', elapsedMs, error: `timed out after ${timeoutMs / 1000} s` };
    if (options.signal?.aborted) return { request, outcome: 'network-error', elapsedMs, error: 'the delivery was cancelled' };
    if ((error as { code?: unknown }).code === ANSWER_TOO_LARGE) {
      return { request, outcome: 'bad-body', elapsedMs, error: `the endpoint's answer was cut off: ${(error as Error).message}` };
    }
    return { request, outcome: 'network-error', elapsedMs, error: describeFetchFailure(error) };
  }
}

/**
 * An injected fetch, held to the deadline and the caller's signal as `httpPost` holds
 * itself: one AbortSignal for both, so an endpoint that never answers keeps no socket open.
 * The answer is read whole before the deadline ends, as `httpPost` reads it.
 */
async function fetchWithin(fetch: typeof globalThis.fetch, url: string, { timeoutMs, timers, signal: outer, body, ...init }: PostInit): Promise<PostAnswer> {
  const controller = new AbortController();
  let stopped: Error | undefined;
  const unwatch = watchDeadline(timeoutMs, outer, (reason) => {
    stopped = reason;
    controller.abort(reason);
  }, timers);
  try {
    // Bytes as fetch's types take them (a view of an ArrayBuffer, which a Buffer's may not be).
    const response = await fetch(url, { ...init, body: typeof body === 'string' ? body : new Uint8Array(body), signal: controller.signal });
    const bytes = await response.arrayBuffer();
    return { status: response.status, headers: response.headers, arrayBuffer: async () => bytes, text: async () => Buffer.from(bytes).toString('utf8') };
  } catch (error) {
    throw stopped ?? error;
  } finally {
    unwatch();
  }
}
