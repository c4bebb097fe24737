/**
 * What the checks of one message's (or modal's) components share while they walk it: the
 * errors, the custom ids and `id`s seen so far (each unique in the message), and the count
 * and text length that Components V2 limits.
 */
import type { ErrorCollector, FieldPath } from '../command-rules/error-tree.js';
import { readBoundedString } from '../command-rules/field-types.js';
import { fail } from '../command-rules/messages.js';
import { field, isAbsent, readIntegerInRange, requirePresent, type JsonObject } from './fields.js';
import { COMPONENT_LIMITS } from './limits.js';
import { MESSAGE_RULES } from './messages.js';

/** Where the components are: a message's action rows hold buttons and selects, a modal's a text input. */
export type Surface = 'message' | 'modal';

export interface ComponentScope {
  readonly errors: ErrorCollector;
  readonly surface: Surface;
  readonly customIds: Set<string>;
  readonly ids: Set<number>;
  /** Components seen, children included. */
  count: number;
  /** Code points of every text display's content. */
  textLength: number;
}

export function componentScope(errors: ErrorCollector, surface: Surface): ComponentScope {
  return { errors, surface, customIds: new Set(), ids: new Set(), count: 0, textLength: 0 };
}

/** A component's optional `id`: a 32-bit integer (0 means "none"), unique in the message. */
export function checkComponentId(scope: ComponentScope, component: JsonObject, path: FieldPath): void {
  const value = field(component, 'id');
  if (isAbsent(value)) return;
  const id = readIntegerInRange(scope.errors, value, [...path, 'id'], 0, COMPONENT_LIMITS.idMax);
  if (id === undefined || id === 0) return;
  if (scope.ids.has(id)) fail(scope.errors, [...path, 'id'], MESSAGE_RULES.idDuplicated);
  scope.ids.add(id);
}

/** A required `custom_id` of 1-100, unique in the message. `missing` is the refusal when absent. */
export function checkCustomId(scope: ComponentScope, component: JsonObject, path: FieldPath, missing?: () => void): void {
  const value = field(component, 'custom_id');
  if (isAbsent(value) && missing) return missing();
  if (requirePresent(scope.errors, component, 'custom_id', path) === undefined) return;
  const customId = readBoundedString(value, 1, COMPONENT_LIMITS.customId, [...path, 'custom_id'], scope.errors);
  if (customId === undefined) return;
  if (scope.customIds.has(customId)) fail(scope.errors, [...path, 'custom_id'], MESSAGE_RULES.customIdDuplicated);
  scope.customIds.add(customId);
}

/** Checks a child component at `path` that must be one of the `allowed` types (the dispatcher, passed down to avoid a cycle). */
export type CheckChild = (value: unknown, path: FieldPath, allowed: readonly number[]) => void;

/** A rule for one component type: the component is an object whose `type` is the rule's. */
export type ComponentRule = (scope: ComponentScope, component: JsonObject, path: FieldPath, child: CheckChild) => void;
