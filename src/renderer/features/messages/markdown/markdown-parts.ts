/**
 * The parts of message markdown that do something: a spoiler hides its text until it is
 * clicked (or Enter / Space on it), a timestamp writes itself in the reader's locale with
 * the full date as its tooltip, a custom emoji shows its image (its name when the image
 * cannot load: no network, or a page policy), a link opens in a new tab and only when it is
 * http(s). Plain `.ts` (createElement) so the unit tests render them in Node.
 */
import { createElement, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNow } from '../now-context.js';
import { formatTimestamp } from './timestamp-format.js';

/** The address a link may open: http(s) only, as the client allows (never `javascript:` or `data:`). */
export function safeHref(target: unknown): string | null {
  if (typeof target !== 'string') return null;
  try {
    const url = new URL(target);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A link that leaves the client: a new tab, no referrer, no opener. */
export function ExternalLink({ href, title, className, children }: { href: string; title?: string; className?: string; children?: ReactNode }) {
  return createElement('a', { href, title, className: className ?? 'md-link', target: '_blank', rel: 'noreferrer noopener' }, children);
}

/** Enter and Space act as a click on an element with role="button". */
export function pressKeys(action: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    action();
  };
}

/** `||text||`: hidden until clicked, then plain text. */
export function Spoiler({ children }: { children?: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  const reveal = () => setRevealed(true);
  if (revealed) return createElement('span', { className: 'md-spoiler md-spoiler--revealed', 'data-testid': 'spoiler', 'data-revealed': 'true' }, children);
  return createElement('span', {
    className: 'md-spoiler', 'data-testid': 'spoiler', 'data-revealed': 'false', role: 'button', tabIndex: 0, 'aria-label': 'Spoiler, press to reveal',
    onClick: reveal, onKeyDown: pressKeys(reveal),
  }, createElement('span', { className: 'md-spoiler__content', 'aria-hidden': true }, children));
}

/** `<t:unix:style>` in the reader's locale; the source text when it holds no valid time. */
export function Timestamp({ seconds, style, locale, timeZone }: { seconds: number; style?: string; locale: string; timeZone?: string }) {
  const now = useNow();
  const formatted = formatTimestamp(seconds, style, { locale, now, ...(timeZone ? { timeZone } : {}) });
  if (formatted === null) return `<t:${seconds}${style ? `:${style}` : ''}>`;
  return createElement('time', {
    className: 'md-timestamp', dateTime: new Date(seconds * 1000).toISOString(), title: formatted.title, 'data-testid': 'timestamp', 'data-style': style ?? 'f',
  }, formatted.text);
}

/** `<:name:id>` (or `<a:name:id>`, animated): the emoji's image from the CDN, else `:name:`. */
export function CustomEmoji({ id, name, animated }: { id: string; name: string; animated: boolean }) {
  const [failed, setFailed] = useState(false);
  const label = `:${name}:`;
  if (failed) return createElement('span', { className: 'md-emoji md-emoji--text', title: label, 'data-testid': 'custom-emoji' }, label);
  return createElement('img', {
    className: 'md-emoji', src: `https://cdn.discordapp.com/emojis/${id}.${animated ? 'gif' : 'webp'}?size=48`, alt: label, title: label,
    draggable: false, 'data-testid': 'custom-emoji', onError: () => setFailed(true),
  });
}
