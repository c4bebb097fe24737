/**
 * The deadline and the cancel of a delivery request, kept the same way by each of its
 * transports (warm-sockets.ts, node:https in http-post.ts, an injected fetch in
 * deliver-over-http.ts), and rejected with the names fetch gives these errors.
 */
import type { Timers } from '../timers.js';

/** Past the deadline, as fetch rejects for `AbortSignal.timeout`. */
function timeoutError(timeoutMs: number): Error {
  return Object.assign(new Error(`The operation timed out after ${timeoutMs} ms.`), { name: 'TimeoutError' });
}

/** Cancelled by its caller. */
export function abortError(): Error {
  return Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
}

/**
 * Calls `stop` with the reason once the deadline passes or `signal` aborts, whichever comes
 * first (at once when the signal has already aborted). A timer, not an AbortSignal of its
 * own: making one and listening on it cost 7 µs of each delivery (docs/benchmarks.md, issue
 * 20). The machine's timer, or one of `timers` (a test clock's: timers.ts). Answers the
 * function that stops watching, for when the request has ended.
 */
export function watchDeadline(timeoutMs: number, signal: AbortSignal | undefined, stop: (reason: Error) => void, timers?: Timers): () => void {
  const passed = () => stop(timeoutError(timeoutMs));
  let cancel: () => void;
  if (timers) cancel = timers.after(timeoutMs, passed);
  else {
    const timer = setTimeout(passed, timeoutMs);
    cancel = () => clearTimeout(timer);
  }
  const abort = () => stop(abortError());
  if (signal?.aborted) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  return () => {
    cancel();
    signal?.removeEventListener('abort', abort);
  };
}
