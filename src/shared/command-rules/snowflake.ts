/**
 * Snowflake ids as the service accepts them in paths and bodies: a string of decimal
 * digits that fits in 64 bits, or (as JSON lets a client send it) a safe integer number.
 */
import type { ErrorCollector, FieldError, FieldPath } from './error-tree.js';
import { fieldError, MESSAGES } from './messages.js';

const MAX_SNOWFLAKE = (1n << 64n) - 1n;
const DIGITS = /^[0-9]{1,20}$/;

/** Whether `value` names a snowflake, so paths and `id` fields can be checked before use. */
export function isSnowflake(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0;
  if (typeof value !== 'string' || !DIGITS.test(value)) return false;
  return BigInt(value) <= MAX_SNOWFLAKE;
}

/**
 * The service's refusal for a value that is not a snowflake: NUMBER_TYPE_MAX when it is
 * digits beyond 64 bits, else NUMBER_TYPE_COERCE `Value "x" is not snowflake.`.
 */
export function snowflakeError(value: unknown): FieldError {
  if (typeof value === 'string' && /^[0-9]+$/.test(value) && BigInt(value) > MAX_SNOWFLAKE) {
    return fieldError(MESSAGES.snowflakeTooLarge, MAX_SNOWFLAKE.toString());
  }
  return fieldError(MESSAGES.notSnowflake, value);
}

/** Records the service's refusal at `path` unless `value` is a snowflake; answers it as a string when it is. */
export function checkSnowflake(errors: ErrorCollector, path: FieldPath, value: unknown): string | undefined {
  if (isSnowflake(value)) return String(value);
  const { code, message } = snowflakeError(value);
  errors.add(path, code, message);
  return undefined;
}

/**
 * The canonical string form of a snowflake (no leading zeros, numbers as strings), so ids
 * compare equal however the client spelled them. Call only when isSnowflake(value).
 */
export function normalizeSnowflake(value: string | number): string {
  return BigInt(value).toString();
}
