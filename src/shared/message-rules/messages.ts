/**
 * The codes and words of the message rules that the command rules' table (MESSAGES) does
 * not already hold. `source` as there: 'confirmed' when message-facts.md or a public error
 * body shows the real service answering so, 'inferred' when chosen here in its style.
 * docs/refusal-audit.md cites each.
 */
import type { MessageEntry, MessageSource } from '../command-rules/messages.js';

function entry<Args extends unknown[]>(code: string, source: MessageSource, text: (...args: Args) => string): MessageEntry<Args> {
  return { code, source, text };
}

/** The names of the types a union accepts, as the service prints them: `(1,)` or `(1, 9, 10)`. */
function describeTypes(types: readonly number[]): string {
  return types.length === 1 ? `(${types[0]},)` : `(${types.join(', ')})`;
}

export const MESSAGE_RULES = {
  embedSize: entry('MAX_EMBED_SIZE_EXCEEDED', 'confirmed', (max: number) => `Embed size exceeds maximum size of ${max}`),
  customIdDuplicated: entry('COMPONENT_CUSTOM_ID_DUPLICATED', 'confirmed', () => 'Component custom id cannot be duplicated'),
  idDuplicated: entry('COMPONENT_ID_DUPLICATED', 'inferred', () => 'Component id cannot be duplicated'),
  legacyWithV2: entry(
    'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    'confirmed',
    (field: string) => `The '${field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`,
  ),
  removeV2Flag: entry('MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG', 'inferred', () => 'The IS_COMPONENTS_V2 flag cannot be removed from a message'),
  flagsInvalid: entry(
    'MESSAGE_FLAGS_INVALID',
    'inferred',
    () => 'Only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2 can be set.',
  ),
  componentType: entry('UNION_TYPE_CHOICES', 'inferred', (types: readonly number[]) => `Value of field "type" must be one of ${describeTypes(types)}.`),
  layoutWidth: entry('COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'inferred', () => 'The specified component exceeds the maximum width'),
  customIdRequired: entry('BUTTON_COMPONENT_CUSTOM_ID_REQUIRED', 'inferred', () => 'A custom id is required'),
  urlRequired: entry('BUTTON_COMPONENT_URL_REQUIRED', 'inferred', () => 'A url is required'),
  skuRequired: entry('BUTTON_COMPONENT_SKU_ID_REQUIRED', 'inferred', () => 'A sku id is required'),
  buttonField: entry(
    'BUTTON_COMPONENT_INVALID_FIELD',
    'inferred',
    (field: string, style: string) => `The '${field}' field cannot be used on a ${style} button`,
  ),
  fileUrl: entry('COMPONENT_FILE_URL_INVALID', 'inferred', () => 'A file component url must be an attachment:// reference'),
  v2TotalCount: entry('BASE_TYPE_MAX_LENGTH', 'inferred', (max: number) => `Must be ${max} or fewer in total.`),
  v2TotalText: entry('COMPONENTS_TEXT_LENGTH_EXCEEDED', 'inferred', (max: number) => `The text of all text displays must be ${max} or fewer in length.`),
  mentionsExclusive: entry(
    'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
    'inferred',
    (kind: string) => `parse:["${kind}"] and ${kind}: [ids] are mutually exclusive.`,
  ),
  stringChoices: entry('BASE_TYPE_CHOICES', 'confirmed', (allowed: readonly string[]) => `Value must be one of {${allowed.map((value) => `'${value}'`).join(', ')}}.`),
} as const;
