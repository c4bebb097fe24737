/**
 * The warnings of a stored command: what the service accepts and keeps but ignores, or
 * what can never match. Pure, computed from the stored definition whenever it is shown
 * (the registry's management API and explain view), never stored and never a refusal.
 * Each fact's check lives beside the rule that reads the field; this only walks the command.
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import type { CommandDefinition, OptionDefinition, RuleContext } from './definition.js';
import type { FieldPath } from './error-tree.js';
import { handlerWarnings, installWarnings } from './install-contexts.js';
import { nameWarnings } from './names.js';
import { rangeWarnings } from './option-constraints.js';
import { permissionWarnings } from './permissions.js';
import { warningSink, type CommandWarning, type WarningSink } from './warning-messages.js';

function optionWarnings(options: readonly OptionDefinition[], path: FieldPath, warn: WarningSink): void {
  options.forEach((option, index) => {
    const at = [...path, index];
    rangeWarnings(option, at, warn);
    if (option.options) optionWarnings(option.options, [...at, 'options'], warn);
  });
}

/** Every warning about `command` stored in `scope`, in field order; [] for a clean command. */
export function commandWarnings(command: CommandDefinition, scope: RuleContext['scope']): CommandWarning[] {
  const warnings: CommandWarning[] = [];
  const warn = warningSink(warnings);
  nameWarnings(command, command.type === ApplicationCommandType.ChatInput ? 'chat-input' : 'context-menu', warn);
  optionWarnings(command.options, ['options'], warn);
  permissionWarnings(command, warn);
  installWarnings(command, scope, warn);
  handlerWarnings(command, warn);
  return warnings;
}
