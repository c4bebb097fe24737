/**
 * Message markdown parsed as the real client parses it: discord-markdown-parser's rules (the
 * simple-markdown rules Discord's clients are built on) with masked links, which the client
 * shows in every message today (the library keeps them for webhooks and embeds), and lists,
 * which the library leaves out (markdown-list.ts).
 */
import { SimpleMarkdown, rulesExtended } from 'discord-markdown-parser';
import { list } from './markdown-list.js';

/** One node of the syntax tree (`type` names its rule). */
export type MarkdownNode = ReturnType<ReturnType<typeof SimpleMarkdown.parserFor>>[number];

const parser = SimpleMarkdown.parserFor({ ...rulesExtended, list });

/** The syntax tree of a message's (or an embed's, or a text display's) markdown. */
export function parseMarkdown(text: string): MarkdownNode[] {
  return parser(text, { inline: true });
}
