/**
 * Bulk overwrite bodies: an array of at most 130 command definitions, each validated with its errors
 * under its index, an optional snowflake `id` per element, and no two elements of the same
 * type and name (APPLICATION_COMMANDS_DUPLICATE_NAME on the later element, as the service
 * answers "In 27: Application command names must be unique").
 */
import type { CommandDefinition, RuleContext } from './definition.js';
import { ErrorCollector, mergeErrorTree, type RuleResult } from './error-tree.js';
import { field, isAbsent, isJsonObject } from './field-types.js';
import { validateCommand } from './command.js';
import { fail, MESSAGES } from './messages.js';
import { isSnowflake, normalizeSnowflake, snowflakeError } from './snowflake.js';

/**
 * The most commands one overwrite may hold: 100 CHAT_INPUT + 15 USER + 15 MESSAGE. The
 * service checks the array's length first, as a form error (api-facts.md, error table),
 * before any element and before the per-type limits (30032).
 */
export const COMMAND_LIST_MAX = 130;

/** One validated bulk element: the id the client sent (if any) and the definition. */
export interface CommandListItem {
  id: string | undefined;
  command: CommandDefinition;
}

function readId(raw: unknown, index: number, errors: ErrorCollector): string | undefined {
  if (!isJsonObject(raw)) return undefined;
  const id = field(raw, 'id');
  if (isAbsent(id)) return undefined;
  if (isSnowflake(id)) return normalizeSnowflake(id as string | number);
  const error = snowflakeError(id);
  errors.add([index, 'id'], error.code, error.message);
  return undefined;
}

/** The (type, name) key of a raw element when both are readable, for the duplicate check. */
function commandKey(raw: unknown): string | undefined {
  if (!isJsonObject(raw)) return undefined;
  const type = field(raw, 'type');
  const name = field(raw, 'name');
  if (typeof name !== 'string') return undefined;
  if (isAbsent(type)) return `1:${name}`;
  return typeof type === 'number' && [1, 2, 3, 4].includes(type) ? `${type}:${name}` : undefined;
}

/** Validates a bulk overwrite body under `context`; all elements or none. */
export function validateCommandList(input: unknown, context: RuleContext): RuleResult<CommandListItem[]> {
  const errors = new ErrorCollector();
  if (!Array.isArray(input)) {
    fail(errors, [], MESSAGES.notList);
    return { ok: false, errors: errors.tree };
  }
  if (input.length > COMMAND_LIST_MAX) {
    fail(errors, [], MESSAGES.maxLength, COMMAND_LIST_MAX);
    return { ok: false, errors: errors.tree };
  }
  const items: CommandListItem[] = [];
  const seen = new Set<string>();
  input.forEach((raw: unknown, index) => {
    const id = readId(raw, index, errors);
    const result = validateCommand(raw, context);
    if (result.ok) items.push({ id, command: result.value });
    else mergeErrorTree(errors, [index], result.errors);
    const key = commandKey(raw);
    if (key === undefined) return;
    if (seen.has(key)) fail(errors, [index], MESSAGES.namesNotUnique);
    seen.add(key);
  });
  if (errors.failed) return { ok: false, errors: errors.tree };
  return { ok: true, value: items };
}
