/**
 * One command definition, as a create body (POST) or one element of a bulk overwrite:
 * checks every rule and answers the normalized definition the registry stores, or the
 * service's error tree. Unknown fields (and `id`) are dropped, as the real service does.
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import type { CommandDefinition, LocalizationMap, RuleContext } from './definition.js';
import { ErrorCollector, type FieldPath, type RuleResult } from './error-tree.js';
import { field, isAbsent, isJsonObject, readBoolean, readBoundedString, readChoice, readString, type JsonObject } from './field-types.js';
import { readContexts, readHandler, readIntegrationTypes } from './install-contexts.js';
import { readLocalizations, type LocalizedValueReader } from './localizations.js';
import { fail, MESSAGES } from './messages.js';
import { readName, readRequiredName, type NameStyle } from './names.js';
import { readOptionList } from './options.js';
import { readDefaultMemberPermissions } from './permissions.js';
import { COMMAND_SIZE_MAX, commandSize } from './size.js';

/** Command descriptions: at most 100 characters (1-100 for CHAT_INPUT). */
export const DESCRIPTION_MAX = 100;

const COMMAND_TYPES = [1, 2, 3, 4] as const;

function isContextMenu(type: ApplicationCommandType | undefined): boolean {
  return type === ApplicationCommandType.User || type === ApplicationCommandType.Message;
}

/** The command type: 1 when absent; refused outside 1..4 and, for guild commands, 4. */
function readCommandType(value: unknown, context: RuleContext, errors: ErrorCollector): ApplicationCommandType | undefined {
  if (isAbsent(value)) return ApplicationCommandType.ChatInput;
  const type = readChoice(value, COMMAND_TYPES, ['type'], errors) as ApplicationCommandType | undefined;
  if (type === ApplicationCommandType.PrimaryEntryPoint && context.scope === 'guild') {
    fail(errors, ['type'], MESSAGES.guildEntryPoint);
    return undefined;
  }
  return type;
}

/**
 * The description reader for a command type: 1-100 for CHAT_INPUT, none for USER and
 * MESSAGE (only "" passes), 0-100 for entry points (and for an unreadable type).
 */
function descriptionReader(type: ApplicationCommandType | undefined): LocalizedValueReader {
  if (type === ApplicationCommandType.ChatInput) {
    return (value, path, errors) => readBoundedString(value, 1, DESCRIPTION_MAX, path, errors);
  }
  if (isContextMenu(type)) {
    return (value, path, errors) => {
      const text = readString(value, path, errors);
      if (text === undefined || text === '') return text;
      fail(errors, path, MESSAGES.contextMenuDescription);
      return undefined;
    };
  }
  return (value, path, errors) => readBoundedString(value, 0, DESCRIPTION_MAX, path, errors);
}

function readDescription(value: unknown, type: ApplicationCommandType | undefined, errors: ErrorCollector) {
  if (isAbsent(value)) {
    if (type === ApplicationCommandType.ChatInput) fail(errors, ['description'], MESSAGES.required);
    return type === ApplicationCommandType.ChatInput ? undefined : '';
  }
  return descriptionReader(type)(value, ['description'], errors);
}

function readFlag(value: unknown, fallback: boolean, path: FieldPath, errors: ErrorCollector): boolean {
  if (isAbsent(value)) return fallback;
  return readBoolean(value, path, errors) ?? fallback;
}

interface CommandText {
  name: string | undefined;
  name_localizations: LocalizationMap | null;
  description: string | undefined;
  description_localizations: LocalizationMap | null;
}

function readCommandText(input: JsonObject, type: ApplicationCommandType | undefined, errors: ErrorCollector): CommandText {
  const style: NameStyle = type === ApplicationCommandType.ChatInput ? 'chat-input' : 'context-menu';
  const name = readRequiredName(field(input, 'name'), style, ['name'], errors);
  const readLocalizedName: LocalizedValueReader = (value, path, collector) => readName(value, style, path, collector);
  const name_localizations = readLocalizations(field(input, 'name_localizations'), ['name_localizations'], errors, readLocalizedName, name);
  const description = readDescription(field(input, 'description'), type, errors);
  const description_localizations = readLocalizations(
    field(input, 'description_localizations'),
    ['description_localizations'],
    errors,
    descriptionReader(type),
    description,
  );
  return { name, name_localizations, description, description_localizations };
}

function readCommandOptions(value: unknown, type: ApplicationCommandType | undefined, errors: ErrorCollector) {
  if (type === ApplicationCommandType.ChatInput) return readOptionList(value, 'command', ['options'], errors);
  const empty = isAbsent(value) || (Array.isArray(value) && value.length === 0);
  if (!empty && type !== undefined) fail(errors, ['options'], MESSAGES.commandOptions);
  return [];
}

function readCommand(input: JsonObject, context: RuleContext, errors: ErrorCollector): CommandDefinition | undefined {
  const type = readCommandType(field(input, 'type'), context, errors);
  const text = readCommandText(input, type, errors);
  const options = readCommandOptions(field(input, 'options'), type, errors);
  const default_member_permissions = readDefaultMemberPermissions(
    field(input, 'default_member_permissions'),
    ['default_member_permissions'],
    errors,
  );
  // Guild commands never appear in DMs: dm_permission is ignored for them.
  const rawDmPermission = context.scope === 'guild' ? undefined : field(input, 'dm_permission');
  const dm_permission = isAbsent(rawDmPermission) ? null : (readBoolean(rawDmPermission, ['dm_permission'], errors) ?? null);
  const default_permission = readFlag(field(input, 'default_permission'), true, ['default_permission'], errors);
  const nsfw = readFlag(field(input, 'nsfw'), false, ['nsfw'], errors);
  const integration_types = readIntegrationTypes(field(input, 'integration_types'), ['integration_types'], errors);
  const contexts = readContexts(field(input, 'contexts'), ['contexts'], errors);
  const handler = readHandler(field(input, 'handler'), type, context, ['handler'], errors);
  if (type === undefined || text.name === undefined || text.description === undefined) return undefined;
  const command: CommandDefinition = {
    type,
    name: text.name,
    name_localizations: text.name_localizations,
    description: text.description,
    description_localizations: text.description_localizations,
    options,
    default_member_permissions,
    dm_permission,
    default_permission,
    nsfw,
    integration_types,
    contexts,
  };
  if (handler !== undefined) command.handler = handler;
  return command;
}

/**
 * Validates a create body or one bulk element under `context` and answers the normalized
 * definition (unknown fields and `id` dropped, localizations equal to their default dropped,
 * `required: false` removed, "" descriptions for USER and MESSAGE) or the error tree.
 */
export function validateCommand(input: unknown, context: RuleContext): RuleResult<CommandDefinition> {
  const errors = new ErrorCollector();
  if (!isJsonObject(input)) {
    fail(errors, [], MESSAGES.notObject);
    return { ok: false, errors: errors.tree };
  }
  const command = readCommand(input, context, errors);
  if (errors.failed || command === undefined) return { ok: false, errors: errors.tree };
  if (commandSize(command) > COMMAND_SIZE_MAX) {
    fail(errors, [], MESSAGES.tooLarge, COMMAND_SIZE_MAX);
    return { ok: false, errors: errors.tree };
  }
  return { ok: true, value: command };
}
