/**
 * The driver's HTTP routes as the JavaScript driver calls them: every request carries the
 * acting person's token, as the client's do; a refusal becomes a `BenchRequestError`, a
 * wait that is not met a `BenchWaitError`. Other languages make the same calls
 * (docs/testing.md); this file is their reference. With the registry in this process
 * (`startBench`), the runs' two routes are answered without HTTP (management-driver.ts,
 * `inProcessDriver`), the same answers as their text.
 */
import { Agent, request } from 'node:http';
import type { InProcessDriver } from '../registry/routes/management-driver.js';
import type { DriverAction, DriverRun, DriverWait, DriverWaitFailure } from '../shared/driver-api.js';
import { BenchRequestError, BenchWaitError } from './errors.js';

/** An answer's status and text. Parsed here, not by a client: under Jest's module realm, another JSON.parse would make arrays of another realm. */
interface Answer {
  status: number;
  text: string;
}

export class DriverHttp {
  /**
   * node:http on kept-alive connections, not fetch: undici's fetch cost about 0.4 ms more
   * per request (docs/benchmarks.md), and a command and its reply are two requests.
   * Idle connections do not hold the process open (the agent unrefs them).
   */
  readonly #agent = new Agent({ keepAlive: true });
  readonly #host: string;
  /** The registry's door to its runs' routes when it runs in this process (startBench); other requests go over HTTP. */
  #inProcess: InProcessDriver | undefined;

  constructor(readonly url: string, inProcess?: InProcessDriver) {
    this.#host = new URL(url).host;
    this.#inProcess = inProcess;
  }

  /** A request as `token`'s person; the JSON answer, or a `BenchRequestError` naming `what`. */
  async call<T>(token: string, method: string, path: string, what: string, body?: unknown): Promise<T> {
    const answer = await this.send(token, method, path, body);
    const parsed: unknown = answer.text === '' ? null : JSON.parse(answer.text);
    if (answer.status < 200 || answer.status > 299) throw new BenchRequestError(answer.status, parsed, what);
    return parsed as T;
  }

  /** Closes the kept-alive connections; a later call fails as a request to a closed registry does. */
  close(): void {
    this.#inProcess = undefined;
    this.#agent.destroy();
  }

  /** A request as `token`'s person (its header as given), answered with its status and text: in process for the runs' routes when the registry is here. */
  send(token: string, method: string, path: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const inProcess = this.#inProcess?.answer({ token, host: this.#host }, method, path, payload);
    if (inProcess !== undefined) return inProcess;
    const headers: Record<string, string | number> = { authorization: token };
    if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    return new Promise((resolve, reject) => {
      const sent = request(`${this.url}${path}`, { method, headers, agent: this.#agent }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        response.on('error', reject);
      });
      sent.on('error', reject);
      sent.end(payload);
    });
  }

  /** Starts an action; the run as it stands once the person route has answered. */
  act(token: string, action: DriverAction, what: string): Promise<DriverRun> {
    return this.call<DriverRun>(token, 'POST', '/_slashbench/driver/runs', what, action);
  }

  /** Waits for `wait` in a run; the run once it is met, else a `BenchWaitError` saying what happened. */
  async wait(token: string, runId: string, wait: DriverWait, options: { count?: number; timeoutMs: number }): Promise<DriverRun> {
    const query = new URLSearchParams({ wait, timeout_ms: String(options.timeoutMs), ...(options.count === undefined ? {} : { count: String(options.count) }) });
    const answer = await this.send(token, 'GET', `/_slashbench/driver/runs/${encodeURIComponent(runId)}?${query}`);
    const body = JSON.parse(answer.text) as DriverRun | DriverWaitFailure;
    if (answer.status === 200) return body as DriverRun;
    if (answer.status === 408 || answer.status === 409) {
      const failure = body as DriverWaitFailure;
      throw new BenchWaitError(failure.message, failure.run, answer.status === 408);
    }
    throw new BenchRequestError(answer.status, body, `waiting for ${wait}`);
  }
}
