/**
 * A modal (callback type 9, message-facts.md "Modals"): `custom_id` 1-100, `title` 1-45,
 * 1-5 components that are action rows of one text input, labels or text displays, their
 * custom ids unique in the modal.
 */
import { ErrorCollector, type FieldPath, type RuleResult } from '../command-rules/error-tree.js';
import { fail, MESSAGES } from '../command-rules/messages.js';
import { componentScope } from './component-scope.js';
import { componentChecker, MODAL_TOP_LEVEL } from './components.js';
import { isAbsent, isJsonObject, requiredList, requiredText } from './fields.js';
import { MODAL_LIMITS } from './limits.js';

export interface ModalFields {
  custom_id: string;
  title: string;
  components: unknown[];
}

/** Checks a modal's data at `at` (`['data']`). */
export function validateModal(input: unknown, at: FieldPath): RuleResult<ModalFields> {
  const errors = new ErrorCollector();
  if (isAbsent(input)) fail(errors, at, MESSAGES.required);
  else if (!isJsonObject(input)) fail(errors, at, MESSAGES.notObject);
  if (!isJsonObject(input)) return { ok: false, errors: errors.tree };
  const customId = requiredText(errors, input, 'custom_id', at, 1, MODAL_LIMITS.customId);
  const title = requiredText(errors, input, 'title', at, 1, MODAL_LIMITS.title);
  const components = requiredList(errors, input, 'components', at, 1, MODAL_LIMITS.components);
  if (components && components.length <= MODAL_LIMITS.components) {
    const check = componentChecker(componentScope(errors, 'modal'));
    components.forEach((component, index) => check(component, [...at, 'components', index], MODAL_TOP_LEVEL));
  }
  if (errors.failed || customId === undefined || title === undefined || !components) return { ok: false, errors: errors.tree };
  return { ok: true, value: { custom_id: customId, title, components: [...components] } };
}
