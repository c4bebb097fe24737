/**
 * Message text with the little markdown worth showing (**bold**, *italics*, `code`) and
 * mentions by name; line breaks are kept by the stylesheet.
 */
import { useContext, type ReactNode } from 'react';
import { MentionContext, type MentionNames } from './mention-names.js';

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|<@!?\d+>|<@&\d+>|<#\d+>)/g;

function mention(part: string, names: MentionNames): string | undefined {
  const id = part.replace(/\D/g, '');
  if (part.startsWith('<@&')) return `@${names.role(id) ?? 'unknown-role'}`;
  if (part.startsWith('<#')) return `#${names.channel(id) ?? 'unknown-channel'}`;
  if (part.startsWith('<@')) return `@${names.user(id) ?? 'unknown-user'}`;
  return undefined;
}

export function MessageText({ text }: { text: string }) {
  const names = useContext(MentionContext);
  const parts: ReactNode[] = text.split(INLINE).map((part, index) => {
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={index}>{part.slice(2, -2)}</strong>;
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <code key={index}>{part.slice(1, -1)}</code>;
    if (part.startsWith('*') && part.endsWith('*') && part.length > 2) return <em key={index}>{part.slice(1, -1)}</em>;
    const named = /^<[@#]/.test(part) ? mention(part, names) : undefined;
    if (named !== undefined) return <span key={index} className="mention">{named}</span>;
    return part;
  });
  return <>{parts}</>;
}
