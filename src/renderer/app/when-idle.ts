/**
 * Work the page does when it is next idle (`requestIdleCallback`, at the latest after
 * `timeoutMs`), so it does not hold up what the person is waiting for: the first screen,
 * the answer to a keystroke. A browser without idle callbacks runs it after `fallbackMs`.
 */

/** The idle callbacks, typed here: the modules tests import are also checked without the DOM's types. */
interface IdleCallbacks {
  requestIdleCallback?: (run: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
}

export function whenIdle(run: () => void, timeoutMs: number, fallbackMs = 200): () => void {
  const page = globalThis as IdleCallbacks;
  if (page.requestIdleCallback && page.cancelIdleCallback) {
    const handle = page.requestIdleCallback(run, { timeout: timeoutMs });
    const cancel = page.cancelIdleCallback;
    return () => cancel(handle);
  }
  const handle = setTimeout(run, fallbackMs);
  return () => clearTimeout(handle);
}
