/**
 * Where each refusal of the shared invocation check belongs in the options form: errors
 * under a leaf option's index go beside that field, "`x` is required." beside `x`, and
 * everything else above the form. The messages are shown as the check wrote them.
 */
import type { ErrorTree } from '../../../shared/command-rules/error-tree.js';
import { INVOCATION_MESSAGES } from '../../../shared/invocation/index.js';
import type { BuiltData } from './invocation-data.js';

export interface FormErrors {
  byOption: Record<string, string[]>;
  general: string[];
}

/** Every message in a tree, depth first. */
export function treeMessages(tree: ErrorTree | undefined): string[] {
  if (!tree) return [];
  const messages = (tree._errors ?? []).map((error) => error.message);
  for (const [key, branch] of Object.entries(tree)) {
    if (key !== '_errors' && branch && !Array.isArray(branch)) messages.push(...treeMessages(branch));
  }
  return messages;
}

function child(tree: ErrorTree | undefined, key: string | number): ErrorTree | undefined {
  const branch = tree?.[String(key)];
  return branch && !Array.isArray(branch) ? branch : undefined;
}

/** Splits an error tree of `data` (as validateInvocation or the registry's 50035 `errors.data` answer it). */
export function formErrors(tree: ErrorTree, built: BuiltData): FormErrors {
  const result: FormErrors = { byOption: {}, general: [] };
  const add = (name: string, messages: string[]) => {
    if (messages.length > 0) (result.byOption[name] ??= []).push(...messages);
  };
  // Walk down to the leaf list, keeping what sits beside the path as general errors.
  let node: ErrorTree | undefined = tree;
  const general: string[] = [];
  for (const key of built.leafPath) {
    if (!node) break;
    general.push(...(node._errors ?? []).map((error) => error.message));
    for (const [other, branch] of Object.entries(node)) {
      if (other !== '_errors' && other !== String(key) && branch && !Array.isArray(branch)) general.push(...treeMessages(branch));
    }
    node = child(node, key);
  }
  if (node) {
    for (const error of node._errors ?? []) {
      const required = built.definitions.find((option) => INVOCATION_MESSAGES.optionRequired.text(option.name) === error.message);
      if (required) add(required.name, [error.message]);
      else general.push(error.message);
    }
    for (const [key, branch] of Object.entries(node)) {
      if (key === '_errors' || !branch || Array.isArray(branch)) continue;
      const name = built.names[Number(key)];
      if (name === undefined) general.push(...treeMessages(branch));
      else add(name, treeMessages(branch));
    }
  }
  result.general = general;
  return result;
}

/** Whether there is anything to show. */
export function hasFormErrors(errors: FormErrors): boolean {
  return errors.general.length > 0 || Object.keys(errors.byOption).length > 0;
}
