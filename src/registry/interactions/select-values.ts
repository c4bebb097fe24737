/**
 * The values of a select menu on an app's message, as the client sends them (`data.values`,
 * ids or option values only, never objects): their count within the menu's
 * `min_values`..`max_values`, each one an option of a string select or an entity the
 * menu may name here (a user; a role of this guild; a channel here of the menu's
 * `channel_types`). The service builds `data.resolved` from the ids itself, as it does for
 * command options, so the app reads users, members, roles and channels as in a command.
 */
import { ComponentType } from 'discord-api-types/v10';
import { ErrorCollector, type ErrorTree } from '../../shared/command-rules/error-tree.js';
import { fail, MESSAGES, type MessageEntry } from '../../shared/command-rules/messages.js';
import { describeChannelType, INVOCATION_MESSAGES, joinAlternatives } from '../../shared/invocation/index.js';
import type { References } from './payload-facts.js';

/** The select menu types (api-facts: string 3, user 5, role 6, mentionable 7, channel 8). */
const SELECT_TYPES: ReadonlySet<number> = new Set([
  ComponentType.StringSelect, ComponentType.UserSelect, ComponentType.RoleSelect, ComponentType.MentionableSelect, ComponentType.ChannelSelect,
]);

export function isSelectMenu(type: unknown): boolean {
  return typeof type === 'number' && SELECT_TYPES.has(type);
}

/** Codes chosen here in the service's style: no public 50035 body shows component checks. */
export const SELECT_MESSAGES = {
  valuesUnexpected: { code: 'INTERACTION_COMPONENT_VALUES_UNEXPECTED', source: 'inferred', text: () => 'Only a select menu takes values.' },
  valuesDuplicate: { code: 'INTERACTION_COMPONENT_VALUES_DUPLICATE', source: 'inferred', text: () => 'Each value can be chosen once.' },
  valuesNotStrings: { code: MESSAGES.notList.code, source: 'inferred', text: () => 'Only a list of strings may be used.' },
} as const satisfies Record<string, MessageEntry<[]>>;

/** What the ids of a select may name at the interaction's place. */
export interface SelectLookup {
  user(id: string): boolean;
  role(id: string): boolean;
  /** The channel's type, when it is here. */
  channel(id: string): number | undefined;
}

export interface SelectComponent {
  type: number;
  custom_id?: unknown;
  min_values?: unknown;
  max_values?: unknown;
  options?: unknown;
  channel_types?: unknown;
}

export type CheckedValues = { ok: true; values: string[]; references: References } | { ok: false; errors: ErrorTree };

function noReferences(): References {
  return { users: [], roles: [], channels: [], messages: [], attachments: [] };
}

function integerOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

/** Records one id of an entity select in `references`, or its refusal at `data.values.{index}`. */
function readEntity(
  component: SelectComponent, name: string, id: string, index: number, lookup: SelectLookup, references: References, errors: ErrorCollector,
): void {
  const path = ['data', 'values', index];
  switch (component.type) {
    case ComponentType.UserSelect:
      if (lookup.user(id)) references.users.push(id);
      else fail(errors, path, INVOCATION_MESSAGES.unknownUser, name, id);
      return;
    case ComponentType.RoleSelect:
      if (lookup.role(id)) references.roles.push(id);
      else fail(errors, path, INVOCATION_MESSAGES.unknownRole, name, id);
      return;
    case ComponentType.MentionableSelect:
      // Ids are unique across users and roles, as for MENTIONABLE options.
      if (lookup.user(id)) references.users.push(id);
      else if (lookup.role(id)) references.roles.push(id);
      else fail(errors, path, INVOCATION_MESSAGES.unknownMentionable, name, id);
      return;
    default: {
      const type = lookup.channel(id);
      const allowed = Array.isArray(component.channel_types) ? (component.channel_types as number[]) : [];
      if (type === undefined) fail(errors, path, INVOCATION_MESSAGES.unknownChannel, name, id);
      else if (allowed.length > 0 && !allowed.includes(type)) {
        fail(errors, path, INVOCATION_MESSAGES.channelType, name, joinAlternatives(allowed.map(describeChannelType)));
      } else references.channels.push(id);
    }
  }
}

/**
 * Checks `values` against the select `component`: answers them with the ids to resolve, or
 * the 50035 tree (under `data.values`) saying which value is wrong and why.
 */
export function checkSelectValues(component: SelectComponent, values: unknown, lookup: SelectLookup): CheckedValues {
  const errors = new ErrorCollector();
  const references = noReferences();
  if (values === undefined || values === null) {
    fail(errors, ['data', 'values'], MESSAGES.required);
    return { ok: false, errors: errors.tree };
  }
  if (!Array.isArray(values) || values.some((value) => typeof value !== 'string')) {
    fail(errors, ['data', 'values'], SELECT_MESSAGES.valuesNotStrings);
    return { ok: false, errors: errors.tree };
  }
  const min = integerOr(component.min_values, 1);
  const max = integerOr(component.max_values, 1);
  if (values.length < min || values.length > max) {
    fail(errors, ['data', 'values'], MESSAGES.badLength, min, max);
    return { ok: false, errors: errors.tree };
  }
  const name = typeof component.custom_id === 'string' ? component.custom_id : 'values';
  const strings = values as string[];
  if (component.type === ComponentType.StringSelect) {
    const options = Array.isArray(component.options) ? (component.options as Array<{ value?: unknown }>) : [];
    const allowed = options.map((option) => String(option.value));
    strings.forEach((value, index) => {
      if (!allowed.includes(value)) fail(errors, ['data', 'values', index], MESSAGES.choices, allowed);
    });
  } else {
    strings.forEach((id, index) => readEntity(component, name, id, index, lookup, references, errors));
  }
  if (new Set(strings).size !== strings.length) fail(errors, ['data', 'values'], SELECT_MESSAGES.valuesDuplicate);
  return errors.failed ? { ok: false, errors: errors.tree } : { ok: true, values: strings, references };
}
