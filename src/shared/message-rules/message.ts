/**
 * A message as a bot sends it (callback data, follow-up, edit, channel message), checked
 * part by part against the service's limits (message-facts.md): content, embeds,
 * allowed_mentions, flags and components (legacy action rows, or the Components V2 layout
 * with the flag). Refusals collect into one 50035 tree at the caller's prefix.
 */
import { ErrorCollector, type FieldPath, type RuleResult } from '../command-rules/error-tree.js';
import { fail, MESSAGES } from '../command-rules/messages.js';
import { checkAllowedMentions } from './allowed-mentions.js';
import { numberComponents } from './component-ids.js';
import { componentScope } from './component-scope.js';
import { componentChecker, LEGACY_TOP_LEVEL, V2_TOP_LEVEL } from './components.js';
import { checkEmbeds } from './embeds.js';
import { field, isAbsent, isJsonObject, optionalText, readIntegerInRange, readListInRange } from './fields.js';
import { COMPONENT_LIMITS, MESSAGE_FLAGS, MESSAGE_LIMITS, SETTABLE_FLAGS } from './limits.js';
import { MESSAGE_RULES } from './messages.js';

/** The checked fields a message is stored from. */
export interface MessageFields {
  content?: string;
  embeds?: Array<Record<string, unknown>>;
  components?: Array<Record<string, unknown>>;
  flags?: number;
}

export interface MessageRuleOptions {
  /** An edit: nothing is required. */
  partial: boolean;
  /** An edit's message flags before it, so a V2 message stays one and is checked as one. */
  existingFlags?: number;
}

/** The legacy fields a Components V2 message may not carry, and how each counts as given. */
const LEGACY_FIELDS: ReadonlyArray<[string, (value: unknown) => boolean]> = [
  ['content', (value) => typeof value !== 'string' || value.length > 0],
  ['embeds', (value) => !Array.isArray(value) || value.length > 0],
  ['poll', () => true],
  ['sticker_ids', (value) => !Array.isArray(value) || value.length > 0],
];

function checkFlags(errors: ErrorCollector, value: unknown, path: FieldPath, existing: number | undefined): number | undefined {
  const flags = readIntegerInRange(errors, value, path, 0, Number.MAX_SAFE_INTEGER);
  if (flags === undefined) return undefined;
  if ((flags & ~SETTABLE_FLAGS) !== 0) return void fail(errors, path, MESSAGE_RULES.flagsInvalid);
  if (existing !== undefined && (existing & MESSAGE_FLAGS.IS_COMPONENTS_V2) !== 0 && (flags & MESSAGE_FLAGS.IS_COMPONENTS_V2) === 0) {
    return void fail(errors, path, MESSAGE_RULES.removeV2Flag);
  }
  return flags;
}

function checkComponents(errors: ErrorCollector, value: unknown, path: FieldPath, v2: boolean): readonly unknown[] | undefined {
  const max = v2 ? Number.MAX_SAFE_INTEGER : MESSAGE_LIMITS.legacyRows;
  const list = readListInRange(errors, value, path, 0, max);
  if (!list || list.length > max) return undefined;
  const scope = componentScope(errors, 'message');
  const check = componentChecker(scope);
  list.forEach((component, index) => check(component, [...path, index], v2 ? V2_TOP_LEVEL : LEGACY_TOP_LEVEL));
  if (v2 && scope.count > COMPONENT_LIMITS.v2Total) fail(errors, path, MESSAGE_RULES.v2TotalCount, COMPONENT_LIMITS.v2Total);
  if (v2 && scope.textLength > COMPONENT_LIMITS.v2Text) fail(errors, path, MESSAGE_RULES.v2TotalText, COMPONENT_LIMITS.v2Text);
  return list;
}

/** Checks a message body at `at` (`['data']` for callbacks, `[]` elsewhere). */
export function validateMessage(input: unknown, at: FieldPath, options: MessageRuleOptions): RuleResult<MessageFields> {
  const errors = new ErrorCollector();
  if (isAbsent(input)) {
    if (!options.partial) fail(errors, at, MESSAGES.required);
    return errors.failed ? { ok: false, errors: errors.tree } : { ok: true, value: {} };
  }
  if (!isJsonObject(input)) {
    fail(errors, at, MESSAGES.notObject);
    return { ok: false, errors: errors.tree };
  }
  const value: MessageFields = {};
  const content = optionalText(errors, input, 'content', at, MESSAGE_LIMITS.content);
  if (content !== undefined) value.content = content;
  const embeds = field(input, 'embeds');
  if (!isAbsent(embeds) && checkEmbeds(errors, embeds, [...at, 'embeds'])) value.embeds = embeds as Array<Record<string, unknown>>;
  const mentions = field(input, 'allowed_mentions');
  if (!isAbsent(mentions)) checkAllowedMentions(errors, mentions, [...at, 'allowed_mentions']);
  const rawFlags = field(input, 'flags');
  const flags = isAbsent(rawFlags) ? undefined : checkFlags(errors, rawFlags, [...at, 'flags'], options.existingFlags);
  if (flags !== undefined) value.flags = flags;
  const v2 = ((flags ?? options.existingFlags ?? 0) & MESSAGE_FLAGS.IS_COMPONENTS_V2) !== 0;
  if (v2) {
    for (const [key, given] of LEGACY_FIELDS) {
      const legacy = field(input, key);
      if (!isAbsent(legacy) && given(legacy)) fail(errors, [...at, key], MESSAGE_RULES.legacyWithV2, key);
    }
  }
  const components = field(input, 'components');
  if (!isAbsent(components) && checkComponents(errors, components, [...at, 'components'], v2)) {
    value.components = components as Array<Record<string, unknown>>;
  }
  if (errors.failed) return { ok: false, errors: errors.tree };
  if (value.components) value.components = numberComponents(value.components);
  return { ok: true, value };
}
