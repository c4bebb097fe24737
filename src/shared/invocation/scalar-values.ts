/**
 * Values of STRING, INTEGER, NUMBER and BOOLEAN options in a command, checked against the
 * option's type and constraints. Lengths count code points, as the service does (see
 * codePointLength). A STRING value is at most 6000 code points even without max_length,
 * since max_length cannot exceed 6000 (spec, Limits; the cap is inferred from it).
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { OptionDefinition } from '../command-rules/definition.js';
import type { ErrorCollector, FieldPath } from '../command-rules/error-tree.js';
import { codePointLength } from '../command-rules/field-types.js';
import { fail } from '../command-rules/messages.js';
import { INTEGER_MAX, INTEGER_MIN, NUMBER_MAX, NUMBER_MIN } from '../command-rules/option-values.js';
import { joinAlternatives } from './descriptions.js';
import { INVOCATION_MESSAGES } from './messages.js';

/** The longest STRING value any option accepts (the ceiling of max_length, spec Limits). */
export const STRING_VALUE_MAX = 6000;

/** Whether `value` is one of the option's choices; refused with the choices' names if not. */
function checkChoices(option: OptionDefinition, value: string | number, path: FieldPath, errors: ErrorCollector): boolean {
  const choices = option.choices ?? [];
  if (choices.length === 0 || choices.some((choice) => choice.value === value)) return true;
  fail(errors, path, INVOCATION_MESSAGES.notChoice, option.name, joinAlternatives(choices.map((choice) => choice.name)));
  return false;
}

/** Refuses a length outside `min..max` code points; returns whether it fits. */
export function checkLength(name: string, text: string, min: number, max: number, path: FieldPath, errors: ErrorCollector): boolean {
  const length = codePointLength(text);
  if (length < min) fail(errors, path, INVOCATION_MESSAGES.tooShort, name, min);
  else if (length > max) fail(errors, path, INVOCATION_MESSAGES.tooLong, name, max);
  else return true;
  return false;
}

/** Refuses a number outside `min..max`; returns whether it fits. */
export function checkRange(name: string, value: number, min: number, max: number, path: FieldPath, errors: ErrorCollector): boolean {
  if (value < min) fail(errors, path, INVOCATION_MESSAGES.tooSmall, name, min);
  else if (value > max) fail(errors, path, INVOCATION_MESSAGES.tooLarge, name, max);
  else return true;
  return false;
}

function readString(option: OptionDefinition, value: unknown, path: FieldPath, errors: ErrorCollector): string | undefined {
  if (typeof value !== 'string') {
    fail(errors, path, INVOCATION_MESSAGES.notString, option.name);
    return undefined;
  }
  if (option.choices?.length) return checkChoices(option, value, path, errors) ? value : undefined;
  const max = Math.min(option.max_length ?? STRING_VALUE_MAX, STRING_VALUE_MAX);
  return checkLength(option.name, value, option.min_length ?? 0, max, path, errors) ? value : undefined;
}

function readNumeric(option: OptionDefinition, value: unknown, path: FieldPath, errors: ErrorCollector): number | undefined {
  const integer = option.type === ApplicationCommandOptionType.Integer;
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    fail(errors, path, integer ? INVOCATION_MESSAGES.notInteger : INVOCATION_MESSAGES.notNumber, option.name);
    return undefined;
  }
  const number = value === 0 ? 0 : value;
  if (!checkRange(option.name, number, integer ? INTEGER_MIN : NUMBER_MIN, integer ? INTEGER_MAX : NUMBER_MAX, path, errors)) {
    return undefined;
  }
  if (option.choices?.length) return checkChoices(option, number, path, errors) ? number : undefined;
  const inRange = checkRange(option.name, number, option.min_value ?? -Infinity, option.max_value ?? Infinity, path, errors);
  return inRange ? number : undefined;
}

function readBoolean(option: OptionDefinition, value: unknown, path: FieldPath, errors: ErrorCollector): boolean | undefined {
  if (typeof value === 'boolean') return value;
  fail(errors, path, INVOCATION_MESSAGES.notBoolean, option.name);
  return undefined;
}

/** Whether the option type carries a plain value rather than an id. */
export function isScalarType(type: number): boolean {
  return (
    type === ApplicationCommandOptionType.String ||
    type === ApplicationCommandOptionType.Integer ||
    type === ApplicationCommandOptionType.Number ||
    type === ApplicationCommandOptionType.Boolean
  );
}

/**
 * The checked value of a STRING, INTEGER, NUMBER or BOOLEAN option (`-0` read as 0), or
 * undefined after recording the refusal at `path`. Choices, when given, are the only valid
 * values; otherwise the length or range constraints apply.
 */
export function readScalarValue(
  option: OptionDefinition,
  value: unknown,
  path: FieldPath,
  errors: ErrorCollector,
): string | number | boolean | undefined {
  if (option.type === ApplicationCommandOptionType.String) return readString(option, value, path, errors);
  if (option.type === ApplicationCommandOptionType.Boolean) return readBoolean(option, value, path, errors);
  return readNumeric(option, value, path, errors);
}
