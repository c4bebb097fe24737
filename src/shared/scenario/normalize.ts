/**
 * An outcome made comparable across runs: ids that did not exist in the world (messages,
 * interactions, commands the bot registered anew) become `<id 1>`, `<id 2>`, ... by first
 * appearance, times become `<time>`, interaction tokens `<token>`, the registry's own
 * address `<registry>` and a file URL's key `<key>`. The world's ids stay (a mention of
 * bob is still bob), and so does the structure, so an answer that changed shows as the
 * field that changed.
 */
import type { Outcome } from './outcome.js';
import type { ExpectedOutcome } from './scenario-file.js';

const SNOWFLAKE_IN_TEXT = /\b\d{17,20}\b/g;
const SNOWFLAKE = /^\d{17,20}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const TOKEN = /aW50ZXJhY3Rpb246[\w:.-]+/g;
const LOOPBACK = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/g;
/** The random key of a file's URL (`?hm=`): a new one for each upload. */
const FILE_KEY = /([?&]hm=)[0-9a-f]+/g;

/** Normalizes the outcome of one step; `known` holds the world's ids, which stay as they are. */
export function normalizeOutcome(outcome: Outcome | ExpectedOutcome, known: ReadonlySet<string>): ExpectedOutcome {
  const placeholders = new Map<string, string>();
  const placeholder = (id: string) => {
    if (known.has(id)) return id;
    let name = placeholders.get(id);
    if (name === undefined) placeholders.set(id, (name = `<id ${placeholders.size + 1}>`));
    return name;
  };
  const text = (value: string): string => {
    if (ISO_TIME.test(value)) return '<time>';
    if (SNOWFLAKE.test(value)) return placeholder(value);
    return value.replace(TOKEN, '<token>').replace(LOOPBACK, '<registry>').replace(FILE_KEY, '$1<key>').replace(SNOWFLAKE_IN_TEXT, placeholder);
  };
  // Keys in order, so placeholders are numbered the same whatever order a message's fields came in.
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.keys(value).sort().map((key) => [key, walk((value as Record<string, unknown>)[key])]));
    }
    return value;
  };
  const { status, response_type, failure, reply, follow_ups, modal, choices } = outcome;
  return walk({ status, response_type, failure, reply, follow_ups, modal, choices }) as ExpectedOutcome;
}

/** Every id a world holds: what normalization keeps. */
export function worldIds(world: unknown): Set<string> {
  const ids = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string' && SNOWFLAKE.test(value)) ids.add(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(world);
  return ids;
}
