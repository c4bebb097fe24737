/**
 * Values of USER, CHANNEL, ROLE, MENTIONABLE and ATTACHMENT options: snowflake strings
 * that the caller's lookup must know, and for CHANNEL options a channel of an allowed type.
 * Each accepted id is recorded for `data.resolved`; a MENTIONABLE goes to users when a
 * user has the id, else to roles (ids are unique across both in the real service).
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { OptionDefinition } from '../command-rules/definition.js';
import type { FieldPath } from '../command-rules/error-tree.js';
import { fail } from '../command-rules/messages.js';
import { isSnowflake, normalizeSnowflake } from '../command-rules/snowflake.js';
import type { CheckState } from './check-state.js';
import { describeChannelType, joinAlternatives } from './descriptions.js';
import { INVOCATION_MESSAGES } from './messages.js';
import type { ReferenceKind } from './references.js';
import type { InvocationLookup } from './types.js';

/**
 * A snowflake given as a string, in canonical form (no leading zeros); undefined after
 * refusing anything else at `path` under the name `label`.
 */
export function readSnowflakeString(value: unknown, label: string, path: FieldPath, state: CheckState): string | undefined {
  if (typeof value === 'string' && isSnowflake(value)) return normalizeSnowflake(value);
  fail(state.errors, path, INVOCATION_MESSAGES.notSnowflake, label);
  return undefined;
}

function readChannel(option: OptionDefinition, id: string, path: FieldPath, state: CheckState): boolean {
  const channel = state.lookup.channel(id);
  if (channel === undefined) {
    fail(state.errors, path, INVOCATION_MESSAGES.unknownChannel, option.name, id);
    return false;
  }
  const allowed = option.channel_types ?? [];
  if (allowed.length === 0 || allowed.includes(channel.type)) {
    state.references.add('channels', id);
    return true;
  }
  fail(state.errors, path, INVOCATION_MESSAGES.channelType, option.name, joinAlternatives(allowed.map(describeChannelType)));
  return false;
}

/** Where a known id of a non-channel entity option goes in `resolved`; undefined when unknown. */
function resolveKind(type: ApplicationCommandOptionType, id: string, lookup: InvocationLookup): ReferenceKind | undefined {
  if (type === ApplicationCommandOptionType.User) return lookup.user(id) ? 'users' : undefined;
  if (type === ApplicationCommandOptionType.Role) return lookup.role(id) ? 'roles' : undefined;
  if (type === ApplicationCommandOptionType.Attachment) return lookup.attachment(id) ? 'attachments' : undefined;
  if (lookup.user(id)) return 'users';
  return lookup.role(id) ? 'roles' : undefined;
}

function unknownRow(type: ApplicationCommandOptionType) {
  if (type === ApplicationCommandOptionType.User) return INVOCATION_MESSAGES.unknownUser;
  if (type === ApplicationCommandOptionType.Role) return INVOCATION_MESSAGES.unknownRole;
  if (type === ApplicationCommandOptionType.Attachment) return INVOCATION_MESSAGES.unknownAttachment;
  return INVOCATION_MESSAGES.unknownMentionable;
}

function readKnown(option: OptionDefinition, id: string, path: FieldPath, state: CheckState): boolean {
  if (option.type === ApplicationCommandOptionType.Channel) return readChannel(option, id, path, state);
  const kind = resolveKind(option.type, id, state.lookup);
  if (kind === undefined) {
    fail(state.errors, path, unknownRow(option.type), option.name, id);
    return false;
  }
  state.references.add(kind, id);
  return true;
}

/**
 * The checked id of an entity option (canonical form), or undefined after recording the
 * refusal at `path`: not a snowflake string, unknown to the lookup, or a channel of a type
 * outside `channel_types`.
 */
export function readEntityValue(option: OptionDefinition, value: unknown, path: FieldPath, state: CheckState): string | undefined {
  const id = readSnowflakeString(value, option.name, path, state);
  if (id === undefined) return undefined;
  return readKnown(option, id, path, state) ? id : undefined;
}
