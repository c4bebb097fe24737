/**
 * The driver's HTTP routes as the JavaScript driver calls them: every request carries the
 * acting person's token, as the client's do; a refusal becomes a `BenchRequestError`, a
 * wait that is not met a `BenchWaitError`. Other languages make the same calls
 * (docs/testing.md); this file is their reference.
 */
import type { DriverAction, DriverRun, DriverWait, DriverWaitFailure } from '../shared/driver-api.js';
import { BenchRequestError, BenchWaitError } from './errors.js';

export class DriverHttp {
  constructor(readonly url: string) {}

  /** A request as `token`'s person; the JSON answer, or a `BenchRequestError` naming `what`. */
  async call<T>(token: string, method: string, path: string, what: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text === '' ? null : JSON.parse(text);
    if (!response.ok) throw new BenchRequestError(response.status, parsed, what);
    return parsed as T;
  }

  /** Starts an action; the run as it stands once the person route has answered. */
  act(token: string, action: DriverAction, what: string): Promise<DriverRun> {
    return this.call<DriverRun>(token, 'POST', '/_slashbench/driver/runs', what, action);
  }

  /** Waits for `wait` in a run; the run once it is met, else a `BenchWaitError` saying what happened. */
  async wait(token: string, runId: string, wait: DriverWait, options: { count?: number; timeoutMs: number }): Promise<DriverRun> {
    const query = new URLSearchParams({ wait, timeout_ms: String(options.timeoutMs), ...(options.count === undefined ? {} : { count: String(options.count) }) });
    const response = await fetch(`${this.url}/_slashbench/driver/runs/${encodeURIComponent(runId)}?${query}`, { headers: { authorization: token } });
    // Parsed here, not by fetch: under Jest's module realm, fetch's own JSON.parse would make arrays of another realm.
    const body = JSON.parse(await response.text()) as DriverRun | DriverWaitFailure;
    if (response.status === 200) return body as DriverRun;
    if (response.status === 408 || response.status === 409) {
      const failure = body as DriverWaitFailure;
      throw new BenchWaitError(failure.message, failure.run, response.status === 408);
    }
    throw new BenchRequestError(response.status, body, `waiting for ${wait}`);
  }
}
