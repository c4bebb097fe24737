/**
 * Discord's sandbox for a proxied Activity: a Content-Security-Policy that replaces the
 * target's own, so the page reaches its own origin (and through it, its URL mappings) and
 * nothing else, as on `<app id>.discordsays.com`. Its shape follows what Discord's proxy
 * sends (script-src `'self' 'unsafe-eval' 'nonce-…' blob:`, connect-src naming the Activity's
 * origin for http and WebSockets, a nonce written into the page's inline scripts) and the
 * exceptions its "Local Development" docs list (discord.com/api, the CDN's attachments,
 * avatars and icons). Violations are reported to the proxy (`report-uri`), which shows each
 * one in the launch's inspector entry with the mapping that would allow it.
 */
import { randomBytes } from 'node:crypto';

/** Where the page's violations are posted: a path of the proxy's own, never mapped. */
export const REPORT_PATH = '/.slashbench/csp-report';

/** Addresses Discord's CSP lets an Activity reach without a mapping ("Exceptions"). */
const DISCORD_API = ['https://discord.com/api/', 'https://canary.discord.com/api/', 'https://ptb.discord.com/api/'];
const DISCORD_MEDIA = ['attachments', 'avatars', 'icons'].flatMap((kind) => [`https://cdn.discordapp.com/${kind}/`, `https://media.discordapp.net/${kind}/`]);

/** A fresh nonce for one response's inline scripts. */
export function scriptNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The policy for a response of the Activity at `origin` (`http://<id>.localhost:<port>`). */
export function sandboxPolicy(origin: string, nonce: string): string {
  const own = `${origin}/`;
  const socket = own.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-eval' 'nonce-${nonce}' blob:`,
    "style-src 'self' 'unsafe-inline' blob: data:",
    `img-src 'self' data: blob: ${DISCORD_MEDIA.join(' ')}`,
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${own} ${socket} ${DISCORD_API.join(' ')} ${DISCORD_MEDIA.join(' ')}`,
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `report-uri ${REPORT_PATH}`,
  ].join('; ');
}

/** An inline `<script>` start tag (one with no `src`). */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)([^>]*)>/gi;

/** The page with `nonce` on each inline script, as Discord's proxy rewrites it; scripts with a `src` load under `'self'`. */
export function withScriptNonces(html: string, nonce: string): string {
  return html.replace(INLINE_SCRIPT, (tag: string, attributes: string) => (/\snonce\s*=/i.test(attributes) ? tag : `<script nonce="${nonce}"${attributes}>`));
}
