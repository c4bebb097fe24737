/**
 * The value of the focused option in an autocomplete request: what the user has typed so
 * far, which the real service sends as a string whatever the option's type
 * (discord-api-types#1175). Choices and lengths do not apply while typing (spec, Events:
 * "partial strings may arrive"). "Invalid numbers do not" arrive, so the focused text of an
 * INTEGER or NUMBER option must read as a number of that type, within the type's own range;
 * min_value and max_value are not applied, because typing 150 with a minimum of 100 passes
 * through 1 and 15, and suggestions for those are the point. The empty text (the field was
 * focused before anything was typed) is accepted: the real service sends it for numeric
 * options too (discord-api-docs#4956). A number sent as a JSON number is accepted and given
 * as its text, so the bot always reads the focused value as a string.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { OptionDefinition } from '../command-rules/definition.js';
import type { ErrorCollector, FieldPath } from '../command-rules/error-tree.js';
import { fail } from '../command-rules/messages.js';
import { INTEGER_MAX, INTEGER_MIN, NUMBER_MAX, NUMBER_MIN } from '../command-rules/option-values.js';
import { INVOCATION_MESSAGES } from './messages.js';
import { checkLength, checkRange, STRING_VALUE_MAX } from './scalar-values.js';

const INTEGER_TEXT = /^-?[0-9]+$/;
const DECIMAL_TEXT = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/;

/** Whether the option's focused value is numeric text rather than free text. */
function isNumericType(type: ApplicationCommandOptionType): boolean {
  return type === ApplicationCommandOptionType.Integer || type === ApplicationCommandOptionType.Number;
}

function readPartialNumber(option: OptionDefinition, value: unknown, path: FieldPath, errors: ErrorCollector): string | undefined {
  const integer = option.type === ApplicationCommandOptionType.Integer;
  if (value === '') return '';
  const pattern = integer ? INTEGER_TEXT : DECIMAL_TEXT;
  const number = typeof value === 'string' && pattern.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || (integer && !Number.isInteger(number))) {
    fail(errors, path, integer ? INVOCATION_MESSAGES.notInteger : INVOCATION_MESSAGES.notNumber, option.name);
    return undefined;
  }
  // A digit string beyond 2^53 rounds when read, but never back inside the range.
  const inType = integer
    ? checkRange(option.name, number, INTEGER_MIN, INTEGER_MAX, path, errors)
    : checkRange(option.name, number, NUMBER_MIN, NUMBER_MAX, path, errors);
  if (!inType) return undefined;
  return typeof value === 'string' ? value : String(number === 0 ? 0 : number);
}

/**
 * Whether the option takes partial text when focused: STRING, INTEGER and NUMBER, the
 * types that may autocomplete.
 */
export function takesPartialValue(option: OptionDefinition): boolean {
  return option.type === ApplicationCommandOptionType.String || isNumericType(option.type);
}

/**
 * The focused value as the bot receives it (a string), or undefined after recording the
 * refusal at `path`. Call only when takesPartialValue(option).
 */
export function readPartialValue(option: OptionDefinition, value: unknown, path: FieldPath, errors: ErrorCollector): string | undefined {
  if (isNumericType(option.type)) return readPartialNumber(option, value, path, errors);
  if (typeof value !== 'string') {
    fail(errors, path, INVOCATION_MESSAGES.notString, option.name);
    return undefined;
  }
  return checkLength(option.name, value, 0, STRING_VALUE_MAX, path, errors) ? value : undefined;
}
