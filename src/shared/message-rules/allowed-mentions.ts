/**
 * `allowed_mentions` (message-facts.md, "Limits"): `parse` of `users`, `roles`,
 * `everyone`; `users` and `roles` lists of at most 100 snowflakes; `replied_user` a
 * boolean; `users` in `parse` together with a `users` list is refused (and so for roles).
 */
import type { ErrorCollector, FieldPath } from '../command-rules/error-tree.js';
import { fail } from '../command-rules/messages.js';
import { checkSnowflake } from '../command-rules/snowflake.js';
import { field, isAbsent, optionalBoolean, readListInRange, readObject } from './fields.js';
import { MESSAGE_LIMITS } from './limits.js';
import { MESSAGE_RULES } from './messages.js';

const PARSE_TYPES = ['everyone', 'roles', 'users'] as const;

export function checkAllowedMentions(errors: ErrorCollector, value: unknown, path: FieldPath): void {
  const mentions = readObject(errors, value, path);
  if (!mentions) return;
  const parsed = new Set<string>();
  const parse = field(mentions, 'parse');
  if (!isAbsent(parse)) {
    readListInRange(errors, parse, [...path, 'parse'], 0, Number.MAX_SAFE_INTEGER)?.forEach((entry, index) => {
      if (typeof entry === 'string' && (PARSE_TYPES as readonly string[]).includes(entry)) parsed.add(entry);
      else fail(errors, [...path, 'parse', index], MESSAGE_RULES.stringChoices, PARSE_TYPES);
    });
  }
  for (const kind of ['users', 'roles'] as const) {
    const ids = field(mentions, kind);
    if (isAbsent(ids)) continue;
    const list = readListInRange(errors, ids, [...path, kind], 0, MESSAGE_LIMITS.allowedMentionIds);
    list?.forEach((id, index) => checkSnowflake(errors, [...path, kind, index], id));
    // An empty list names no one, so it cannot contradict `parse`.
    if (list && list.length > 0 && parsed.has(kind)) fail(errors, path, MESSAGE_RULES.mentionsExclusive, kind);
  }
  optionalBoolean(errors, mentions, 'replied_user', path);
}
