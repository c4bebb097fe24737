/**
 * The command-definition rules, shared by the registry server and the browser client:
 * pure functions from a body to a normalized definition or the service's 50035 error tree.
 */
export { validateCommand, DESCRIPTION_MAX } from './command.js';
export { validateCommandEdit, EDITABLE_FIELDS } from './edit.js';
export { validateCommandList, COMMAND_LIST_MAX, type CommandListItem } from './bulk.js';
export { checkSnowflake, isSnowflake, snowflakeError, normalizeSnowflake } from './snowflake.js';
export { commandSize, COMMAND_SIZE_MAX } from './size.js';
export { isChatInputName, isWellSpacedName, CHAT_INPUT_NAME_PATTERN, NAME_MAX, NAME_MIN } from './names.js';
export { KNOWN_PERMISSION_BITS, isPermissionSet } from './permissions.js';
export { CHANNEL_TYPES } from './option-constraints.js';
export { OPTIONS_MAX } from './option-lists.js';
export { CHOICES_MAX, INTEGER_MAX, INTEGER_MIN, NUMBER_MAX, NUMBER_MIN } from './option-values.js';
export { DEFAULT_HANDLER, EMBEDDED_FLAG, effectiveContexts, effectiveIntegrationTypes } from './install-contexts.js';
export { commandWarnings } from './warnings.js';
export { WARNINGS, type CommandWarning } from './warning-messages.js';
export { MESSAGES, describeValue, fieldError, type MessageEntry, type MessageSource } from './messages.js';
export { codePointLength } from './field-types.js';
export { ErrorCollector, mergeErrorTree, type ErrorTree, type FieldError, type RuleResult } from './error-tree.js';
export type { ChoiceDefinition, CommandDefinition, LocalizationMap, OptionDefinition, RuleContext } from './definition.js';
