/**
 * The rules of an invocation: the `data` a client sends when a user runs a command (type 2)
 * or types in an autocompleting option (type 4), checked against the stored definition.
 * The registry runs it before delivering; the client runs it before sending, so the user
 * sees the same messages either way. Pure: ids are checked through the caller's lookup.
 *
 * `data.name` and `data.type`, when given, must be the definition's (the registry finds the
 * definition by `data.id`; another name means the client holds another command). `data.id`
 * and `data.version`, when given, must be snowflake strings; whether they name this command
 * and its current version is the registry's check (the version check of read-repair).
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import type { CommandDefinition } from '../command-rules/definition.js';
import { ErrorCollector, type RuleResult } from '../command-rules/error-tree.js';
import { field, isAbsent, isJsonObject, type JsonObject } from '../command-rules/field-types.js';
import { fail } from '../command-rules/messages.js';
import { readChatInput } from './branches.js';
import type { CheckState } from './check-state.js';
import { describeCommandType, formatCommandPath } from './descriptions.js';
import { readSnowflakeString } from './entity-values.js';
import { INVOCATION_MESSAGES } from './messages.js';
import { ReferenceCollector } from './references.js';
import type { Invocation, InvocationContext } from './types.js';

function checkIdentity(definition: CommandDefinition, data: JsonObject, state: CheckState): void {
  const name = field(data, 'name');
  if (!isAbsent(name) && name !== definition.name) {
    fail(state.errors, ['name'], INVOCATION_MESSAGES.commandMismatch, 'name', `\`${definition.name}\``);
  }
  const type = field(data, 'type');
  if (!isAbsent(type) && type !== definition.type) {
    const expected = `${definition.type} (${describeCommandType(definition.type)})`;
    fail(state.errors, ['type'], INVOCATION_MESSAGES.commandMismatch, 'type', expected);
  }
  for (const key of ['id', 'version'] as const) {
    const value = field(data, key);
    if (!isAbsent(value)) readSnowflakeString(value, key, [key], state);
  }
}

/** The target of a user or message command: required, a snowflake, and a known user for USER. */
function readTarget(definition: CommandDefinition, value: unknown, state: CheckState): string | undefined {
  const user = definition.type === ApplicationCommandType.User;
  if (isAbsent(value)) {
    fail(state.errors, ['target_id'], INVOCATION_MESSAGES.targetRequired, user ? 'user' : 'message');
    return undefined;
  }
  const id = readSnowflakeString(value, 'target_id', ['target_id'], state);
  if (id === undefined || !user) return id;
  if (state.lookup.user(id)) {
    state.references.add('users', id);
    return id;
  }
  fail(state.errors, ['target_id'], INVOCATION_MESSAGES.unknownUser, 'target_id', id);
  return undefined;
}

/**
 * USER, MESSAGE and PRIMARY_ENTRY_POINT commands take no options and never autocomplete;
 * USER and MESSAGE commands need a target, the others take none.
 */
function readOptionless(definition: CommandDefinition, data: JsonObject, state: CheckState): Invocation | undefined {
  const command = formatCommandPath(definition, []);
  if (state.kind === 'autocomplete') fail(state.errors, [], INVOCATION_MESSAGES.autocompleteUnsupported, command);
  const options = field(data, 'options');
  if (!isAbsent(options) && !(Array.isArray(options) && options.length === 0)) {
    fail(state.errors, ['options'], INVOCATION_MESSAGES.optionsUnexpected, command);
  }
  const rawTarget = field(data, 'target_id');
  if (definition.type === ApplicationCommandType.PrimaryEntryPoint) {
    if (!isAbsent(rawTarget)) fail(state.errors, ['target_id'], INVOCATION_MESSAGES.targetUnexpected, command);
    return { path: [], options: [], references: state.references.toReferences() };
  }
  const target = readTarget(definition, rawTarget, state);
  if (target === undefined) return undefined;
  return { path: [], options: [], references: state.references.toReferences(), target };
}

function readChatInputInvocation(definition: CommandDefinition, data: JsonObject, state: CheckState): Invocation | undefined {
  if (!isAbsent(field(data, 'target_id'))) {
    fail(state.errors, ['target_id'], INVOCATION_MESSAGES.targetUnexpected, formatCommandPath(definition, []));
  }
  const result = readChatInput(definition, field(data, 'options'), state);
  if (result === undefined) return undefined;
  const invocation: Invocation = { path: result.path, options: result.options, references: state.references.toReferences() };
  if (result.focused) invocation.focused = result.focused;
  return invocation;
}

/**
 * Checks `data` against `definition` for a command or an autocomplete request and answers
 * the normalized invocation, or every refusal in the service's error tree (paths such as
 * `options.0.options.1.value`, messages the client can show as they are). Never throws on
 * any `data`.
 */
export function validateInvocation(definition: CommandDefinition, data: unknown, context: InvocationContext): RuleResult<Invocation> {
  const errors = new ErrorCollector();
  if (!isJsonObject(data)) {
    fail(errors, [], INVOCATION_MESSAGES.dataNotObject);
    return { ok: false, errors: errors.tree };
  }
  const state: CheckState = { kind: context.kind, lookup: context.lookup, errors, references: new ReferenceCollector() };
  checkIdentity(definition, data, state);
  const invocation =
    definition.type === ApplicationCommandType.ChatInput
      ? readChatInputInvocation(definition, data, state)
      : readOptionless(definition, data, state);
  if (errors.failed || invocation === undefined) return { ok: false, errors: errors.tree };
  return { ok: true, value: invocation };
}
