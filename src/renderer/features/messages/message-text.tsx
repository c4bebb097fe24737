/**
 * Markdown text of a message, an embed or a text display, as the real client renders it
 * (markdown/markdown-render.ts), with mentions by the names of the open place and times in
 * the reader's locale. Line breaks are kept by the stylesheet. `headings={false}` for an
 * embed field's value, where the client draws `# text` as text (discord/discord-api-docs#7167).
 */
import { useContext, useMemo } from 'react';
import { useApp } from '../../app/store-context.js';
import { renderMarkdown } from './markdown/markdown-render.js';
import { MentionContext } from './mention-names.js';
import './markdown/markdown.css';

export function MessageText({ text, headings = true }: { text: string; headings?: boolean }) {
  const names = useContext(MentionContext);
  const locale = useApp((state) => state.locale);
  return <>{useMemo(() => renderMarkdown(text, { names, locale }, { headings }), [text, names, locale, headings])}</>;
}
