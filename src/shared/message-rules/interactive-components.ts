/**
 * The interactive legacy components of messages (message-facts.md, "Components"): the
 * action row (1-5 buttons or exactly one select), buttons by style, and the five selects.
 */
import type { FieldPath } from '../command-rules/error-tree.js';
import { CHANNEL_TYPES } from '../command-rules/option-constraints.js';
import { fail, MESSAGES } from '../command-rules/messages.js';
import { checkSnowflake } from '../command-rules/snowflake.js';
import { checkCustomId, type ComponentRule, type ComponentScope } from './component-scope.js';
import {
  field, isAbsent, optionalBoolean, optionalChoice, optionalInteger, optionalText, readListInRange, readObject, requiredList, requiredText,
  requirePresent, type JsonObject,
} from './fields.js';
import { COMPONENT_LIMITS } from './limits.js';
import { MESSAGE_RULES } from './messages.js';

/** Component types by name, as the wire numbers them. */
export const COMPONENT = {
  ACTION_ROW: 1, BUTTON: 2, STRING_SELECT: 3, TEXT_INPUT: 4, USER_SELECT: 5, ROLE_SELECT: 6, MENTIONABLE_SELECT: 7,
  CHANNEL_SELECT: 8, SECTION: 9, TEXT_DISPLAY: 10, THUMBNAIL: 11, MEDIA_GALLERY: 12, FILE: 13, SEPARATOR: 14,
  CONTAINER: 17, LABEL: 18, FILE_UPLOAD: 19,
} as const;

export const SELECT_TYPES: readonly number[] = [
  COMPONENT.STRING_SELECT, COMPONENT.USER_SELECT, COMPONENT.ROLE_SELECT, COMPONENT.MENTIONABLE_SELECT, COMPONENT.CHANNEL_SELECT,
];
const ROW_CHILDREN: Readonly<Record<string, readonly number[]>> = { message: [COMPONENT.BUTTON, ...SELECT_TYPES], modal: [COMPONENT.TEXT_INPUT] };

/** Row width: a select or a text input takes all five places, anything else (a button) one. */
function width(value: unknown): number {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  const full = typeof type === 'number' && (SELECT_TYPES.includes(type) || type === COMPONENT.TEXT_INPUT);
  return full ? COMPONENT_LIMITS.rowButtons : 1;
}

export const actionRow: ComponentRule = (scope, row, path, child) => {
  const max = scope.surface === 'modal' ? 1 : COMPONENT_LIMITS.rowButtons;
  const children = requiredList(scope.errors, row, 'components', path, 1, max);
  if (!children || children.length > max) return;
  let used = 0;
  children.forEach((value, index) => {
    const at = [...path, 'components', index];
    child(value, at, ROW_CHILDREN[scope.surface] ?? []);
    used += width(value);
    if (used > COMPONENT_LIMITS.rowButtons) fail(scope.errors, at, MESSAGE_RULES.layoutWidth);
  });
};

const STYLE_NAMES = ['', 'primary', 'secondary', 'success', 'danger', 'link', 'premium'] as const;
const LINK = 5;
const PREMIUM = 6;

/** Refuses each of `keys` the style does not take. */
function forbid(scope: ComponentScope, button: JsonObject, path: FieldPath, keys: readonly string[], style: number): void {
  for (const key of keys) {
    if (!isAbsent(field(button, key))) fail(scope.errors, [...path, key], MESSAGE_RULES.buttonField, key, STYLE_NAMES[style] ?? String(style));
  }
}

export const button: ComponentRule = (scope, component, path) => {
  const { errors } = scope;
  if (requirePresent(errors, component, 'style', path) === undefined) return;
  const style = optionalChoice(errors, component, 'style', path, [1, 2, 3, 4, 5, 6]);
  optionalBoolean(errors, component, 'disabled', path);
  if (style === undefined) return;
  if (style === PREMIUM) {
    forbid(scope, component, path, ['custom_id', 'url', 'label', 'emoji'], style);
    const sku = field(component, 'sku_id');
    if (isAbsent(sku)) fail(errors, [...path, 'sku_id'], MESSAGE_RULES.skuRequired);
    else checkSnowflake(errors, [...path, 'sku_id'], sku);
    return;
  }
  optionalText(errors, component, 'label', path, COMPONENT_LIMITS.buttonLabel);
  const emoji = field(component, 'emoji');
  if (!isAbsent(emoji)) readObject(errors, emoji, [...path, 'emoji']);
  if (style === LINK) {
    forbid(scope, component, path, ['custom_id', 'sku_id'], style);
    const url = field(component, 'url');
    if (isAbsent(url)) fail(errors, [...path, 'url'], MESSAGE_RULES.urlRequired);
    else optionalText(errors, component, 'url', path, Number.MAX_SAFE_INTEGER);
    return;
  }
  forbid(scope, component, path, ['url', 'sku_id'], style);
  checkCustomId(scope, component, path, () => fail(errors, [...path, 'custom_id'], MESSAGE_RULES.customIdRequired));
};

const DEFAULT_VALUE_TYPES = ['user', 'role', 'channel'] as const;

/** The fields every select shares: custom_id, placeholder 150, min_values 0-25, max_values 1-25, disabled. */
function selectCommon(scope: ComponentScope, component: JsonObject, path: FieldPath): void {
  const { errors } = scope;
  checkCustomId(scope, component, path);
  optionalText(errors, component, 'placeholder', path, COMPONENT_LIMITS.selectPlaceholder);
  optionalInteger(errors, component, 'min_values', path, 0, COMPONENT_LIMITS.selectValues);
  optionalInteger(errors, component, 'max_values', path, 1, COMPONENT_LIMITS.selectValues);
  optionalBoolean(errors, component, 'disabled', path);
  optionalBoolean(errors, component, 'required', path);
}

export const stringSelect: ComponentRule = (scope, component, path) => {
  const { errors } = scope;
  selectCommon(scope, component, path);
  requiredList(errors, component, 'options', path, 1, COMPONENT_LIMITS.selectOptions)?.forEach((value, index) => {
    const at = [...path, 'options', index];
    const option = readObject(errors, value, at);
    if (!option) return;
    requiredText(errors, option, 'label', at, 1, COMPONENT_LIMITS.optionText);
    requiredText(errors, option, 'value', at, 1, COMPONENT_LIMITS.optionText);
    optionalText(errors, option, 'description', at, COMPONENT_LIMITS.optionText);
    optionalBoolean(errors, option, 'default', at);
    const emoji = field(option, 'emoji');
    if (!isAbsent(emoji)) readObject(errors, emoji, [...at, 'emoji']);
  });
};

/** User, role, mentionable and channel selects: as the string select without options. */
export const entitySelect: ComponentRule = (scope, component, path) => {
  const { errors } = scope;
  selectCommon(scope, component, path);
  const defaults = field(component, 'default_values');
  if (!isAbsent(defaults)) {
    readListInRange(errors, defaults, [...path, 'default_values'], 0, COMPONENT_LIMITS.selectValues)?.forEach((value, index) => {
      const at = [...path, 'default_values', index];
      const entry = readObject(errors, value, at);
      if (!entry) return;
      const id = requirePresent(errors, entry, 'id', at);
      if (id !== undefined) checkSnowflake(errors, [...at, 'id'], id);
      const type = requirePresent(errors, entry, 'type', at);
      if (type !== undefined && !(typeof type === 'string' && (DEFAULT_VALUE_TYPES as readonly string[]).includes(type))) {
        fail(errors, [...at, 'type'], MESSAGE_RULES.stringChoices, DEFAULT_VALUE_TYPES);
      }
    });
  }
  const channelTypes = field(component, 'channel_types');
  if (component.type === COMPONENT.CHANNEL_SELECT && !isAbsent(channelTypes)) {
    readListInRange(errors, channelTypes, [...path, 'channel_types'], 0, Number.MAX_SAFE_INTEGER)?.forEach((value, index) => {
      if (!(typeof value === 'number' && (CHANNEL_TYPES as readonly number[]).includes(value))) {
        fail(errors, [...path, 'channel_types', index], MESSAGES.choices, CHANNEL_TYPES);
      }
    });
  }
};
