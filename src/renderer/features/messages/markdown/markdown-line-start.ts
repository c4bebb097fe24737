/**
 * Headings and subtext, which the real client draws only at the start of a line: the first
 * line of a message or of a quote, or any line after a line break, whatever block (a quote,
 * a list, a code block) ended on the line before. discord-markdown-parser's own rules read
 * "the line before ended" from the last group of the previous capture rather than from its
 * text, so after a one-line `> quote` (whose last group is empty) they left `# Big heading`
 * as text. Here the test is the previous capture's text, which simple-markdown hands to
 * every rule.
 *
 * What else the client does (LyricLy/parse-discord, tested against the client): no
 * heading in a list item (`- # a` is the text `# a`), and a heading or subtext whose text
 * starts with its own marker again (`# # a`, `-# -# a`) is text.
 */
import { libraryRule, type Rule } from './markdown-rule.js';

/** `#` to `###`, at least one space, then the heading's text (not `####`, not `#text`). */
const HEADING = /^(#{1,3}) +(?!#)([^\n]+?)(\n|$)/;

/** `-#`, at least one space, then the small print. */
const SUBTEXT = /^-# +(?!-#)([^\n]+?)(\n|$)/;

/** Whether the text before the match ended a line (or there is none: the first line). */
function atLineStart(previous: string): boolean {
  return previous === '' || previous.endsWith('\n');
}

export const heading: Rule = {
  ...libraryRule('heading'),
  match: (source, state, previous) => (atLineStart(previous) && !state._list ? HEADING.exec(source) : null),
};

export const subtext: Rule = {
  ...libraryRule('subtext'),
  match: (source, _state, previous) => (atLineStart(previous) ? SUBTEXT.exec(source) : null),
};
