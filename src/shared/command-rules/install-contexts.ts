/**
 * Where a command may appear and who handles it: `integration_types`, `contexts` and the
 * entry point `handler`. The service stores both lists as given: they are "only for
 * globally-scoped commands", PRIVATE_CHANNEL is "only meaningful" with USER_INSTALL, and a
 * repeat means nothing; none of that is refused (seyfert registers `contexts: [0, 1, 2]`
 * with `integration_types: [0]`). What such a list really allows is `effective*` below,
 * which the registry's visibility reads; `installWarnings` says what is ignored.
 */
import { ApplicationCommandType, ApplicationIntegrationType, InteractionContextType } from 'discord-api-types/v10';
import type { CommandDefinition, RuleContext } from './definition.js';
import type { ErrorCollector, FieldPath } from './error-tree.js';
import { isAbsent, readChoice, readList } from './field-types.js';
import { fail, MESSAGES } from './messages.js';
import { WARNINGS, type WarningSink } from './warning-messages.js';

/** Application flag EMBEDDED (the app has an Activity), needed for entry point handlers. */
export const EMBEDDED_FLAG = 1 << 17;

const INTEGRATION_TYPES = [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall] as const;
const CONTEXTS = [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel] as const;
const HANDLERS = [1, 2] as const;
/** The handler an entry point without one is read with: the default entry point's. */
export const DEFAULT_HANDLER = 2;

/** A list of enumerated integers, kept as given (repeats included); null when not given. */
function readChoiceList(value: unknown, allowed: readonly number[], path: FieldPath, errors: ErrorCollector): number[] | null {
  if (isAbsent(value)) return null;
  const list = readList(value, path, errors);
  if (list === undefined) return null;
  const result: number[] = [];
  list.forEach((raw, index) => {
    const choice = readChoice(raw, allowed, [...path, index], errors);
    if (choice !== undefined) result.push(choice);
  });
  return result;
}

/** `integration_types`: null when not given (the service reads it as [0]). */
export function readIntegrationTypes(value: unknown, path: FieldPath, errors: ErrorCollector) {
  return readChoiceList(value, INTEGRATION_TYPES, path, errors);
}

/** `contexts`: null when not given. */
export function readContexts(value: unknown, path: FieldPath, errors: ErrorCollector): number[] | null {
  return readChoiceList(value, CONTEXTS, path, errors);
}

type Scope = RuleContext['scope'];
type InstallFields = Pick<CommandDefinition, 'integration_types' | 'contexts' | 'dm_permission'>;

/** The installs that bring a command: a guild command only its guild's; else its list, or [0]. */
export function effectiveIntegrationTypes(command: InstallFields, scope: Scope): number[] {
  if (scope === 'guild') return [ApplicationIntegrationType.GuildInstall];
  return command.integration_types ?? [ApplicationIntegrationType.GuildInstall];
}

/**
 * The contexts a command may be used in: a guild command only GUILD; else its own list, or
 * every context (less BOT_DM when the deprecated dm_permission is false).
 */
export function effectiveContexts(command: InstallFields, scope: Scope): number[] {
  if (scope === 'guild') return [InteractionContextType.Guild];
  if (command.contexts !== null) return command.contexts;
  const { Guild, BotDM, PrivateChannel } = InteractionContextType;
  return command.dm_permission === false ? [Guild, PrivateChannel] : [Guild, BotDM, PrivateChannel];
}

function warnRepeats(list: readonly number[] | null, path: FieldPath, warn: WarningSink): void {
  list?.forEach((value, index) => {
    if (list.indexOf(value) !== index) warn([...path, index], WARNINGS.repeatedValue, value);
  });
}

/** What the service stores but ignores in `integration_types` and `contexts`. */
export function installWarnings(command: InstallFields, scope: Scope, warn: WarningSink): void {
  const { integration_types: types, contexts } = command;
  warnRepeats(types, ['integration_types'], warn);
  warnRepeats(contexts, ['contexts'], warn);
  if (scope === 'guild') {
    if (types !== null && types.some((type) => type !== ApplicationIntegrationType.GuildInstall)) {
      warn(['integration_types'], WARNINGS.guildIntegrationTypes);
    }
    if (contexts !== null && contexts.some((context) => context !== InteractionContextType.Guild)) warn(['contexts'], WARNINGS.guildContexts);
    return;
  }
  if (effectiveIntegrationTypes(command, scope).includes(ApplicationIntegrationType.UserInstall)) return;
  const index = contexts?.indexOf(InteractionContextType.PrivateChannel) ?? -1;
  if (index >= 0) warn(['contexts', index], WARNINGS.privateChannelWithoutUserInstall);
}

/**
 * `handler`: only on PRIMARY_ENTRY_POINT commands, and only for EMBEDDED applications (an
 * entry point of an app without an Activity is refused here too); optional, as the create
 * body documents it (absent: see `DEFAULT_HANDLER`).
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
  if (isAbsent(value)) return undefined;
  return readChoice(value, HANDLERS, path, errors);
}

/** An entry point stored without a handler is read with the default one. */
export function handlerWarnings(command: Pick<CommandDefinition, 'type' | 'handler'>, warn: WarningSink): void {
  if (command.type === ApplicationCommandType.PrimaryEntryPoint && command.handler === undefined) {
    warn(['handler'], WARNINGS.entryPointHandlerMissing);
  }
}
