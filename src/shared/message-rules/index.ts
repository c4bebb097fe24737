/**
 * The message rules, shared by the registry and the browser client: pure functions from
 * what a bot sends (a message, a modal) to checked fields or the service's 50035 tree.
 */
export { validateMessage, type MessageFields, type MessageRuleOptions } from './message.js';
export { validateModal, type ModalFields } from './modal.js';
export { COMPONENT } from './interactive-components.js';
export { COMPONENT_RULES, LEGACY_TOP_LEVEL, MODAL_TOP_LEVEL, V2_TOP_LEVEL } from './components.js';
export { COMPONENT_LIMITS, EMBED_LIMITS, MESSAGE_FLAGS, MESSAGE_LIMITS, MODAL_LIMITS, SETTABLE_FLAGS } from './limits.js';
export { MESSAGE_RULES } from './messages.js';
