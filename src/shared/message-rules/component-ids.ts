/**
 * The service numbers components: each one sent without an `id` gets the next number not
 * already used in the message, in the order the components appear (message-facts.md,
 * "Components"). Applied to a copy once the message passed its checks.
 */
import { isJsonObject } from '../json-object.js';

function children(component: Record<string, unknown>): unknown[] {
  const found: unknown[] = [];
  if (Array.isArray(component.components)) found.push(...(component.components as unknown[]));
  if (component.accessory !== undefined) found.push(component.accessory);
  if (component.component !== undefined) found.push(component.component);
  return found;
}

function walk(components: readonly unknown[], visit: (component: Record<string, unknown>) => void): void {
  for (const component of components) {
    if (!isJsonObject(component)) continue;
    visit(component);
    walk(children(component), visit);
  }
}

/**
 * A tree copy: one object reached twice (possible in-process, never in parsed JSON) becomes
 * two, so each place gets its own id.
 */
function copyTree(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyTree);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, copyTree(entry)]));
}

/** A copy of `components` where every component has an `id`. */
export function numberComponents<T>(components: readonly T[]): T[] {
  const copy = copyTree(components) as T[];
  const used = new Set<number>();
  walk(copy, (component) => {
    if (typeof component.id === 'number' && component.id > 0) used.add(component.id);
  });
  let next = 1;
  walk(copy, (component) => {
    if (typeof component.id === 'number' && component.id > 0) return;
    while (used.has(next)) next += 1;
    component.id = next;
    used.add(next);
  });
  return copy;
}
