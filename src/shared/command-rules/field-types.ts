/**
 * Readers for the JSON value types a command body is made of. Each returns the value when
 * it has the expected type, and otherwise records the service's type error at `path` and
 * returns undefined, so a rule never throws on a malformed body.
 */
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { fail, MESSAGES } from './messages.js';

/** A JSON object (any non-null, non-array object), the only shape fields are read from. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Whether `value` is a JSON object, so fields can be read from it. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The own field `key` of `object`. Inherited names (`constructor`, `__proto__`) must read
 * as absent, or a body could smuggle values in through the prototype chain.
 */
export function field(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/**
 * Whether a field counts as not given. The service treats an explicit null on an optional
 * field as "use the default", which is also how PATCH resets a field.
 */
export function isAbsent(value: unknown): value is null | undefined {
  return value === undefined || value === null;
}

/**
 * Length in Unicode code points. The service is written in Python, whose len() counts code
 * points, so an emoji or an astral letter counts once (not twice, as UTF-16 would).
 */
export function codePointLength(text: string): number {
  // UTF-16 units, less one for each surrogate pair (a lone surrogate counts once, as the
  // string iterator counts it); no iterator, since this runs on every name and localization.
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        index += 1;
      }
    }
  }
  return count;
}

/** A string field; other types answer STRING_TYPE_CONVERT. */
export function readString(value: unknown, path: FieldPath, errors: ErrorCollector): string | undefined {
  if (typeof value === 'string') return value;
  fail(errors, path, MESSAGES.notString, value);
  return undefined;
}

/** A boolean field; other types answer BOOLEAN_TYPE_CONVERT. */
export function readBoolean(value: unknown, path: FieldPath, errors: ErrorCollector): boolean | undefined {
  if (typeof value === 'boolean') return value;
  fail(errors, path, MESSAGES.notBoolean);
  return undefined;
}

/** An integer field (a JSON number without a fraction); others answer NUMBER_TYPE_COERCE. */
export function readInteger(value: unknown, path: FieldPath, errors: ErrorCollector): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value === 0 ? 0 : value;
  fail(errors, path, MESSAGES.notInteger, value);
  return undefined;
}

/** An array field; other types answer LIST_TYPE_CONVERT. */
export function readList(value: unknown, path: FieldPath, errors: ErrorCollector): readonly unknown[] | undefined {
  if (Array.isArray(value)) return value;
  fail(errors, path, MESSAGES.notList);
  return undefined;
}

/** An enumerated integer field: an integer that is one of `allowed`, else BASE_TYPE_CHOICES. */
export function readChoice<T extends number>(
  value: unknown,
  allowed: readonly T[],
  path: FieldPath,
  errors: ErrorCollector,
): T | undefined {
  const number = readInteger(value, path, errors);
  if (number === undefined) return undefined;
  if ((allowed as readonly number[]).includes(number)) return number as T;
  fail(errors, path, MESSAGES.choices, allowed);
  return undefined;
}

/**
 * A string whose length (code points) lies in min..max: BASE_TYPE_BAD_LENGTH when a
 * minimum applies, BASE_TYPE_MAX_LENGTH when only a maximum does, as the service words them.
 */
export function readBoundedString(
  value: unknown,
  min: number,
  max: number,
  path: FieldPath,
  errors: ErrorCollector,
): string | undefined {
  const text = readString(value, path, errors);
  if (text === undefined) return undefined;
  const length = codePointLength(text);
  if (length >= min && length <= max) return text;
  if (min > 0) fail(errors, path, MESSAGES.badLength, min, max);
  else fail(errors, path, MESSAGES.maxLength, max);
  return undefined;
}

/** An array of at most `max` elements (options, choices): BASE_TYPE_MAX_LENGTH beyond. */
export function readBoundedList(
  value: unknown,
  max: number,
  path: FieldPath,
  errors: ErrorCollector,
): readonly unknown[] | undefined {
  const list = readList(value, path, errors);
  if (list === undefined) return undefined;
  if (list.length > max) fail(errors, path, MESSAGES.maxLength, max);
  return list;
}
