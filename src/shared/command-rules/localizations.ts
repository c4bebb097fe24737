/**
 * Localization dictionaries (`name_localizations`, `description_localizations`, choice
 * `name_localizations`): keys must be known locales, values follow the default's rules,
 * values equal to the default are dropped (spec, Locale facts: they are ignored) and an
 * empty dictionary reads as null. Also naming rule 4 on localized option names.
 */
import { isLocale, LOCALES } from '../locales.js';
import type { LocalizationMap, OptionDefinition } from './definition.js';
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { isAbsent, isJsonObject } from './field-types.js';
import { fail, MESSAGES } from './messages.js';

/** Checks one localized value at `path` the way the default is checked; undefined if refused. */
export type LocalizedValueReader = (value: unknown, path: FieldPath, errors: ErrorCollector) => string | undefined;

/**
 * Reads a nullable dictionary locale -> string. `defaultValue` is the field's default, so
 * identical localizations can be dropped. A null value inside the dictionary is dropped too
 * (null means "not given" everywhere in a body).
 */
export function readLocalizations(
  value: unknown,
  path: FieldPath,
  errors: ErrorCollector,
  readValue: LocalizedValueReader,
  defaultValue: string | undefined,
): LocalizationMap | null {
  if (isAbsent(value)) return null;
  if (!isJsonObject(value)) {
    fail(errors, path, MESSAGES.notDictionary);
    return null;
  }
  const result: LocalizationMap = {};
  let kept = 0;
  // One path for every key, its last element set per key: errors are recorded (copied into
  // the tree) at once, so no reader keeps it, and a dictionary of 32 locales in each of
  // thousands of choices costs one array, not one per value.
  const keyPath: Array<string | number> = [...path, ''];
  for (const key of Object.keys(value)) {
    keyPath[path.length] = key;
    // A key literally named "_errors" would collide with the tree's own leaf name.
    const at = key === '_errors' ? path : keyPath;
    if (!isLocale(key)) {
      fail(errors, at, MESSAGES.choices, LOCALES);
      continue;
    }
    const raw = value[key];
    if (isAbsent(raw)) continue;
    const text = readValue(raw, at, errors);
    if (text === undefined || text === defaultValue) continue;
    result[key] = text;
    kept += 1;
  }
  return kept > 0 ? result : null;
}

/** An option of one options array with the index it had in the body, for error paths. */
export interface IndexedOption {
  index: number;
  option: OptionDefinition;
}

/**
 * Naming rule 4: within one options array, a localized option name must differ from every
 * other option's default name and from every other option's name in that locale. Reported
 * at `options.N.name_localizations.<locale>` with the service's duplicate-name code; when
 * two localizations clash, the later option carries the error. One pass with the names
 * counted first (25 options of 32 locales each are checked in a bulk overwrite's every command).
 */
export function checkLocalizedOptionNames(
  options: readonly IndexedOption[],
  path: FieldPath,
  errors: ErrorCollector,
): void {
  const defaultNames = new Map<string, number>();
  for (const { option } of options) defaultNames.set(option.name, (defaultNames.get(option.name) ?? 0) + 1);
  /** Per locale, the names earlier options have in it. */
  const earlier = new Map<string, Set<string>>();
  for (const { index, option } of options) {
    const localizations = option.name_localizations;
    if (!localizations) continue;
    for (const [locale, localized] of Object.entries(localizations)) {
      const othersNamed = (defaultNames.get(localized) ?? 0) - (option.name === localized ? 1 : 0);
      let names = earlier.get(locale);
      if (names === undefined) earlier.set(locale, (names = new Set()));
      if (othersNamed > 0 || names.has(localized)) {
        fail(errors, [...path, index, 'name_localizations', locale], MESSAGES.optionNameTaken, localized);
      }
      names.add(localized);
    }
  }
}
