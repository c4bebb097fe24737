/**
 * The Components V2 layout types (message-facts.md, "Components"): section (1-3 text
 * displays and a thumbnail or button accessory), text display, thumbnail, media gallery
 * (1-10 items), file (an `attachment://` url), separator, container.
 */
import type { FieldPath } from '../command-rules/error-tree.js';
import { codePointLength } from '../command-rules/field-types.js';
import { fail } from '../command-rules/messages.js';
import type { ComponentRule, ComponentScope } from './component-scope.js';
import {
  field, isAbsent, optionalBoolean, optionalChoice, optionalInteger, optionalText, readObject, requiredList, requiredText, requirePresent,
  type JsonObject,
} from './fields.js';
import { COMPONENT } from './interactive-components.js';
import { COMPONENT_LIMITS } from './limits.js';
import { MESSAGE_RULES } from './messages.js';

/** What a container may hold: the V2 top-level types but another container. */
export const CONTAINER_CHILDREN: readonly number[] = [
  COMPONENT.ACTION_ROW, COMPONENT.SECTION, COMPONENT.TEXT_DISPLAY, COMPONENT.MEDIA_GALLERY, COMPONENT.FILE, COMPONENT.SEPARATOR,
];

/** An unfurled media item `{url}` under `key`, its url required; answers the url when it is a string. */
function media(scope: ComponentScope, object: JsonObject, key: string, path: FieldPath): string | undefined {
  const value = requirePresent(scope.errors, object, key, path);
  if (value === undefined) return undefined;
  const item = readObject(scope.errors, value, [...path, key]);
  if (!item || requirePresent(scope.errors, item, 'url', [...path, key]) === undefined) return undefined;
  return optionalText(scope.errors, item, 'url', [...path, key], Number.MAX_SAFE_INTEGER);
}

export const section: ComponentRule = (scope, component, path, child) => {
  requiredList(scope.errors, component, 'components', path, 1, COMPONENT_LIMITS.sectionTexts)?.forEach((value, index) => {
    child(value, [...path, 'components', index], [COMPONENT.TEXT_DISPLAY]);
  });
  const accessory = requirePresent(scope.errors, component, 'accessory', path);
  if (accessory !== undefined) child(accessory, [...path, 'accessory'], [COMPONENT.BUTTON, COMPONENT.THUMBNAIL]);
};

export const textDisplay: ComponentRule = (scope, component, path) => {
  const content = requiredText(scope.errors, component, 'content', path, 0, Number.MAX_SAFE_INTEGER);
  if (content !== undefined) scope.textLength += codePointLength(content);
};

export const thumbnail: ComponentRule = (scope, component, path) => {
  media(scope, component, 'media', path);
  optionalText(scope.errors, component, 'description', path, COMPONENT_LIMITS.mediaDescription);
  optionalBoolean(scope.errors, component, 'spoiler', path);
};

export const mediaGallery: ComponentRule = (scope, component, path) => {
  requiredList(scope.errors, component, 'items', path, 1, COMPONENT_LIMITS.galleryItems)?.forEach((value, index) => {
    const at = [...path, 'items', index];
    const item = readObject(scope.errors, value, at);
    if (!item) return;
    media(scope, item, 'media', at);
    optionalText(scope.errors, item, 'description', at, COMPONENT_LIMITS.mediaDescription);
    optionalBoolean(scope.errors, item, 'spoiler', at);
  });
};

export const file: ComponentRule = (scope, component, path) => {
  const url = media(scope, component, 'file', path);
  if (url !== undefined && !url.startsWith('attachment://')) fail(scope.errors, [...path, 'file', 'url'], MESSAGE_RULES.fileUrl);
  optionalBoolean(scope.errors, component, 'spoiler', path);
};

export const separator: ComponentRule = (scope, component, path) => {
  optionalBoolean(scope.errors, component, 'divider', path);
  optionalChoice(scope.errors, component, 'spacing', path, [1, 2]);
};

export const container: ComponentRule = (scope, component, path, child) => {
  requiredList(scope.errors, component, 'components', path, 0, Number.MAX_SAFE_INTEGER)?.forEach((value, index) => {
    child(value, [...path, 'components', index], CONTAINER_CHILDREN);
  });
  // `accent_color` may be null (no colour), so absent and null are both fine.
  if (!isAbsent(field(component, 'accent_color'))) optionalInteger(scope.errors, component, 'accent_color', path, 0, COMPONENT_LIMITS.colorMax);
  optionalBoolean(scope.errors, component, 'spoiler', path);
};
