/**
 * Renders client markup to a string in Node (react-dom/server), for tests of what the
 * client shows: message markdown with a place's names, a locale, a pinned clock and time zone.
 */
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MarkdownPlace } from '../../../src/renderer/features/messages/markdown/markdown-parse.js';
import { renderMarkdown } from '../../../src/renderer/features/messages/markdown/markdown-render.js';
import type { MentionNames } from '../../../src/renderer/features/messages/mention-names.js';
import { NowContext } from '../../../src/renderer/features/messages/now-context.js';

/** The names of a small place: alice and bob, the Mods role, #general. */
export const NAMES: MentionNames = {
  user: (id) => ({ '100000000000000001': 'Alice', '100000000000000002': 'bob' })[id],
  role: (id) => ({ '200000000000000001': 'Mods' })[id],
  channel: (id) => ({ '300000000000000001': 'general' })[id],
};

/** 2018-11-28T08:01:00Z, the time the public docs use in their timestamp examples. */
export const DOCS_TIME = 1_543_392_060;

export interface MarkupOptions {
  locale?: string;
  now?: number;
  names?: MentionNames;
  /** Where the text is: `{ headings: false }` is an embed field's value. */
  place?: MarkdownPlace;
}

/** `node` as static HTML, with the clock at `now`. */
export function markup(node: ReactNode, now = DOCS_TIME * 1000): string {
  return renderToStaticMarkup(createElement(NowContext.Provider, { value: now }, node));
}

/** Markdown as the client renders it, in UTC, as static HTML (wrapped in nothing). */
export function markdown(text: string, options: MarkupOptions = {}): string {
  const reader = { names: options.names ?? NAMES, locale: options.locale ?? 'en-US', timeZone: 'UTC' };
  // Intl puts a narrow no-break space before AM/PM in some ICU versions; the test reads it as a space.
  return markup(renderMarkdown(text, reader, options.place), options.now).replace(/\u202f/g, ' ');
}
