/**
 * Request bodies: JSON only, refused before parsing past the route's size limit or past a
 * nesting depth, and a body that is not JSON answered with the service's 50109 rather than
 * a generic 400.
 */
import type { FastifyInstance } from 'fastify';
import { ServiceError } from './service-error.js';

/** The default limit for one command or a small object; bulk routes raise it per route. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/**
 * The deepest nesting of arrays and objects a body may have. The deepest real body (a
 * command with groups, subcommands, choices and localizations, a components V2 message) is
 * about a dozen levels; a document nested thousands deep is refused before it is parsed, so
 * no code after the parser (validators, the error tree, the inspector's copy of the body
 * sent over the gateway) ever walks it, and nothing recursive can run out of stack.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * Whether `text` nests arrays and objects deeper than `limit`, in one pass; brackets inside
 * strings do not count. Outside strings it reads each character; a string it skips whole,
 * quote to quote (a native search): on a 31 MiB bulk overwrite, half the time of reading
 * every character.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) index = closingQuote(text, index);
    else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth++;
      if (depth > limit) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) depth--;
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** The quote closing the string opened at `opening`; the text's end if it never closes. */
function closingQuote(text: string, opening: number): number {
  for (let quote = text.indexOf('"', opening + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    // A quote after an odd run of backslashes is escaped; after an even one, they escape each other.
    let backslashes = 0;
    while (text.charCodeAt(quote - backslashes - 1) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return text.length;
}

/** A JSON body's value; throws the service's 50109 for one that is not JSON or nests too deep. */
export function parseJsonBody(text: string): unknown {
  // No body at all is no body (clients send the header on body-less DELETEs); blanks are not JSON.
  if (text.length === 0) return undefined;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new ServiceError('invalidJson');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError('invalidJson');
  }
}

export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as ServiceError, undefined);
    }
  });
  // Any other content type is not JSON to the service.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    const bytes = body as Buffer;
    done(bytes.length === 0 ? null : new ServiceError('invalidJson'), undefined);
  });
}
