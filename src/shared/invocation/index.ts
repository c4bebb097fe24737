/**
 * The rules of an invocation, shared by the registry (before it delivers an interaction)
 * and the browser client (before it sends one, and to build its picker and options form):
 * pure functions from a definition and `data` to a normalized invocation or an error tree.
 */
export { validateInvocation } from './invocation.js';
export { invocablePaths, leafOptions, hasSubcommands, isBranchOption } from './paths.js';
export {
  describeOptionType,
  describeCommandType,
  describeChannelType,
  formatCommandPath,
  joinAlternatives,
  phraseOptionType,
} from './descriptions.js';
export { INVOCATION_MESSAGES } from './messages.js';
export { STRING_VALUE_MAX } from './scalar-values.js';
export type {
  Invocation,
  InvocationContext,
  InvocationKind,
  InvocationLookup,
  InvocationOption,
  InvocationReferences,
  InvocationValue,
} from './types.js';
