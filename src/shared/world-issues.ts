/**
 * A world schema's refusals as the service words them: a path, one of the service's
 * 50035 codes and a message. The world-file loader prints them as text and the registry
 * answers them as an error tree, so both say the same thing about the same field.
 */
import type { z } from 'zod';

/** One refusal: where, the service's code, and the words. */
export interface WorldIssue {
  path: Array<string | number>;
  code: string;
  message: string;
}

const TYPE_CODES: Readonly<Record<string, string>> = {
  string: 'STRING_TYPE_CONVERT',
  number: 'NUMBER_TYPE_COERCE',
  int: 'NUMBER_TYPE_COERCE',
  boolean: 'BOOLEAN_TYPE_CONVERT',
  array: 'LIST_TYPE_CONVERT',
  object: 'MODEL_TYPE_CONVERT',
  record: 'DICT_TYPE_CONVERT',
};

/** The service's code for one zod issue: its own `params.code`, else by kind. */
function codeOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'custom':
      return typeof issue.params?.code === 'string' ? issue.params.code : 'BASE_TYPE_INVALID';
    case 'invalid_type':
      return TYPE_CODES[issue.expected] ?? 'BASE_TYPE_INVALID';
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'int' ? 'NUMBER_TYPE_MIN' : 'BASE_TYPE_BAD_LENGTH';
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'int' ? 'NUMBER_TYPE_MAX' : 'BASE_TYPE_BAD_LENGTH';
    case 'invalid_value':
      return 'BASE_TYPE_CHOICES';
    case 'invalid_format':
      return issue.format === 'url' ? 'URL_TYPE_INVALID_URL' : 'BASE_TYPE_INVALID';
    default:
      return 'BASE_TYPE_INVALID';
  }
}

/** The issues of a failed parse (made with `reportInput: true`), missing fields as the service's "required". */
export function worldIssues(error: z.ZodError): WorldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
    if (issue.code === 'invalid_type' && issue.input === undefined) {
      return { path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' };
    }
    return { path, code: codeOf(issue), message: issue.message };
  });
}

/** A field path as the world file's messages print it: `guilds[0].roles[1].name`. */
export function formatWorldPath(path: ReadonlyArray<string | number>): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${key}`;
  return text || '(root)';
}
