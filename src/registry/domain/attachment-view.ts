/**
 * An upload as apps and the client see it: the `APIAttachment` of `data.resolved`, with a
 * URL the registry serves the bytes on (its CDN stand-in), and the headers those bytes
 * are served with. User files come from the registry's own origin, which in browser mode
 * also serves the client, so they are never allowed to run there.
 */
import type { APIAttachment } from 'discord-api-types/v10';
import type { AttachmentRecord } from '../store/attachment-store.js';

/** Where files are served: `/attachments/{channel}/{id}/{filename}?hm={key}`, like the CDN's path. */
export const ATTACHMENTS_PATH = '/attachments';

/** The file's absolute URL on the registry reached at `origin`; `hm` carries the random key. */
export function attachmentUrl(record: AttachmentRecord, origin: string): string {
  return `${origin}${ATTACHMENTS_PATH}/${record.channel_id}/${record.id}/${encodeURIComponent(record.filename)}?hm=${record.url_key}`;
}

/**
 * The attachment object of `data.resolved.attachments` (and of the upload's answer).
 * `ephemeral`: a command's file is not kept with a message, as in the real service.
 */
export function attachmentView(record: AttachmentRecord, origin: string): APIAttachment {
  const url = attachmentUrl(record, origin);
  return {
    id: record.id, filename: record.filename, size: record.size, url, proxy_url: url,
    ...(record.content_type === null ? {} : { content_type: record.content_type }),
    ephemeral: true,
  };
}

/** What a message's attachment carries beyond its stored row: the bot's words and the image's size. */
export interface MessageAttachmentFacts {
  description?: string;
  title?: string;
  width?: number;
  height?: number;
  /** On an ephemeral message, as the service marks its files. */
  ephemeral: boolean;
}

/**
 * An attachment of a message a bot sent (message-facts.md, "Files"): `id`, `filename`,
 * `title?`, `description?`, `content_type`, `size`, `url`, `proxy_url`, `width`/`height`
 * for images, `ephemeral` on ephemeral messages (no `flags`: none of them apply).
 */
export function messageAttachmentView(record: AttachmentRecord, origin: string, facts: MessageAttachmentFacts): APIAttachment {
  const url = attachmentUrl(record, origin);
  return {
    id: record.id, filename: record.filename,
    ...(facts.title === undefined ? {} : { title: facts.title }),
    ...(facts.description === undefined ? {} : { description: facts.description }),
    ...(record.content_type === null ? {} : { content_type: record.content_type }),
    size: record.size, url, proxy_url: url,
    ...(facts.width === undefined || facts.height === undefined ? {} : { width: facts.width, height: facts.height }),
    ...(facts.ephemeral ? { ephemeral: true } : {}),
  } satisfies APIAttachment;
}

/** Media a browser shows without running anything; everything else is offered as a download. */
function showsInline(contentType: string | null): boolean {
  if (contentType === null) return false;
  const type = contentType.split(';')[0]?.trim() ?? '';
  if (type === 'image/svg+xml') return false;
  return /^(image|audio|video)\//.test(type) || type === 'text/plain';
}

/** `Content-Disposition` with an ASCII fallback name and the exact name in RFC 5987 form. */
function disposition(record: AttachmentRecord): string {
  const fallback = record.filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(record.filename).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${showsInline(record.content_type) ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/**
 * The headers the bytes are served with: the stored media type (octet-stream when none was
 * given), never sniffed, and sandboxed so an uploaded page cannot act as the registry.
 */
export function attachmentHeaders(record: AttachmentRecord): Record<string, string> {
  return {
    'content-type': record.content_type ?? 'application/octet-stream',
    'content-disposition': disposition(record),
    'x-content-type-options': 'nosniff',
    // No scripts, and an opaque origin: an uploaded page cannot reach the client's storage.
    'content-security-policy': 'sandbox',
    'cache-control': 'private, max-age=86400',
  };
}
