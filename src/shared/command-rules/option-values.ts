/**
 * Values typed by an option's type: choice values and min_value/max_value. INTEGER takes
 * integers from -2^53+1 to 2^53-1, NUMBER finite doubles from -2^53 to 2^53, STRING
 * (choices only) strings of at most 100 characters (spec, Option types and Option choice).
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { ChoiceDefinition } from './definition.js';
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { field, isAbsent, isJsonObject, readBoundedList, readBoundedString, readInteger } from './field-types.js';
import { readLocalizations } from './localizations.js';
import { fail, MESSAGES } from './messages.js';

/** Smallest INTEGER option value (spec: integers from -2^53+1). */
export const INTEGER_MIN = Number.MIN_SAFE_INTEGER;
/** Largest INTEGER option value (spec: integers up to 2^53-1). */
export const INTEGER_MAX = Number.MAX_SAFE_INTEGER;
/** Smallest NUMBER option value (spec: doubles from -2^53). */
export const NUMBER_MIN = -(2 ** 53);
/** Largest NUMBER option value (spec: doubles up to 2^53). */
export const NUMBER_MAX = 2 ** 53;

/** Choices per option (spec, Limits). */
export const CHOICES_MAX = 25;
/** Longest choice name (spec, Limits: 1-100). */
export const CHOICE_NAME_MAX = 100;
/** Longest STRING choice value (spec, Limits). */
export const CHOICE_STRING_MAX = 100;

/** The option types that take choices, min/max values or autocomplete. */
export type ValueOptionType =
  | ApplicationCommandOptionType.String
  | ApplicationCommandOptionType.Integer
  | ApplicationCommandOptionType.Number;

/** Whether an option of this type may have choices and autocomplete. */
export function takesChoices(type: ApplicationCommandOptionType): type is ValueOptionType {
  return (
    type === ApplicationCommandOptionType.String ||
    type === ApplicationCommandOptionType.Integer ||
    type === ApplicationCommandOptionType.Number
  );
}

/** A numeric value for an INTEGER or NUMBER option, in that type's range. */
export function readNumericValue(
  value: unknown,
  type: ApplicationCommandOptionType.Integer | ApplicationCommandOptionType.Number,
  path: FieldPath,
  errors: ErrorCollector,
): number | undefined {
  if (type === ApplicationCommandOptionType.Integer) {
    const integer = readInteger(value, path, errors);
    if (integer === undefined) return undefined;
    if (integer < INTEGER_MIN) fail(errors, path, MESSAGES.integerTooSmall, INTEGER_MIN);
    else if (integer > INTEGER_MAX) fail(errors, path, MESSAGES.integerTooLarge, INTEGER_MAX);
    else return integer;
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    fail(errors, path, MESSAGES.notNumber, value);
    return undefined;
  }
  if (value < NUMBER_MIN) fail(errors, path, MESSAGES.numberTooSmall, NUMBER_MIN);
  else if (value > NUMBER_MAX) fail(errors, path, MESSAGES.numberTooLarge, NUMBER_MAX);
  else return value === 0 ? 0 : value;
  return undefined;
}

function readChoiceValue(value: unknown, type: ValueOptionType, path: FieldPath, errors: ErrorCollector) {
  if (isAbsent(value)) {
    fail(errors, path, MESSAGES.required);
    return undefined;
  }
  if (type === ApplicationCommandOptionType.String) return readBoundedString(value, 0, CHOICE_STRING_MAX, path, errors);
  return readNumericValue(value, type, path, errors);
}

function readChoiceName(value: unknown, path: FieldPath, errors: ErrorCollector): string | undefined {
  return readBoundedString(value, 1, CHOICE_NAME_MAX, path, errors);
}

/** One choice: `{name, name_localizations??, value}`; undefined when any part is refused. */
function readChoice(raw: unknown, type: ValueOptionType, path: FieldPath, errors: ErrorCollector) {
  if (!isJsonObject(raw)) {
    fail(errors, path, MESSAGES.notObject);
    return undefined;
  }
  const rawName = field(raw, 'name');
  let name: string | undefined;
  if (isAbsent(rawName)) fail(errors, [...path, 'name'], MESSAGES.required);
  else name = readChoiceName(rawName, [...path, 'name'], errors);
  const name_localizations = readLocalizations(
    field(raw, 'name_localizations'),
    [...path, 'name_localizations'],
    errors,
    readChoiceName,
    name,
  );
  const value = readChoiceValue(field(raw, 'value'), type, [...path, 'value'], errors);
  if (name === undefined || value === undefined) return undefined;
  const choice: ChoiceDefinition = { name, name_localizations, value };
  return choice;
}

/**
 * The `choices` of a STRING, INTEGER or NUMBER option: at most 25, each valid for the
 * option's type. Returns the choices read (possibly partial when errors were recorded).
 */
export function readChoices(
  value: unknown,
  type: ValueOptionType,
  path: FieldPath,
  errors: ErrorCollector,
): ChoiceDefinition[] {
  const list = readBoundedList(value, CHOICES_MAX, path, errors) ?? [];
  const choices: ChoiceDefinition[] = [];
  list.forEach((raw, index) => {
    const choice = readChoice(raw, type, [...path, index], errors);
    if (choice) choices.push(choice);
  });
  return choices;
}
