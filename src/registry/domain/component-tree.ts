/**
 * A message's components as a tree: a layout's `components` and a section's `accessory`
 * are its children. Pure.
 */
import { isJsonObject } from '../../shared/json-object.js';

type Json = Record<string, unknown>;

/** A copy of `components` where `change` has made each component anew, its children first. */
export function mapComponentTree(components: readonly Json[], change: (component: Json) => Json): Json[] {
  const each = (value: unknown): unknown => {
    if (!isJsonObject(value)) return value;
    const out: Json = { ...value };
    if (Array.isArray(value.components)) out.components = value.components.map(each);
    if ('accessory' in value) out.accessory = each(value.accessory);
    return change(out);
  };
  return components.map((component) => each(component) as Json);
}
