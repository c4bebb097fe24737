/**
 * Where a command may appear and who handles it: `integration_types`, `contexts` and the
 * entry point `handler`. Guild commands only ever live in their guild, so they take only
 * GUILD_INSTALL and the GUILD context; PRIVATE_CHANNEL only makes sense for user installs.
 */
import { ApplicationCommandType, ApplicationIntegrationType, InteractionContextType } from 'discord-api-types/v10';
import type { RuleContext } from './definition.js';
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { isAbsent, readChoice, readList } from './field-types.js';
import { fail, MESSAGES } from './messages.js';

/** Application flag EMBEDDED (the app has an Activity), needed for entry point handlers. */
export const EMBEDDED_FLAG = 1 << 17;

const INTEGRATION_TYPES = {
  global: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  guild: [ApplicationIntegrationType.GuildInstall],
} as const;
const CONTEXTS = {
  global: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
  guild: [InteractionContextType.Guild],
} as const;
const HANDLERS = [1, 2] as const;

/** A list of enumerated integers without repeats; the repeated element is refused. */
function readUniqueChoices(
  value: unknown,
  allowed: readonly number[],
  path: FieldPath,
  errors: ErrorCollector,
): number[] | null {
  if (isAbsent(value)) return null;
  const list = readList(value, path, errors);
  if (list === undefined) return null;
  const result: number[] = [];
  list.forEach((raw, index) => {
    const choice = readChoice(raw, allowed, [...path, index], errors);
    if (choice === undefined) return;
    if (result.includes(choice)) fail(errors, [...path, index], MESSAGES.duplicateValue, choice);
    else result.push(choice);
  });
  return result;
}

/** `integration_types`: null when not given (the service reads it as [0]). */
export function readIntegrationTypes(value: unknown, context: RuleContext, path: FieldPath, errors: ErrorCollector) {
  return readUniqueChoices(value, INTEGRATION_TYPES[context.scope], path, errors);
}

/**
 * `contexts`: null when not given. For global commands that list their integration types,
 * PRIVATE_CHANNEL needs USER_INSTALL among them (reported at that context's index).
 */
export function readContexts(
  value: unknown,
  integrationTypes: readonly number[] | null,
  context: RuleContext,
  path: FieldPath,
  errors: ErrorCollector,
): number[] | null {
  const contexts = readUniqueChoices(value, CONTEXTS[context.scope], path, errors);
  if (contexts && integrationTypes && !integrationTypes.includes(ApplicationIntegrationType.UserInstall)) {
    const index = Array.isArray(value) ? value.indexOf(InteractionContextType.PrivateChannel) : -1;
    if (index >= 0) fail(errors, [...path, index], MESSAGES.privateChannelContext);
  }
  return contexts;
}

/**
 * `handler`: only on PRIMARY_ENTRY_POINT commands, which need one, and only for EMBEDDED
 * applications (an entry point of an app without an Activity is refused here too).
 */
export function readHandler(
  value: unknown,
  type: ApplicationCommandType | undefined,
  context: RuleContext,
  path: FieldPath,
  errors: ErrorCollector,
): 1 | 2 | undefined {
  if (type !== ApplicationCommandType.PrimaryEntryPoint) {
    if (!isAbsent(value) && type !== undefined) fail(errors, path, MESSAGES.handlerNotAllowed);
    return undefined;
  }
  if ((context.applicationFlags & EMBEDDED_FLAG) === 0) {
    fail(errors, path, MESSAGES.handlerNeedsActivity);
    return undefined;
  }
  if (isAbsent(value)) {
    fail(errors, path, MESSAGES.required);
    return undefined;
  }
  return readChoice(value, HANDLERS, path, errors);
}
