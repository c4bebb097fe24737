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

const parser = SimpleMarkdown.parserFor({ ...rulesExtended, heading, subtext, list });

/** The syntax tree of a message's (or an embed's, or a text display's) markdown. */
export function parseMarkdown(text: string): MarkdownNode[] {
  return parser(text, { inline: true });
}
