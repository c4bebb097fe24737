/**
 * The components of modals (message-facts.md, "Components" and "Modals"): the text input
 * (style 1 or 2, label 45, lengths 0-4000 and 1-4000, value 4000, placeholder 100), the
 * label (label 45, description 100, one input) and the file upload (0-10 values).
 */
import { checkCustomId, type ComponentRule } from './component-scope.js';
import { field, isAbsent, optionalBoolean, optionalChoice, optionalInteger, optionalText, requirePresent, requiredText } from './fields.js';
import { COMPONENT, SELECT_TYPES } from './interactive-components.js';
import { COMPONENT_LIMITS } from './limits.js';

export const textInput: ComponentRule = (scope, component, path) => {
  const { errors } = scope;
  checkCustomId(scope, component, path);
  if (requirePresent(errors, component, 'style', path) !== undefined) optionalChoice(errors, component, 'style', path, [1, 2]);
  // In an action row the input carries its own label; inside a label component it has none of its own.
  const labelled = path.length >= 2 && path[path.length - 1] === 'component';
  if (labelled || !isAbsent(field(component, 'label'))) optionalText(errors, component, 'label', path, COMPONENT_LIMITS.textInputLabel);
  else requiredText(errors, component, 'label', path, 0, COMPONENT_LIMITS.textInputLabel);
  optionalInteger(errors, component, 'min_length', path, 0, COMPONENT_LIMITS.textInputLength);
  optionalInteger(errors, component, 'max_length', path, 1, COMPONENT_LIMITS.textInputLength);
  optionalText(errors, component, 'value', path, COMPONENT_LIMITS.textInputLength);
  optionalText(errors, component, 'placeholder', path, COMPONENT_LIMITS.textInputPlaceholder);
  optionalBoolean(errors, component, 'required', path);
};

export const label: ComponentRule = (scope, component, path, child) => {
  requiredText(scope.errors, component, 'label', path, 1, COMPONENT_LIMITS.labelText);
  optionalText(scope.errors, component, 'description', path, COMPONENT_LIMITS.labelDescription);
  const inner = requirePresent(scope.errors, component, 'component', path);
  if (inner !== undefined) child(inner, [...path, 'component'], [COMPONENT.TEXT_INPUT, ...SELECT_TYPES, COMPONENT.FILE_UPLOAD]);
};

export const fileUpload: ComponentRule = (scope, component, path) => {
  checkCustomId(scope, component, path);
  optionalInteger(scope.errors, component, 'min_values', path, 0, COMPONENT_LIMITS.fileUploadValues);
  optionalInteger(scope.errors, component, 'max_values', path, 1, COMPONENT_LIMITS.fileUploadValues);
  optionalBoolean(scope.errors, component, 'required', path);
};
