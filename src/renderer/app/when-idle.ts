/**
 * Work the page does when it is next idle (`requestIdleCallback`, at the latest after
 * `timeoutMs`), so it does not hold up what the person is waiting for: the first screen,
 * the answer to a keystroke. A browser without idle callbacks runs it after `fallbackMs`.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs = 200): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, fallbackMs);
  return () => window.clearTimeout(handle);
}
