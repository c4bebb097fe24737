/**
 * What renderMarkdown (the function the client's MessageText calls) drew, as a short outline
 * a table of cases can be read in: the kind of each element with its content in brackets
 * (`quote[…]`, `h1[…]`, `subtext[…]`, `codeblock[…]`, `a[…]`), a list as its items between
 * `|` (`ul[a|b]`, an ordered one with its first number: `ol@3[a|b]`), a line break as `\n`,
 * and text as it is. It reads React's elements, so it says which element, not which style.
 */
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { CodeBlock } from '../../../src/renderer/features/messages/markdown/code-block.js';
import type { MarkdownPlace } from '../../../src/renderer/features/messages/markdown/markdown-parse.js';
import { ExternalLink } from '../../../src/renderer/features/messages/markdown/markdown-parts.js';
import { renderMarkdown } from '../../../src/renderer/features/messages/markdown/markdown-render.js';
import { NAMES } from './render-markup.js';

interface OutlineProps {
  children?: ReactNode;
  start?: number;
  code?: string;
}

/** Element names in the outline, where they differ from the tag. */
const KINDS: Readonly<Record<string, string>> = { blockquote: 'quote', small: 'subtext' };

function list(element: ReactElement<OutlineProps>, tag: string): string {
  const items = Children.toArray(element.props.children)
    .map((item) => (isValidElement<OutlineProps>(item) ? outline(item.props.children) : ''));
  return `${tag}${tag === 'ol' ? `@${element.props.start}` : ''}[${items.join('|')}]`;
}

/** `node` as its outline. */
export function outline(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map((child: ReactNode) => outline(child)).join('');
  if (!isValidElement<OutlineProps>(node)) return '';
  const { type, props } = node;
  if (type === 'br') return '\n';
  if (type === 'ul' || type === 'ol') return list(node, type);
  if (type === CodeBlock) return `codeblock[${props.code ?? ''}]`;
  if (type === ExternalLink) return `a[${outline(props.children)}]`;
  const kind = typeof type === 'string' ? KINDS[type] ?? type : type.name;
  return `${kind}[${outline(props.children)}]`;
}

/** Markdown as the client renders it (in `place`: an embed field's value has no headings), outlined. */
export function rendered(markdown: string, place: MarkdownPlace = {}): string {
  return outline(renderMarkdown(markdown, { names: NAMES, locale: 'en-US', timeZone: 'UTC' }, place));
}
