/**
 * A world schema's refusals as the service words them: a path, one of the service's
 * 50035 codes and a message. The world-file loader prints them as text and the registry
 * answers them as an error tree, so both say the same thing about the same field.
 */
import type { z } from 'zod';
import { MESSAGES } from './command-rules/messages.js';

/** One refusal: where, the service's code, and the words. */
export interface WorldIssue {
  path: Array<string | number>;
  code: string;
  message: string;
}

/** The service's words for a value of the wrong type, by the type zod expected. */
const TYPE_WORDS: Readonly<Record<string, { code: string; text: (input: unknown) => string }>> = {
  string: MESSAGES.notString,
  number: MESSAGES.notNumber,
  int: MESSAGES.notInteger,
  boolean: MESSAGES.notBoolean,
  array: MESSAGES.notList,
  object: MESSAGES.notObject,
  record: MESSAGES.notDictionary,
};

function bound(value: number | bigint): number {
  return Number(value);
}

/** One zod issue in the service's code and words; a message the schema wrote itself is kept. */
function serviceWords(issue: z.core.$ZodIssue | z.core.$ZodRawIssue): { code: string; message: string } {
  switch (issue.code) {
    case 'custom':
      return { code: typeof issue.params?.code === 'string' ? issue.params.code : 'BASE_TYPE_INVALID', message: issue.message ?? 'Invalid value.' };
    case 'invalid_type': {
      if (issue.input === undefined) return { code: MESSAGES.required.code, message: MESSAGES.required.text() };
      const words = TYPE_WORDS[issue.expected];
      return words ? { code: words.code, message: words.text(issue.input) } : { code: 'BASE_TYPE_INVALID', message: 'Invalid value.' };
    }
    case 'too_small':
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint'
        ? { code: MESSAGES.integerTooSmall.code, message: MESSAGES.integerTooSmall.text(bound(issue.minimum)) }
        : { code: 'BASE_TYPE_MIN_LENGTH', message: `Must be ${bound(issue.minimum)} or more in length.` };
    case 'too_big':
      return issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint'
        ? { code: MESSAGES.integerTooLarge.code, message: MESSAGES.integerTooLarge.text(bound(issue.maximum)) }
        : { code: MESSAGES.maxLength.code, message: MESSAGES.maxLength.text(bound(issue.maximum)) };
    case 'invalid_value':
      return { code: MESSAGES.choices.code, message: MESSAGES.choices.text(issue.values.filter((value) => typeof value === 'string' || typeof value === 'number')) };
    case 'invalid_format':
      return issue.format === 'url'
        ? { code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' }
        : { code: 'BASE_TYPE_INVALID', message: issue.message ?? 'Invalid value.' };
    default:
      return { code: 'BASE_TYPE_INVALID', message: issue.message ?? 'Invalid value.' };
  }
}

/**
 * Parse options for every world schema: the input kept on issues (to quote it), and the
 * service's words instead of zod's wherever the schema did not write its own message.
 */
export const WORLD_PARSE = {
  reportInput: true,
  // A custom issue keeps the words its schema gave it.
  error: (issue: z.core.$ZodRawIssue) => (issue.code === 'custom' ? undefined : serviceWords(issue).message),
} as const;

/** The issues of a failed parse (made with `WORLD_PARSE`), with the service's codes. */
export function worldIssues(error: z.ZodError): WorldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((key) => (typeof key === 'number' ? key : String(key)));
    return { path, ...serviceWords(issue) };
  });
}

/** A field path as the world file's messages print it: `guilds[0].roles[1].name`. */
export function formatWorldPath(path: ReadonlyArray<string | number>): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${key}`;
  return text || '(root)';
}
