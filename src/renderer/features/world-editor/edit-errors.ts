/**
 * Refusals of a world edit as the editor shows them: the service's 50035 error tree (from
 * the registry) or the shared schemas' issues (checked before sending) become messages
 * beside the form's fields, each with the service's code; anything no field claims (a
 * path parameter, another error code) goes above the form.
 */
import type { ErrorTree } from '../../../shared/command-rules/error-tree.js';
import { formatWorldPath, type WorldIssue } from '../../../shared/world-issues.js';
import type { ServiceErrorBody } from '../../api/wire-types.js';

/** One message as shown: the words and the service's code. */
export interface ShownError {
  message: string;
  code: string;
}

export interface EditErrors {
  /** By the form field the first key of the path names. */
  fields: Record<string, ShownError[]>;
  general: ShownError[];
}

export const NO_ERRORS: EditErrors = { fields: {}, general: [] };

/** Every error of a tree with its path, depth first. */
export function treeIssues(tree: ErrorTree, prefix: ReadonlyArray<string | number> = []): WorldIssue[] {
  const issues: WorldIssue[] = (tree._errors ?? []).map((error) => ({ path: [...prefix], code: error.code, message: error.message }));
  for (const [key, branch] of Object.entries(tree)) {
    if (key === '_errors' || !branch || Array.isArray(branch)) continue;
    issues.push(...treeIssues(branch, [...prefix, /^\d+$/.test(key) ? Number(key) : key]));
  }
  return issues;
}

/**
 * Issues placed by the form's `fields`: under the path's first key when the form has that
 * field (a deeper path is named in the message, e.g. `roles[0]: unknown role "1"`), else above it.
 */
export function editErrors(issues: readonly WorldIssue[], fields: readonly string[]): EditErrors {
  const result: EditErrors = { fields: {}, general: [] };
  for (const issue of issues) {
    const [first] = issue.path;
    const deeper = issue.path.length > 1 || (issue.path.length === 1 && typeof first === 'string' && !fields.includes(first));
    const shown = { code: issue.code, message: deeper ? `${formatWorldPath(issue.path)}: ${issue.message}` : issue.message };
    if (typeof first === 'string' && fields.includes(first)) (result.fields[first] ??= []).push(shown);
    else result.general.push(shown);
  }
  return result;
}

/** A refused request's body: its 50035 tree placed by field, or its message and code above the form. */
export function answerErrors(error: ServiceErrorBody, fields: readonly string[]): EditErrors {
  if (error.errors) return editErrors(treeIssues(error.errors), fields);
  return { fields: {}, general: [{ message: error.message, code: String(error.code) }] };
}

/** Whether there is anything to show. */
export function hasErrors(errors: EditErrors | undefined): boolean {
  return errors !== undefined && (errors.general.length > 0 || Object.keys(errors.fields).length > 0);
}
