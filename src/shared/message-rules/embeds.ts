/**
 * Embeds (message-facts.md, "Limits"): at most 10; in each, title 256, description 4096,
 * 25 fields (name 256, value 1024, both required), footer text 2048, author name 256; and
 * the sum of those texts over every embed of the message at most 6000, refused at
 * `embeds._errors` as the service does.
 */
import type { ErrorCollector, FieldPath } from '../command-rules/error-tree.js';
import { codePointLength } from '../command-rules/field-types.js';
import { fail, MESSAGES } from '../command-rules/messages.js';
import {
  field, isAbsent, optionalBoolean, optionalInteger, optionalText, readListInRange, readObject, requirePresent, type JsonObject,
} from './fields.js';
import { EMBED_LIMITS, MESSAGE_LIMITS } from './limits.js';
import { MESSAGE_RULES } from './messages.js';

/** The counted texts of one embed that are strings, whatever their own limits say. */
function countedLength(embed: JsonObject): number {
  const text = (value: unknown) => (typeof value === 'string' ? codePointLength(value) : 0);
  const inner = (value: unknown, key: string) => (typeof value === 'object' && value !== null ? text((value as Record<string, unknown>)[key]) : 0);
  let total = text(field(embed, 'title')) + text(field(embed, 'description'));
  total += inner(field(embed, 'footer'), 'text') + inner(field(embed, 'author'), 'name');
  const fields = field(embed, 'fields');
  if (Array.isArray(fields)) for (const entry of fields) total += inner(entry, 'name') + inner(entry, 'value');
  return total;
}

/** A text that must be given and non-empty (the service reads "" as missing), of at most `max`. */
function requiredNonEmpty(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath, max: number): void {
  const value = field(object, key);
  if (value === '') return void fail(errors, [...path, key], MESSAGES.required);
  if (requirePresent(errors, object, key, path) !== undefined) optionalText(errors, object, key, path, max);
}

/** An optional string field (urls, timestamps): type only, the facts give no other rule. */
function optionalString(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath): void {
  optionalText(errors, object, key, path, Number.MAX_SAFE_INTEGER);
}

/** An optional sub-object (`footer`, `image`, ...) checked by `check` when it is an object. */
function optionalPart(errors: ErrorCollector, object: JsonObject, key: string, path: FieldPath, check: (part: JsonObject, at: FieldPath) => void): void {
  const value = field(object, key);
  if (isAbsent(value)) return;
  const part = readObject(errors, value, [...path, key]);
  if (part) check(part, [...path, key]);
}

function checkEmbed(errors: ErrorCollector, value: unknown, path: FieldPath): void {
  const embed = readObject(errors, value, path);
  if (!embed) return;
  optionalText(errors, embed, 'title', path, EMBED_LIMITS.title);
  optionalText(errors, embed, 'description', path, EMBED_LIMITS.description);
  optionalString(errors, embed, 'url', path);
  optionalString(errors, embed, 'timestamp', path);
  // The facts give no range for an embed's colour: its type only.
  optionalInteger(errors, embed, 'color', path, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  optionalPart(errors, embed, 'footer', path, (footer, at) => {
    requiredNonEmpty(errors, footer, 'text', at, EMBED_LIMITS.footerText);
    optionalString(errors, footer, 'icon_url', at);
  });
  optionalPart(errors, embed, 'author', path, (author, at) => {
    requiredNonEmpty(errors, author, 'name', at, EMBED_LIMITS.authorName);
    optionalString(errors, author, 'url', at);
    optionalString(errors, author, 'icon_url', at);
  });
  for (const key of ['image', 'thumbnail'] as const) {
    optionalPart(errors, embed, key, path, (media, at) => {
      if (requirePresent(errors, media, 'url', at) !== undefined) optionalString(errors, media, 'url', at);
    });
  }
  const fields = field(embed, 'fields');
  if (isAbsent(fields)) return;
  readListInRange(errors, fields, [...path, 'fields'], 0, EMBED_LIMITS.fields)?.forEach((entry, index) => {
    const at = [...path, 'fields', index];
    const object = readObject(errors, entry, at);
    if (!object) return;
    requiredNonEmpty(errors, object, 'name', at, EMBED_LIMITS.fieldName);
    requiredNonEmpty(errors, object, 'value', at, EMBED_LIMITS.fieldValue);
    optionalBoolean(errors, object, 'inline', at);
  });
}

/** Checks `embeds` at `path` (e.g. ['data', 'embeds']); answers the list when it is one. */
export function checkEmbeds(errors: ErrorCollector, value: unknown, path: FieldPath): readonly unknown[] | undefined {
  const embeds = readListInRange(errors, value, path, 0, MESSAGE_LIMITS.embeds);
  if (!embeds || embeds.length > MESSAGE_LIMITS.embeds) return undefined;
  embeds.forEach((embed, index) => checkEmbed(errors, embed, [...path, index]));
  const total = embeds.reduce<number>((sum, embed) => sum + (typeof embed === 'object' && embed !== null ? countedLength(embed as JsonObject) : 0), 0);
  if (total > EMBED_LIMITS.total) fail(errors, path, MESSAGE_RULES.embedSize, EMBED_LIMITS.total);
  return embeds;
}
