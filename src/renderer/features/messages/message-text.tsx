/**
 * Markdown text of a message, an embed or a text display, as the real client renders it
 * (markdown/markdown-render.ts), with mentions by the names of the open place and times in
 * the reader's locale. Line breaks are kept by the stylesheet.
 */
import { useContext, useMemo } from 'react';
import { useApp } from '../../app/store-context.js';
import { renderMarkdown } from './markdown/markdown-render.js';
import { MentionContext } from './mention-names.js';
import './markdown/markdown.css';

export function MessageText({ text }: { text: string }) {
  const names = useContext(MentionContext);
  const locale = useApp((state) => state.locale);
  return <>{useMemo(() => renderMarkdown(text, { names, locale }), [text, names, locale])}</>;
}
