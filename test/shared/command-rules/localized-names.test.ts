/**
 * Naming rule 4 (localized option names unique within one options array), checked in one
 * pass (command-rules/localizations.ts), against the rule read literally: every option
 * against every other, in body order. Properties over options whose names and
 * localizations are drawn from a few values, so clashes of every kind happen.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OptionDefinition } from '../../../src/shared/command-rules/definition.js';
import { ErrorCollector } from '../../../src/shared/command-rules/error-tree.js';
import { checkLocalizedOptionNames, type IndexedOption } from '../../../src/shared/command-rules/localizations.js';
import { fail, MESSAGES } from '../../../src/shared/command-rules/messages.js';

/** The rule as written: another option's default name, or an earlier option's name in that locale. */
function literally(options: readonly IndexedOption[], errors: ErrorCollector): void {
  options.forEach(({ index, option }, position) => {
    for (const [locale, localized] of Object.entries(option.name_localizations ?? {})) {
      const clashesWithDefault = options.some((other, at) => at !== position && other.option.name === localized);
      const clashesInLocale = options.slice(0, position).some((other) => other.option.name_localizations?.[locale as 'fr'] === localized);
      if (clashesWithDefault || clashesInLocale) fail(errors, ['options', index, 'name_localizations', locale], MESSAGES.optionNameTaken, localized);
    }
  });
}

const name = fc.constantFrom('a', 'b', 'c', 'd');
const options = fc.array(fc.record({
  name,
  name_localizations: fc.option(fc.dictionary(fc.constantFrom('fr', 'de', 'ja'), name), { nil: null }),
}), { maxLength: 6 }).map((list) => list.map((option, index) => ({ index: index * 2, option: option as unknown as OptionDefinition })));

describe('localized option names', () => {
  it('are refused exactly where the rule read literally refuses them, in the same order', () => {
    fc.assert(fc.property(options, (indexed) => {
      const fast = new ErrorCollector();
      const slow = new ErrorCollector();
      checkLocalizedOptionNames(indexed, ['options'], fast);
      literally(indexed, slow);
      expect(JSON.stringify(fast.tree)).toBe(JSON.stringify(slow.tree));
    }), { numRuns: 2000 });
  });
});
