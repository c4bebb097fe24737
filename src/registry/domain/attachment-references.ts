/**
 * `attachment://{filename}` references (message-facts.md, "Files"): an embed's image,
 * thumbnail, author or footer icon, and Components V2 thumbnails, gallery items and files
 * name an uploaded file, and the stored message carries the file's URL there instead,
 * with its size and type, as the service answers. A file a reference uses is not listed
 * again in the message's `attachments` (discord/discord-api-docs#8279). Pure.
 */
import { ComponentType, type APIAttachment, type APIEmbedImage, type APIUnfurledMediaItem } from 'discord-api-types/v10';
import { isJsonObject } from '../../shared/json-object.js';
import { mapComponentTree } from './component-tree.js';

const SCHEME = 'attachment://';

type Json = Record<string, unknown>;

/** What resolving did: the rewritten parts, and the ids of the files they use. */
export interface ResolvedReferences {
  embeds?: Json[];
  components?: Json[];
  used: Set<string>;
}

/** Resolves one message's references against its files, by filename. */
export function resolveAttachmentReferences(
  parts: { embeds?: Json[]; components?: Json[] }, files: readonly APIAttachment[],
): ResolvedReferences {
  const used = new Set<string>();
  const named = (url: unknown): APIAttachment | undefined => {
    if (typeof url !== 'string' || !url.startsWith(SCHEME)) return undefined;
    const file = files.find((candidate) => candidate.filename === url.slice(SCHEME.length));
    if (file) used.add(file.id);
    return file;
  };
  const size = (file: APIAttachment) =>
    typeof file.width === 'number' && typeof file.height === 'number' ? { width: file.width, height: file.height } : {};

  const image = (value: unknown): unknown => {
    const file = isJsonObject(value) ? named(value.url) : undefined;
    if (!file || !isJsonObject(value)) return value;
    return {
      ...value, url: file.url, proxy_url: file.proxy_url, ...size(file),
      ...(file.content_type === undefined ? {} : { content_type: file.content_type }),
    } satisfies APIEmbedImage;
  };
  const icon = (value: unknown): unknown => {
    const file = isJsonObject(value) ? named(value.icon_url) : undefined;
    if (!file || !isJsonObject(value)) return value;
    return { ...value, icon_url: file.url, proxy_icon_url: file.proxy_url };
  };
  const embed = (value: Json): Json => {
    const out: Json = { ...value };
    for (const key of ['image', 'thumbnail'] as const) if (key in value) out[key] = image(value[key]);
    for (const key of ['author', 'footer'] as const) if (key in value) out[key] = icon(value[key]);
    return out;
  };

  const media = (value: unknown): unknown => {
    const file = isJsonObject(value) ? named(value.url) : undefined;
    if (!file || !isJsonObject(value)) return value;
    return {
      ...value, url: file.url, proxy_url: file.proxy_url, ...size(file),
      content_type: file.content_type ?? null, attachment_id: file.id,
    } satisfies APIUnfurledMediaItem;
  };
  const layout = (out: Json): Json => {
    if (out.type === ComponentType.Thumbnail) out.media = media(out.media);
    if (out.type === ComponentType.MediaGallery && Array.isArray(out.items)) {
      out.items = out.items.map((item: unknown) => (isJsonObject(item) ? { ...item, media: media(item.media) } : item));
    }
    if (out.type === ComponentType.File) {
      const file = isJsonObject(out.file) ? named(out.file.url) : undefined;
      out.file = media(out.file);
      // The service fills in the file card's name and size.
      if (file) Object.assign(out, { name: file.filename, size: file.size });
    }
    return out;
  };

  return {
    ...(parts.embeds ? { embeds: parts.embeds.map(embed) } : {}),
    ...(parts.components ? { components: mapComponentTree(parts.components, layout) } : {}),
    used,
  };
}

/** The ids of the files a stored message still shows anywhere (its JSON names each file's URL path). */
export function filesStillShown(message: { attachments: unknown; embeds: unknown; components: unknown }, ids: readonly string[]): Set<string> {
  const text = JSON.stringify([message.attachments, message.embeds, message.components]);
  return new Set(ids.filter((id) => text.includes(`/${id}/`)));
}
