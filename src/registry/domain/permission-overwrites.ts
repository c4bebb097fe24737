/**
 * The body of Edit Application Command Permissions: `{permissions: [{id, type, permission}]}`,
 * at most 100 (spec, Permissions), each an id, a type 1-3 and a boolean. Refusals name the
 * bad element, as every 50035 does. A target that is not in the guild, or a second overwrite
 * for one target, is stored: nothing documents a refusal, and an unknown target simply never
 * matches; `overwriteWarnings` says so where a developer looks.
 */
import { checkSnowflake, WARNINGS, type CommandWarning } from '../../shared/command-rules/index.js';
import { ErrorCollector, type RuleResult } from '../../shared/command-rules/error-tree.js';
import { warningSink } from '../../shared/command-rules/warning-messages.js';
import type { PermissionOverwrite } from '../store/permission-store.js';

export const MAX_OVERWRITES = 100;

/** What exists in the guild, to check each overwrite's target against. */
export interface OverwriteTargets {
  guildId: string;
  isRole(id: string): boolean;
  isUser(id: string): boolean;
  isChannel(id: string): boolean;
}

const TARGET_NAMES = { 1: 'role', 2: 'user', 3: 'channel' } as const;

export function validateOverwrites(body: unknown): RuleResult<PermissionOverwrite[]> {
  const errors = new ErrorCollector();
  const list = (body as { permissions?: unknown } | null)?.permissions;
  if (typeof body !== 'object' || body === null || Array.isArray(body) || list === undefined) {
    errors.add(['permissions'], 'BASE_TYPE_REQUIRED', 'This field is required');
    return { ok: false, errors: errors.tree };
  }
  if (!Array.isArray(list)) {
    errors.add(['permissions'], 'BASE_TYPE_ARRAY', 'Must be an array.');
    return { ok: false, errors: errors.tree };
  }
  if (list.length > MAX_OVERWRITES) {
    errors.add(['permissions'], 'BASE_TYPE_MAX_LENGTH', `Must be ${MAX_OVERWRITES} or fewer in length.`);
    return { ok: false, errors: errors.tree };
  }
  const overwrites: PermissionOverwrite[] = [];
  list.forEach((item: unknown, index) => {
    const at = (field: string) => ['permissions', index, field];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      errors.add(['permissions', index], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
      return;
    }
    const { id, type, permission } = item as Record<string, unknown>;
    const target = id === undefined ? undefined : checkSnowflake(errors, at('id'), id);
    if (id === undefined) errors.add(at('id'), 'BASE_TYPE_REQUIRED', 'This field is required');
    if (type === undefined) errors.add(at('type'), 'BASE_TYPE_REQUIRED', 'This field is required');
    else if (type !== 1 && type !== 2 && type !== 3) errors.add(at('type'), 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3}.');
    if (permission === undefined) errors.add(at('permission'), 'BASE_TYPE_REQUIRED', 'This field is required');
    else if (typeof permission !== 'boolean') errors.add(at('permission'), 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
    if (target === undefined || (type !== 1 && type !== 2 && type !== 3) || typeof permission !== 'boolean') return;
    overwrites.push({ id: target, type, permission });
  });
  return errors.failed ? { ok: false, errors: errors.tree } : { ok: true, value: overwrites };
}

/** Stored overwrites that never count: a target not in the guild (now), a repeated target. */
export function overwriteWarnings(overwrites: readonly PermissionOverwrite[], targets: OverwriteTargets): CommandWarning[] {
  const warnings: CommandWarning[] = [];
  const warn = warningSink(warnings);
  const allChannels = (BigInt(targets.guildId) - 1n).toString();
  const seen = new Set<string>();
  overwrites.forEach(({ id, type }, index) => {
    const exists =
      type === 1 ? id === targets.guildId || targets.isRole(id)
      : type === 2 ? targets.isUser(id)
      : id === allChannels || targets.isChannel(id);
    if (!exists) warn(['permissions', index, 'id'], WARNINGS.unknownOverwriteTarget, TARGET_NAMES[type as 1 | 2 | 3], id);
    const key = `${type}:${id}`;
    if (seen.has(key)) warn(['permissions', index, 'id'], WARNINGS.repeatedOverwrite);
    seen.add(key);
  });
  return warnings;
}
