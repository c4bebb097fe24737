/**
 * Readers for the optional and required fields of a message part, on top of the command
 * rules' typed readers: each records the service's error at the field's path and answers
 * undefined, so a rule never throws on a malformed body.
 */
import type { ErrorCollector, FieldPath } from '../command-rules/error-tree.js';
import {
  field, isAbsent, isJsonObject, readBoolean, readBoundedList, readBoundedString, readChoice, readInteger, type JsonObject,
} from '../command-rules/field-types.js';
import { fail, MESSAGES } from '../command-rules/messages.js';

export { field, isAbsent, isJsonObject, type JsonObject };

/** An object at `path`, else MODEL_TYPE_CONVERT. */
export function readObject(errors: ErrorCollector, value: unknown, path: FieldPath): JsonObject | undefined {
  if (isJsonObject(value)) return value;
  fail(errors, path, MESSAGES.notObject);
  return undefined;
}

/** A field that must be given: BASE_TYPE_REQUIRED when absent (null counts as absent). */
export function requirePresent(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath): unknown {
  const value = field(object, key);
  if (isAbsent(value)) fail(errors, [...path, key], MESSAGES.required);
  return isAbsent(value) ? undefined : value;
}

/** An optional string of at most `max` code points (at least `min` when given). */
export function optionalText(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath, max: number, min = 0): string | undefined {
  const value = field(object, key);
  return isAbsent(value) ? undefined : readBoundedString(value, min, max, [...path, key], errors);
}

/** A required string of `min`..`max` code points. */
export function requiredText(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath, min: number, max: number): string | undefined {
  const value = requirePresent(errors, object, key, path);
  return value === undefined ? undefined : readBoundedString(value, min, max, [...path, key], errors);
}

/** An optional boolean. */
export function optionalBoolean(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath): boolean | undefined {
  const value = field(object, key);
  return isAbsent(value) ? undefined : readBoolean(value, [...path, key], errors);
}

/** An integer in `min`..`max`: NUMBER_TYPE_MIN / NUMBER_TYPE_MAX outside. */
export function readIntegerInRange(errors: ErrorCollector, value: unknown, path: FieldPath, min: number, max: number): number | undefined {
  const number = readInteger(value, path, errors);
  if (number === undefined) return undefined;
  if (number < min) fail(errors, path, MESSAGES.integerTooSmall, min);
  else if (number > max) fail(errors, path, MESSAGES.integerTooLarge, max);
  else return number;
  return undefined;
}

/** An optional integer in `min`..`max`. */
export function optionalInteger(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath, min: number, max: number): number | undefined {
  const value = field(object, key);
  return isAbsent(value) ? undefined : readIntegerInRange(errors, value, [...path, key], min, max);
}

/** An optional integer that is one of `allowed` (BASE_TYPE_CHOICES otherwise). */
export function optionalChoice<T extends number>(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath, allowed: readonly T[]): T | undefined {
  const value = field(object, key);
  return isAbsent(value) ? undefined : readChoice(value, allowed, [...path, key], errors);
}

/** A list whose length lies in `min`..`max`: BASE_TYPE_BAD_LENGTH (or MAX_LENGTH when `min` is 0) outside. */
export function readListInRange(errors: ErrorCollector, value: unknown, path: FieldPath, min: number, max: number): readonly unknown[] | undefined {
  if (min === 0) return readBoundedList(value, max, path, errors);
  const list = readBoundedList(value, Number.MAX_SAFE_INTEGER, path, errors);
  if (list !== undefined && (list.length < min || list.length > max)) fail(errors, path, MESSAGES.badLength, min, max);
  return list;
}

/** A required list of `min`..`max` elements. */
export function requiredList(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath, min: number, max: number): readonly unknown[] | undefined {
  const value = requirePresent(errors, object, key, path);
  return value === undefined ? undefined : readListInRange(errors, value, [...path, key], min, max);
}
