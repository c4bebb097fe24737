/** How a delivery request that did not end with an answer rejects: with the names fetch gives these errors. */

/** Past the deadline, as fetch rejects for `AbortSignal.timeout`. */
export function timeoutError(timeoutMs: number): Error {
  return Object.assign(new Error(`The operation timed out after ${timeoutMs} ms.`), { name: 'TimeoutError' });
}

/** Cancelled by its caller. */
export function abortError(): Error {
  return Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
}
