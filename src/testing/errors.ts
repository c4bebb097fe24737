/**
 * What a test reads when the driver cannot do what it asked: a wait that ran out of time or
 * can never be met (with the run as it stood), and a request the registry refused (with the
 * field and the sentence saying why). Both name what was expected and what happened.
 */
import { errorLines, type ErrorTree } from '../shared/command-rules/error-tree.js';
import type { DriverRun } from '../shared/driver-api.js';

/** A wait that was not met: `timedOut` when its time ran out, else the run ended another way. */
export class BenchWaitError extends Error {
  override readonly name = 'BenchWaitError';
  constructor(message: string, readonly run: DriverRun, readonly timedOut: boolean) {
    super(message);
  }
}

/** The registry refused a driver request (an unknown command, a disabled button, a bad token). */
export class BenchRequestError extends Error {
  override readonly name = 'BenchRequestError';
  constructor(readonly status: number, readonly body: unknown, what: string) {
    super(`${what}: ${describeRefusal(status, body)}`);
  }
}

/** The service's error body in one line: each field error as `path: message`, else its message and code. */
export function describeRefusal(status: number, body: unknown): string {
  const { message, code, errors } = (body ?? {}) as { message?: unknown; code?: unknown; errors?: unknown };
  const lines = typeof errors === 'object' && errors !== null ? errorLines(errors as ErrorTree) : [];
  if (lines.length > 0) return lines.map((line) => (line.path ? `${line.path}: ${line.message}` : line.message)).join('; ');
  return `${typeof message === 'string' ? message : `HTTP ${status}`}${typeof code === 'number' && code !== 0 ? ` (${code})` : ''}`;
}
