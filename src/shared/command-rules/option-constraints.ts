/**
 * The fields of an option that only some option types take: choices and autocomplete
 * (STRING, INTEGER, NUMBER), min_value/max_value (INTEGER, NUMBER), min_length/max_length
 * (STRING) and channel_types (CHANNEL). A field on the wrong type is refused at its path
 * (the docs' "Valid Option Types"), except an empty list, which clients send for "none" and
 * the service accepts. A minimum above its maximum is stored with a warning: the service
 * accepts it (discord-api-docs issue 5149), the option just can never be given.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { OptionDefinition } from './definition.js';
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { field, isAbsent, readBoolean, readChoice, readInteger, readList, type JsonObject } from './field-types.js';
import { fail, MESSAGES } from './messages.js';
import { readChoices, readNumericValue, takesChoices } from './option-values.js';
import { WARNINGS, type WarningSink } from './warning-messages.js';

/** Allowed `min_length` values (spec, Limits: 0-6000). */
export const MIN_LENGTH_RANGE = [0, 6000] as const;
/** Allowed `max_length` values (spec, Limits: 1-6000). */
export const MAX_LENGTH_RANGE = [1, 6000] as const;

/** Channel types a CHANNEL option may be restricted to (api-facts.md, Enumerations). */
export const CHANNEL_TYPES = [0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 16] as const;

/** The type-dependent part of a normalized option. */
export type OptionConstraints = Pick<
  OptionDefinition,
  'choices' | 'autocomplete' | 'min_value' | 'max_value' | 'min_length' | 'max_length' | 'channel_types'
>;

function isEmptyList(value: unknown): boolean {
  return Array.isArray(value) && value.length === 0;
}

function readLength(value: unknown, range: readonly [number, number], path: FieldPath, errors: ErrorCollector) {
  const length = readInteger(value, path, errors);
  if (length === undefined) return undefined;
  if (length < range[0]) fail(errors, path, MESSAGES.integerTooSmall, range[0]);
  else if (length > range[1]) fail(errors, path, MESSAGES.integerTooLarge, range[1]);
  else return length;
  return undefined;
}

function readChannelTypes(value: unknown, path: FieldPath, errors: ErrorCollector): number[] {
  const list = readList(value, path, errors) ?? [];
  const types: number[] = [];
  list.forEach((raw, index) => {
    const type = readChoice(raw, CHANNEL_TYPES, [...path, index], errors);
    if (type !== undefined) types.push(type);
  });
  return types;
}

function readChoicesAndAutocomplete(
  raw: JsonObject,
  type: ApplicationCommandOptionType,
  path: FieldPath,
  errors: ErrorCollector,
  into: OptionConstraints,
): void {
  const rawChoices = field(raw, 'choices');
  if (!isAbsent(rawChoices)) {
    if (takesChoices(type)) {
      const choices = readChoices(rawChoices, type, [...path, 'choices'], errors);
      if (choices.length > 0) into.choices = choices;
    } else if (!isEmptyList(rawChoices)) {
      fail(errors, [...path, 'choices'], MESSAGES.choicesNotAllowed);
    }
  }
  const rawAutocomplete = field(raw, 'autocomplete');
  if (isAbsent(rawAutocomplete)) return;
  const autocomplete = readBoolean(rawAutocomplete, [...path, 'autocomplete'], errors);
  if (autocomplete !== true) return;
  if (!takesChoices(type)) fail(errors, [...path, 'autocomplete'], MESSAGES.autocompleteNotAllowed);
  else if (Array.isArray(rawChoices) && rawChoices.length > 0) {
    fail(errors, [...path, 'autocomplete'], MESSAGES.autocompleteWithChoices);
  } else into.autocomplete = true;
}

function readValueRange(
  raw: JsonObject,
  type: ApplicationCommandOptionType,
  path: FieldPath,
  errors: ErrorCollector,
  into: OptionConstraints,
): void {
  const numeric = type === ApplicationCommandOptionType.Integer || type === ApplicationCommandOptionType.Number;
  const rows = { min_value: MESSAGES.minValueNotAllowed, max_value: MESSAGES.maxValueNotAllowed } as const;
  for (const key of ['min_value', 'max_value'] as const) {
    const value = field(raw, key);
    if (isAbsent(value)) continue;
    if (!numeric) {
      fail(errors, [...path, key], rows[key]);
      continue;
    }
    const number = readNumericValue(value, type, [...path, key], errors);
    if (number !== undefined) into[key] = number;
  }
}

function readLengthRange(
  raw: JsonObject,
  type: ApplicationCommandOptionType,
  path: FieldPath,
  errors: ErrorCollector,
  into: OptionConstraints,
): void {
  const isString = type === ApplicationCommandOptionType.String;
  const rows = { min_length: MESSAGES.minLengthNotAllowed, max_length: MESSAGES.maxLengthNotAllowed } as const;
  const ranges = { min_length: MIN_LENGTH_RANGE, max_length: MAX_LENGTH_RANGE } as const;
  for (const key of ['min_length', 'max_length'] as const) {
    const value = field(raw, key);
    if (isAbsent(value)) continue;
    if (!isString) {
      fail(errors, [...path, key], rows[key]);
      continue;
    }
    const length = readLength(value, ranges[key], [...path, key], errors);
    if (length !== undefined) into[key] = length;
  }
}

/**
 * Reads every type-dependent field of the option `raw` of type `type` at `path`; the
 * result holds only fields that are set (autocomplete only when true).
 */
export function readOptionConstraints(
  raw: JsonObject,
  type: ApplicationCommandOptionType,
  path: FieldPath,
  errors: ErrorCollector,
): OptionConstraints {
  const constraints: OptionConstraints = {};
  readChoicesAndAutocomplete(raw, type, path, errors, constraints);
  readValueRange(raw, type, path, errors, constraints);
  readLengthRange(raw, type, path, errors, constraints);
  const rawChannelTypes = field(raw, 'channel_types');
  if (!isAbsent(rawChannelTypes)) {
    if (type === ApplicationCommandOptionType.Channel) {
      const channelTypes = readChannelTypes(rawChannelTypes, [...path, 'channel_types'], errors);
      if (channelTypes.length > 0) constraints.channel_types = channelTypes;
    } else if (!isEmptyList(rawChannelTypes)) {
      fail(errors, [...path, 'channel_types'], MESSAGES.channelTypesNotAllowed);
    }
  }
  return constraints;
}

/** Warns about an option whose value or length range is empty (min above max). */
export function rangeWarnings(option: OptionDefinition, path: FieldPath, warn: WarningSink): void {
  if (option.min_value !== undefined && option.max_value !== undefined && option.min_value > option.max_value) {
    warn([...path, 'min_value'], WARNINGS.valueRangeEmpty);
  }
  if (option.min_length !== undefined && option.max_length !== undefined && option.min_length > option.max_length) {
    warn([...path, 'min_length'], WARNINGS.lengthRangeEmpty);
  }
}
