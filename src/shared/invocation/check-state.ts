/**
 * What every step of one invocation check shares: the kind of request, the caller's
 * lookup, and the collectors of refusals and of ids to resolve.
 */
import type { ErrorCollector } from '../command-rules/error-tree.js';
import type { ReferenceCollector } from './references.js';
import type { InvocationKind, InvocationLookup } from './types.js';

/** Passed down the walk so each rule records into the same trees. */
export interface CheckState {
  kind: InvocationKind;
  lookup: InvocationLookup;
  errors: ErrorCollector;
  references: ReferenceCollector;
}
