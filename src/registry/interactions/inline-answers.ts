/**
 * The apps' inline answers (a delivery's HTTP answer) while they are applied. Each is
 * applied a step at a time, every step on a turn of the event loop of its own (`nextTurn`),
 * so an invocation that arrives meanwhile is delivered first rather than after the whole of
 * it: a person or a test sending commands one after another sends the next while the last
 * one's answer is still being stored, and on a busy machine that wait was a tenth of the
 * delivery's time as a user measures it (docs/benchmarks.md). Only invocations go ahead
 * (the person route, mostly on its lean path, http/lean-route.ts): every other
 * request waits for the answers in flight when it came (`settled`, app.ts). For the app
 * its answer was given when it sent it, so its next request (an edit of @original, a
 * follow-up) must find it applied, and so must anyone who reads.
 */

/** Ends this turn of the event loop: whatever has arrived runs first (I/O before `setImmediate`'s callbacks). */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class InlineAnswers {
  readonly #applying = new Set<Promise<unknown>>();

  /** Applies an answer, from the next turn on; other requests wait for it from now. */
  apply<T>(work: () => Promise<T>): Promise<T> {
    const applying = nextTurn().then(work);
    this.#applying.add(applying);
    const done = () => this.#applying.delete(applying);
    applying.then(done, done);
    return applying;
  }

  /** Undefined when no answer is being applied; else when the ones being applied now have been (applied or refused). */
  settled(): Promise<void> | undefined {
    if (this.#applying.size === 0) return undefined;
    return Promise.allSettled([...this.#applying]).then(() => undefined);
  }
}
