/**
 * The wire form of `data.options` (`[{name, type, value?, options?, focused?}]`) read
 * before any definition is consulted: a list, of objects, each with a string name and an
 * integer type. Elements that fail are refused at their path and left out, so the checks
 * that follow only ever see well-shaped options.
 */
import type { ErrorCollector, FieldPath } from '../command-rules/error-tree.js';
import { field, isAbsent, isJsonObject, type JsonObject } from '../command-rules/field-types.js';
import { fail } from '../command-rules/messages.js';
import { INVOCATION_MESSAGES } from './messages.js';

/** One well-shaped option of a wire list, with its index for error paths. */
export interface WireOption {
  index: number;
  name: string;
  type: number;
  focused: boolean;
  /** The raw `value` (undefined when absent or null). */
  value: unknown;
  /** The raw nested `options` (undefined when absent or null). */
  options: unknown;
}

/** An `options` field: absent or null reads as an empty list; anything but a list is refused. */
export function readWireList(value: unknown, path: FieldPath, errors: ErrorCollector): readonly unknown[] | undefined {
  if (isAbsent(value)) return [];
  if (Array.isArray(value)) return value;
  fail(errors, path, INVOCATION_MESSAGES.optionsNotList);
  return undefined;
}

function readWireOption(raw: unknown, index: number, path: FieldPath, errors: ErrorCollector): WireOption | undefined {
  const at = [...path, index];
  if (!isJsonObject(raw)) {
    fail(errors, at, INVOCATION_MESSAGES.optionNotObject);
    return undefined;
  }
  const name = field(raw, 'name');
  const type = field(raw, 'type');
  const focused = field(raw, 'focused');
  if (typeof name !== 'string') fail(errors, [...at, 'name'], INVOCATION_MESSAGES.optionNameInvalid);
  if (typeof type !== 'number' || !Number.isInteger(type)) fail(errors, [...at, 'type'], INVOCATION_MESSAGES.optionTypeInvalid);
  if (!isAbsent(focused) && typeof focused !== 'boolean') fail(errors, [...at, 'focused'], INVOCATION_MESSAGES.focusedNotBoolean);
  if (typeof name !== 'string' || typeof type !== 'number' || !Number.isInteger(type)) return undefined;
  return { index, name, type, focused: focused === true, value: nullable(raw, 'value'), options: nullable(raw, 'options') };
}

function nullable(raw: JsonObject, key: string): unknown {
  const value = field(raw, key);
  return value === null ? undefined : value;
}

/** The well-shaped options of `list` (at `path`), each refusal recorded at its element. */
export function readWireOptions(list: readonly unknown[], path: FieldPath, errors: ErrorCollector): WireOption[] {
  const options: WireOption[] = [];
  // A plain loop, not forEach: a hole in a sparse array must be refused like undefined.
  for (let index = 0; index < list.length; index += 1) {
    const option = readWireOption(list[index], index, path, errors);
    if (option) options.push(option);
  }
  return options;
}

/** Whether a nested `options` field carries anything (an empty list counts as none). */
export function hasNestedOptions(option: WireOption): boolean {
  return option.options !== undefined && !(Array.isArray(option.options) && option.options.length === 0);
}
