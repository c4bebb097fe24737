/**
 * The options of the chosen subcommand (or of a command without subcommands): each name
 * known and given once, each type the definition's, each value valid for its option, every
 * required option present in a command, and in an autocomplete request exactly one focused
 * option that autocompletes. Every refusal is recorded; the options that passed are kept.
 */
import type { OptionDefinition } from '../command-rules/definition.js';
import type { FieldPath } from '../command-rules/error-tree.js';
import { fail } from '../command-rules/messages.js';
import type { CheckState } from './check-state.js';
import { phraseOptionType } from './descriptions.js';
import { readEntityValue } from './entity-values.js';
import { INVOCATION_MESSAGES } from './messages.js';
import { readPartialValue, takesPartialValue } from './partial-values.js';
import { isScalarType, readScalarValue } from './scalar-values.js';
import type { InvocationOption, InvocationValue } from './types.js';
import { hasNestedOptions, type WireOption } from './wire-options.js';

/** Where a list of leaf options sits: its definitions, its command line and its error path. */
export interface LeafScope {
  definitions: readonly OptionDefinition[];
  /** The command line for messages, e.g. `/admin user ban`. */
  command: string;
  /** The path of the options list, e.g. `['options', 0, 'options']`. */
  path: FieldPath;
}

/** The checked leaf options in the order given, and the focused one. */
export interface LeafResult {
  options: InvocationOption[];
  focused?: InvocationOption;
}

function readValue(definition: OptionDefinition, wire: WireOption, focused: boolean, path: FieldPath, state: CheckState) {
  if (wire.value === undefined) {
    fail(state.errors, path, INVOCATION_MESSAGES.valueRequired, definition.name);
    return undefined;
  }
  if (focused && takesPartialValue(definition)) return readPartialValue(definition, wire.value, path, state.errors);
  if (isScalarType(definition.type)) return readScalarValue(definition, wire.value, path, state.errors);
  return readEntityValue(definition, wire.value, path, state);
}

/** Checks `focused` on one option; answers whether it is the focused option of an autocomplete. */
function checkFocus(definition: OptionDefinition, wire: WireOption, at: FieldPath, state: CheckState): boolean {
  if (!wire.focused) return false;
  if (state.kind === 'command') {
    fail(state.errors, [...at, 'focused'], INVOCATION_MESSAGES.focusedInCommand);
    return false;
  }
  if (definition.autocomplete !== true) {
    fail(state.errors, [...at, 'focused'], INVOCATION_MESSAGES.focusedNotAutocomplete, definition.name);
    return false;
  }
  return true;
}

function readLeaf(wire: WireOption, scope: LeafScope, state: CheckState): InvocationOption | undefined {
  const at = [...scope.path, wire.index];
  const definition = scope.definitions.find((option) => option.name === wire.name);
  if (definition === undefined) {
    fail(state.errors, [...at, 'name'], INVOCATION_MESSAGES.optionUnknown, scope.command, wire.name);
    return undefined;
  }
  if (wire.type !== definition.type) {
    const expected = phraseOptionType(definition.type);
    fail(state.errors, [...at, 'type'], INVOCATION_MESSAGES.typeMismatch, definition.name, expected, phraseOptionType(wire.type));
    return undefined;
  }
  if (hasNestedOptions(wire)) fail(state.errors, [...at, 'options'], INVOCATION_MESSAGES.optionsUnexpected, definition.name);
  const focused = checkFocus(definition, wire, at, state);
  const value: InvocationValue | undefined = readValue(definition, wire, focused, [...at, 'value'], state);
  if (value === undefined) return undefined;
  return focused ? { name: definition.name, type: definition.type, value, focused: true } : { name: definition.name, type: definition.type, value };
}

function checkFocusCount(list: readonly WireOption[], scope: LeafScope, state: CheckState): void {
  const focused = list.filter((wire) => wire.focused);
  if (focused.length === 0) fail(state.errors, scope.path, INVOCATION_MESSAGES.focusedRequired);
  for (const extra of focused.slice(1)) fail(state.errors, [...scope.path, extra.index, 'focused'], INVOCATION_MESSAGES.focusedMultiple);
}

/**
 * Checks the well-shaped wire options of one leaf list against `scope` and answers those
 * that passed. A repeated name is refused at its later occurrences; required options are
 * refused at the list's path when missing from a command (autocomplete may omit them).
 */
export function readLeaves(list: readonly WireOption[], scope: LeafScope, state: CheckState): LeafResult {
  const seen = new Set<string>();
  const result: LeafResult = { options: [] };
  for (const wire of list) {
    if (seen.has(wire.name)) {
      fail(state.errors, [...scope.path, wire.index, 'name'], INVOCATION_MESSAGES.optionDuplicate, wire.name);
      continue;
    }
    seen.add(wire.name);
    const option = readLeaf(wire, scope, state);
    if (option === undefined) continue;
    result.options.push(option);
    if (option.focused) result.focused = option;
  }
  if (state.kind === 'command') {
    for (const definition of scope.definitions) {
      if (definition.required && !seen.has(definition.name)) {
        fail(state.errors, scope.path, INVOCATION_MESSAGES.optionRequired, definition.name);
      }
    }
  } else {
    checkFocusCount(list, scope, state);
  }
  return result;
}
