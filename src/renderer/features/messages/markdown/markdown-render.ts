/**
 * Message markdown as React elements, never as HTML: every text goes through React, which
 * escapes it, so `<img onerror>` in a message is the text it looks like. Each node of
 * markdown-parse.ts becomes the element the real client uses (headings, lists, quotes, code,
 * masked links, mentions by name from the world, timestamps in the reader's locale).
 */
import { createElement, Fragment, type ReactNode } from 'react';
import type { MentionNames } from '../mention-names.js';
import { CodeBlock } from './code-block.js';
import { parseMarkdown, type MarkdownNode, type MarkdownPlace } from './markdown-parse.js';
import { CustomEmoji, ExternalLink, safeHref, Spoiler, Timestamp } from './markdown-parts.js';

/** What rendering needs from the reader: the names of the place, the locale, and (tests) a time zone. */
export interface MarkdownReader {
  names: MentionNames;
  locale: string;
  timeZone?: string;
}

/** Nodes that are blocks of their own: the line break that follows one in the source is not a blank line. */
const BLOCKS: ReadonlySet<string> = new Set(['codeBlock', 'blockQuote', 'list', 'heading', 'subtext']);

/** Where `<id:customize>` and its kin lead, in the client's words. */
const NAVIGATION: Readonly<Record<string, string>> = {
  customize: 'Channels & Roles', browse: 'Browse Channels', guide: 'Server Guide', 'linked-roles': 'Linked Roles',
};

function mention(key: string, kind: string, text: string): ReactNode {
  return createElement('span', { key, className: 'mention', 'data-mention': kind }, text);
}

function children(content: unknown, reader: MarkdownReader, key: string): ReactNode {
  if (Array.isArray(content)) return renderNodes(content as MarkdownNode[], reader, key);
  return typeof content === 'string' ? content : null;
}

/** One node; `key` is its path in the tree. */
function renderNode(node: MarkdownNode, reader: MarkdownReader, key: string): ReactNode {
  const inner = () => children(node.content, reader, key);
  const { names } = reader;
  switch (node.type) {
    case 'text':
      return typeof node.content === 'string' ? node.content : null;
    case 'br':
      return createElement('br', { key });
    case 'strong':
      return createElement('strong', { key }, inner());
    case 'em':
      return createElement('em', { key }, inner());
    case 'underline':
      return createElement('u', { key }, inner());
    case 'strikethrough':
      return createElement('s', { key }, inner());
    case 'spoiler':
      return createElement(Spoiler, { key }, inner());
    case 'inlineCode':
      return createElement('code', { key, className: 'md-code' }, String(node.content ?? ''));
    case 'codeBlock':
      return createElement(CodeBlock, { key, code: String(node.content ?? ''), language: node.lang ? String(node.lang) : undefined });
    case 'blockQuote': {
      const content = Array.isArray(node.content) ? trimBreaks(node.content as MarkdownNode[]) : [];
      return createElement('blockquote', { key, className: 'md-quote' }, renderNodes(content, reader, key));
    }
    case 'heading':
      return createElement(`h${Math.min(3, Math.max(1, Number(node.level) || 1))}`, { key, className: 'md-heading' }, inner());
    case 'subtext':
      return createElement('small', { key, className: 'md-subtext' }, inner());
    case 'list':
      return createElement(node.ordered ? 'ol' : 'ul', { key, className: 'md-list', start: node.ordered ? node.start : undefined },
        (node.items as MarkdownNode[][]).map((item, index) => createElement('li', { key: index }, renderNodes(item, reader, `${key}.${index}`))));
    case 'link':
    case 'url':
    case 'autolink': {
      const href = safeHref(node.target);
      if (href === null) return createElement(Fragment, { key }, inner());
      return createElement(ExternalLink, { key, href, ...(node.type === 'link' ? { title: href } : {}) }, inner());
    }
    case 'user':
      return mention(key, 'user', `@${names.user(String(node.id)) ?? 'unknown-user'}`);
    case 'role':
      return mention(key, 'role', `@${names.role(String(node.id)) ?? 'unknown-role'}`);
    case 'channel':
      return mention(key, 'channel', `#${names.channel(String(node.id)) ?? 'unknown-channel'}`);
    case 'everyone':
      return mention(key, 'everyone', '@everyone');
    case 'here':
      return mention(key, 'here', '@here');
    case 'slashCommand':
      return mention(key, 'command', `/${String(node.fullName ?? node.name ?? '')}`);
    case 'guildNavigation':
      return mention(key, 'navigation', NAVIGATION[String(node.navigation)] ?? String(node.navigation));
    case 'emoji':
      return createElement(CustomEmoji, { key, id: String(node.id), name: String(node.name), animated: Boolean(node.animated) });
    case 'twemoji':
      return typeof node.name === 'string' ? node.name : null;
    case 'timestamp':
      return createElement(Timestamp, { key, seconds: Number(node.timestamp), style: node.format, locale: reader.locale, timeZone: reader.timeZone });
    default:
      return inner();
  }
}

/** A quote's own line breaks at its end are the quote's end, not blank lines in it. */
function trimBreaks(nodes: MarkdownNode[]): MarkdownNode[] {
  let end = nodes.length;
  while (end > 0 && nodes[end - 1]?.type === 'br') end -= 1;
  return nodes.slice(0, end);
}

/**
 * A list of nodes, leaving out the line break right after a block: a block ends its own
 * line, so that break would be an empty line. (One before a block ends the line before it,
 * as a break at the end of a line does: it adds nothing.)
 */
export function renderNodes(nodes: readonly MarkdownNode[], reader: MarkdownReader, key = 'm'): ReactNode[] {
  return nodes.flatMap((node, index) => {
    if (node.type === 'br' && BLOCKS.has(nodes[index - 1]?.type ?? '')) return [];
    return [renderNode(node, reader, `${key}.${index}`)];
  });
}

/** Markdown text as the elements the real client shows (in `place`: an embed field's value has no headings). */
export function renderMarkdown(text: string, reader: MarkdownReader, place: MarkdownPlace = {}): ReactNode[] {
  return renderNodes(parseMarkdown(text, place), reader);
}
