/**
 * Message markdown parsed as the real client parses it: discord-markdown-parser's rules (the
 * simple-markdown rules Discord's clients are built on) with masked links, which the client
 * shows in every message today (the library keeps them for webhooks and embeds), lists,
 * which the library leaves out (markdown-list.ts), and headings and subtext at the start of
 * any line, after a quote too (markdown-line-start.ts).
 */
import { SimpleMarkdown, rulesExtended } from 'discord-markdown-parser';
import { heading, subtext } from './markdown-line-start.js';
import { list } from './markdown-list.js';

/** One node of the syntax tree (`type` names its rule). */
export type MarkdownNode = ReturnType<ReturnType<typeof SimpleMarkdown.parserFor>>[number];

/** Where the text is shown: an embed field's value draws no headings (discord/discord-api-docs#7167). */
export interface MarkdownPlace {
  headings?: boolean;
}

const rules = { ...rulesExtended, heading, subtext, list };
const rulesWithoutHeadings = Object.fromEntries(Object.entries(rules).filter(([name]) => name !== 'heading'));

const parser = SimpleMarkdown.parserFor(rules);
const parserWithoutHeadings = SimpleMarkdown.parserFor(rulesWithoutHeadings);

/** The syntax tree of a message's (or an embed's, or a text display's) markdown. */
export function parseMarkdown(text: string, place: MarkdownPlace = {}): MarkdownNode[] {
  return (place.headings === false ? parserWithoutHeadings : parser)(text, { inline: true });
}
