/**
 * The rule table of components, one rule per type, and the walk that applies it: every
 * component is an object whose `type` its place allows (UNION_TYPE_CHOICES otherwise), with
 * an optional unique `id`; the type's rule checks the rest and walks its children.
 */
import type { FieldPath } from '../command-rules/error-tree.js';
import { fail, MESSAGES } from '../command-rules/messages.js';
import { checkComponentId, type CheckChild, type ComponentRule, type ComponentScope } from './component-scope.js';
import { field, isAbsent, readObject } from './fields.js';
import { actionRow, button, COMPONENT, entitySelect, stringSelect } from './interactive-components.js';
import { container, CONTAINER_CHILDREN, file, mediaGallery, section, separator, textDisplay, thumbnail } from './layout-components.js';
import { MESSAGE_RULES } from './messages.js';
import { fileUpload, label, textInput } from './modal-components.js';

export const COMPONENT_RULES: Readonly<Record<number, ComponentRule>> = {
  [COMPONENT.ACTION_ROW]: actionRow,
  [COMPONENT.BUTTON]: button,
  [COMPONENT.STRING_SELECT]: stringSelect,
  [COMPONENT.TEXT_INPUT]: textInput,
  [COMPONENT.USER_SELECT]: entitySelect,
  [COMPONENT.ROLE_SELECT]: entitySelect,
  [COMPONENT.MENTIONABLE_SELECT]: entitySelect,
  [COMPONENT.CHANNEL_SELECT]: entitySelect,
  [COMPONENT.SECTION]: section,
  [COMPONENT.TEXT_DISPLAY]: textDisplay,
  [COMPONENT.THUMBNAIL]: thumbnail,
  [COMPONENT.MEDIA_GALLERY]: mediaGallery,
  [COMPONENT.FILE]: file,
  [COMPONENT.SEPARATOR]: separator,
  [COMPONENT.CONTAINER]: container,
  [COMPONENT.LABEL]: label,
  [COMPONENT.FILE_UPLOAD]: fileUpload,
};

/** The top level of a message without the V2 flag: action rows only. */
export const LEGACY_TOP_LEVEL: readonly number[] = [COMPONENT.ACTION_ROW];
/** The top level of a Components V2 message: action rows and the layout types. */
export const V2_TOP_LEVEL: readonly number[] = [...CONTAINER_CHILDREN, COMPONENT.CONTAINER].sort((a, b) => a - b);
/** The top level of a modal: action rows (of one text input), labels and text displays. */
export const MODAL_TOP_LEVEL: readonly number[] = [COMPONENT.ACTION_ROW, COMPONENT.TEXT_DISPLAY, COMPONENT.LABEL];

/** The dispatcher for one scope: checks `value` at `path` as one of `allowed`, then its own rule. */
export function componentChecker(scope: ComponentScope): CheckChild {
  const check: CheckChild = (value, path: FieldPath, allowed) => {
    const component = readObject(scope.errors, value, path);
    if (!component) return;
    scope.count += 1;
    const type = field(component, 'type');
    if (isAbsent(type)) return void fail(scope.errors, [...path, 'type'], MESSAGES.required);
    if (typeof type !== 'number' || !allowed.includes(type)) return void fail(scope.errors, path, MESSAGE_RULES.componentType, allowed);
    checkComponentId(scope, component, path);
    COMPONENT_RULES[type]?.(scope, component, path, check);
  };
  return check;
}
