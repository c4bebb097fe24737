/**
 * The `data` of an invocation built from the options form: the chosen path nested as the
 * service expects (`[{name: group, type: 2, options: [{name: sub, type: 1, options}]}]`),
 * the filled leaf options in definition order, and for autocomplete the focused one (sent
 * as the text typed so far, even when empty). It also keeps where each leaf landed, so
 * errors of the shared check can be shown beside their fields.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type { OptionDefinition } from '../../../shared/command-rules/definition.js';
import { leafOptions } from '../../../shared/invocation/index.js';
import type { IndexedCommand } from '../../api/wire-types.js';
import { commandDefinition } from '../commands/command-definition.js';
import { draftValue, isFilled, type OptionDraft } from './option-values.js';

export interface BuiltData {
  data: Record<string, unknown>;
  /** The error-tree path of the leaf options list: `['options']`, `['options', 0, 'options']`, ... */
  leafPath: Array<string | number>;
  /** The option name at each index of the leaf list. */
  names: string[];
  /** The leaf definitions at the path (empty when the path is not invocable). */
  definitions: OptionDefinition[];
}

/** Wraps leaf options in the chosen subcommand (and group). */
function nest(path: readonly string[], leaves: unknown[]): unknown[] {
  let options = leaves;
  for (let depth = path.length - 1; depth >= 0; depth -= 1) {
    const isGroup = depth === 0 && path.length === 2;
    const type = isGroup ? ApplicationCommandOptionType.SubcommandGroup : ApplicationCommandOptionType.Subcommand;
    options = [{ name: path[depth], type, options }];
  }
  return options;
}

/**
 * Builds `data` for a command (`focused` undefined) or an autocomplete request on the
 * option named `focused`. `omit` leaves options out (autocomplete drops invalid ones).
 */
export function buildInvocationData(
  command: IndexedCommand,
  path: readonly string[],
  drafts: Readonly<Record<string, OptionDraft>>,
  focused?: string,
  omit: ReadonlySet<string> = new Set(),
): BuiltData {
  const definitions = leafOptions(commandDefinition(command), path) ?? [];
  const leaves: Array<Record<string, unknown>> = [];
  const names: string[] = [];
  for (const option of definitions) {
    const draft = drafts[option.name];
    if (option.name === focused) {
      leaves.push({ name: option.name, type: option.type, value: draft?.text ?? '', focused: true });
    } else if (isFilled(draft) && !omit.has(option.name)) {
      leaves.push({ name: option.name, type: option.type, value: draftValue(option, draft.text) });
    } else continue;
    names.push(option.name);
  }
  const data: Record<string, unknown> = { id: command.id, name: command.name, type: command.type, version: command.version };
  if (leaves.length > 0 || path.length > 0) data.options = nest(path, leaves);
  const leafPath: Array<string | number> = ['options'];
  for (let depth = 0; depth < path.length; depth += 1) leafPath.push(0, 'options');
  return { data, leafPath, names, definitions };
}
