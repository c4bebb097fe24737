/**
 * PATCH: the given fields replace the stored ones whole, a null resets a field to its
 * default, `type` never changes, and the merged command must pass every rule. Errors carry
 * the same paths as the patch's fields, since the merged body has the same shape.
 */
import type { CommandDefinition, RuleContext } from './definition.js';
import { ErrorCollector, type RuleResult } from './error-tree.js';
import { isJsonObject } from './field-types.js';
import { validateCommand } from './command.js';
import { fail, MESSAGES } from './messages.js';

/** The fields a PATCH may change (spec, Edit body, plus the entry point `handler`). */
export const EDITABLE_FIELDS = [
  'name',
  'name_localizations',
  'description',
  'description_localizations',
  'options',
  'default_member_permissions',
  'dm_permission',
  'default_permission',
  'integration_types',
  'contexts',
  'nsfw',
  'handler',
] as const;

/** Applies `patch` to `existing` and validates the result under `context`. */
export function validateCommandEdit(
  existing: CommandDefinition,
  patch: unknown,
  context: RuleContext,
): RuleResult<CommandDefinition> {
  if (!isJsonObject(patch)) {
    const errors = new ErrorCollector();
    fail(errors, [], MESSAGES.notObject);
    return { ok: false, errors: errors.tree };
  }
  const merged: Record<string, unknown> = { ...existing };
  for (const key of EDITABLE_FIELDS) {
    if (Object.hasOwn(patch, key)) merged[key] = patch[key];
  }
  merged.type = existing.type;
  return validateCommand(merged, context);
}
