/**
 * The Components V2 layout pieces (message flag IS_COMPONENTS_V2), as the real client
 * draws them: a container with its accent bar, a section (text beside a thumbnail or a
 * button), a text display in markdown, a thumbnail, a media gallery grid of 1-10 items, a
 * file card, and a separator (a line or only space, small or large). Each piece marked
 * `spoiler` stays covered until clicked. Children arrive rendered: the caller walks the tree.
 */
import type { ReactNode } from 'react';
import type { APIMediaGalleryItem, APIUnfurledMediaItem } from 'discord-api-types/v10';
import { embedColor } from './embed-layout.js';
import { ImageOpener } from './ImageViewer.js';
import { MEDIA_BOX, mediaKind, nameInUrl } from './media.js';
import { ExternalLink, safeHref } from './markdown/markdown-parts.js';
import { FileCard, ImageLink, InlineVideo, SpoilerCover } from './MediaParts.js';
import { MessageText } from './message-text.js';

export function Container({ accent, spoiler, children }: { accent?: number | null; spoiler?: boolean; children: ReactNode }) {
  const color = embedColor(accent);
  return (
    <div
      className={color ? 'container container--accent' : 'container'}
      data-testid="v2-container"
      data-accent={color ?? undefined}
      style={color ? { borderLeftColor: color } : undefined}
    >
      <SpoilerCover hidden={Boolean(spoiler)}>{children}</SpoilerCover>
    </div>
  );
}

export function Section({ accessory, children }: { accessory: ReactNode; children: ReactNode }) {
  return (
    <div className="section" data-testid="v2-section">
      <div className="section__text">{children}</div>
      <div className="section__accessory">{accessory}</div>
    </div>
  );
}

export function TextDisplay({ content }: { content: string }) {
  return <div className="text-display" data-testid="v2-text"><MessageText text={content} /></div>;
}

export function Thumbnail({ media, description, spoiler }: { media: APIUnfurledMediaItem; description?: string | null; spoiler?: boolean }) {
  return (
    <div className="thumbnail" data-testid="v2-thumbnail">
      <SpoilerCover hidden={Boolean(spoiler)}>
        <ImageLink media={media} box={MEDIA_BOX.thumbnail} alt={description || 'Thumbnail'} />
      </SpoilerCover>
    </div>
  );
}

function GalleryMedia({ item }: { item: APIMediaGalleryItem }) {
  const { media } = item;
  const alt = item.description || 'Image';
  if (mediaKind(media.content_type, media.url.split('?')[0]) === 'video') {
    const href = safeHref(media.url);
    const name = nameInUrl(media.url);
    const link = <div className="gallery__video-link" data-testid="gallery-video-link">{href === null ? name : <ExternalLink href={href}>{name}</ExternalLink>}</div>;
    return <InlineVideo media={media} box={MEDIA_BOX.gallery} label={item.description || 'Video'} fallback={link} className="gallery__media" />;
  }
  return (
    <ImageOpener image={{ ...media, source: media.proxy_url || media.url, alt }} className="gallery__link" testId="gallery-item">
      <img className="gallery__media" src={media.proxy_url || media.url} alt={alt} />
    </ImageOpener>
  );
}

/** Up to 10 items in the grid the client uses for their count (gallery--1 .. gallery--10 in layout.css). */
export function MediaGallery({ items }: { items: readonly APIMediaGalleryItem[] }) {
  const shown = items.slice(0, 10);
  return (
    <div className={`gallery gallery--${shown.length}`} data-testid="v2-gallery" data-count={shown.length}>
      {shown.map((item, index) => (
        <div key={index} className="gallery__item">
          <SpoilerCover hidden={Boolean(item.spoiler)}><GalleryMedia item={item} /></SpoilerCover>
        </div>
      ))}
    </div>
  );
}

/** A file component: the service names the file and its size beside the `attachment://` reference. */
export function FileComponent({ file, name, size, spoiler }: { file: APIUnfurledMediaItem; name?: string; size?: number; spoiler?: boolean }) {
  const fallback = nameInUrl(file.url);
  return (
    <div className="v2-file" data-testid="v2-file">
      <SpoilerCover hidden={Boolean(spoiler)}><FileCard name={name ?? fallback} size={size} url={file.url} /></SpoilerCover>
    </div>
  );
}

/** A separator: a line unless `divider` is false; `spacing` 1 small (default) or 2 large. */
export function Separator({ divider, spacing }: { divider?: boolean; spacing?: number }) {
  const size = spacing === 2 ? 'large' : 'small';
  if (divider === false) return <div className={`separator-space separator--${size}`} data-testid="v2-separator" data-divider="false" />;
  return <hr className={`separator separator--${size}`} data-testid="v2-separator" data-divider="true" />;
}
