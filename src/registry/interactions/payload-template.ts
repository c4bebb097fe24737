/**
 * An invocation's payload made from the last one's: the same person, in the same language,
 * sending the same checked command data with the same standing (the read cache keeps the
 * standing, frozen, until anything it was made of changes, read-cache.ts) gets the same
 * payload but for its id, its token and the channel's newest message. The first is made
 * with markers in those three places and kept, its text cut at them; the next ones are that
 * object with the three put in, and that text with them spliced in: 30-35 µs less of each
 * invocation's way to the app, its encoding (21-25 µs) most of it (docs/benchmarks.md).
 */
import type { StoredInteractionMetadata } from '../domain/interaction-metadata.js';
import { rememberEncoding } from '../domain/encoded-once.js';
import { randomText } from '../store/secrets.js';
import { deepFreeze } from '../domain/deep-freeze.js';
import { withLastMessage } from './payload-facts.js';

/** What a payload is made of besides its holes, compared part by part by identity: kept (frozen) answers and plain values. */
export type TemplateKey = readonly unknown[];

/** The values a payload from a template differs by. */
export interface Holes {
  id: string;
  token: string;
  /** The channel's newest message (a channel without one, a category, leaves it out). */
  lastMessageId: string | null;
}

/** A payload, and the metadata of the messages its interaction sends (`id` is its only hole). */
export interface Made {
  payload: Record<string, unknown>;
  metadata: StoredInteractionMetadata;
}

interface Template {
  key: TemplateKey;
  /** Made with the markers, frozen: every payload from it shares what it does not replace. */
  made: Made;
  /** The payload's text cut at the holes: text, a hole's name, text, ... */
  pieces: string[];
}

const templates = new WeakMap<object, Template>();

/** The payload for `holes` from the template kept under `owner`, if it was made for the same `key`. */
export function fromTemplate(owner: object, key: TemplateKey, holes: Holes): Made | undefined {
  const template = templates.get(owner);
  return template && sameKey(template.key, key) ? fill(template, holes) : undefined;
}

/**
 * A template made by `make`, kept under `owner` for `key` (instead of any other), and the
 * payload for `holes` from it; `make`'s own for `holes` if its text cannot be cut. `make`
 * must use the holes only as the payload's `id`, `token` and `channel.last_message_id`
 * and the metadata's `id`.
 */
export async function newTemplate(owner: object, key: TemplateKey, holes: Holes, make: (holes: Holes) => Promise<Made>): Promise<Made> {
  const template = await cut(key, make);
  if (!template) return await make(holes);
  templates.set(owner, template);
  return fill(template, holes);
}

function sameKey(kept: TemplateKey, key: TemplateKey): boolean {
  return kept.length === key.length && kept.every((part, index) => part === key[index]);
}

/** `make`'s payload with markers for the holes, its text cut at them; undefined unless each comes out once (the newest message at most once). */
async function cut(key: TemplateKey, make: (holes: Holes) => Promise<Made>): Promise<Template | undefined> {
  // Random, so that no text of the invocation (an option's value) can hold one.
  const marker = `${randomText(12)}:`;
  const made = await make({ id: `${marker}id`, token: `${marker}token`, lastMessageId: `${marker}last` });
  const pieces = JSON.stringify(made.payload).split(new RegExp(`"${marker}(id|token|last)"`));
  const holes = pieces.filter((_, index) => index % 2 === 1);
  const count = (name: string) => holes.filter((hole) => hole === name).length;
  if (count('id') !== 1 || count('token') !== 1 || count('last') > 1) return undefined;
  return { key, made: deepFreeze(made), pieces };
}

/** The template's payload and metadata with `holes` put in, the payload's text remembered as its encoding. */
function fill(template: Template, holes: Holes): Made {
  const { payload, metadata } = template.made;
  const filled = {
    ...payload, id: holes.id, token: holes.token, channel: withLastMessage(payload.channel as Record<string, unknown>, holes.lastMessageId),
  };
  const values: Record<string, string> = { id: JSON.stringify(holes.id), token: JSON.stringify(holes.token), last: JSON.stringify(holes.lastMessageId) };
  let text = '';
  for (let index = 0; index < template.pieces.length; index++) {
    const piece = template.pieces[index] as string;
    text += index % 2 === 0 ? piece : values[piece];
  }
  rememberEncoding(filled, text);
  return { payload: filled, metadata: { ...metadata, id: holes.id } };
}
