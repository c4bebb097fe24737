/**
 * The media pieces a message is made of, shared by attachments, embeds and Components V2:
 * an image shown at its own size within a box (a link to the full file), a video with its
 * controls or played as a GIF, a file card (name, size, download), and the spoiler cover
 * that hides any of them until it is clicked, as the real client hides spoiler files.
 */
import { useState, type ReactNode } from 'react';
import { DownloadIcon, FileIcon } from '../../app/icons.js';
import { ImageOpener } from './ImageViewer.js';
import { fileSize, fitInto, mediaKind, playback, type Box } from './media.js';
import { useReducedMotion } from './reduced-motion.js';
import './media.css';

/** Hides `children` (blurred, unreachable by keyboard and pointer) behind a button until it is pressed. */
export function SpoilerCover({ hidden, label = 'Spoiler', children }: { hidden: boolean; label?: string; children: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  if (!hidden || revealed) return <>{children}</>;
  return (
    <div className="media-spoiler" data-testid="media-spoiler">
      <div className="media-spoiler__content" aria-hidden="true" inert>{children}</div>
      <button type="button" className="media-spoiler__cover" data-testid="media-spoiler-reveal" onClick={() => setRevealed(true)}>
        <span className="media-spoiler__label">{label}</span>
      </button>
    </div>
  );
}

export interface MediaSource {
  url: string;
  proxy_url?: string | null;
  width?: number | null;
  height?: number | null;
  content_type?: string | null;
}

/** An image at its own size within `box`, opening in the image viewer (the full file in a new tab without one); `name` is its file's. */
export function ImageLink({ media, box, alt, name, className }: { media: MediaSource; box: Box; alt: string; name?: string; className?: string }) {
  const size = fitInto(media.width, media.height, box);
  const source = media.proxy_url || media.url;
  return (
    <ImageOpener image={{ ...media, source, alt, ...(name ? { name } : {}) }} className={`media-image ${className ?? ''}`} testId="media-image">
      <img
        src={source}
        alt={alt}
        {...(size ? { width: size.width, height: size.height } : {})}
        style={{ maxWidth: `min(100%, ${box.width}px)`, maxHeight: box.height }}
      />
    </ImageOpener>
  );
}

/** A file's card: what it is called, how big it is, and a link that downloads it. */
export function FileCard({ name, size, url, children }: { name: string; size?: number | null; url: string; children?: ReactNode }) {
  return (
    <div className="file-card" data-testid="file-card">
      <span className="file-card__icon" aria-hidden="true"><FileIcon /></span>
      <div className="file-card__text">
        <a className="file-card__name" href={url} target="_blank" rel="noreferrer noopener" data-testid="file-card-name">{name}</a>
        <span className="file-card__size" data-testid="file-card-size">{fileSize(size)}</span>
        {children}
      </div>
      <a className="file-card__download" href={url} download={name} aria-label={`Download ${name}`} data-testid="file-card-download"><DownloadIcon /></a>
    </div>
  );
}

/**
 * A video with its controls at its own size within `box`, `poster` shown until it plays, or
 * with `gif` played as a GIF (see `playback`); `fallback` (a link, a file card) in its place
 * when the browser cannot play it.
 */
export function InlineVideo({ media, box, label, poster, fallback, gif = false, className = 'media-video' }: {
  media: MediaSource; box: Box; label: string; poster?: string | null; fallback: ReactNode; gif?: boolean; className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const reducedMotion = useReducedMotion();
  if (failed) return <>{fallback}</>;
  const fitted = fitInto(media.width, media.height, box);
  const { autoPlay, controls, loop, muted, preload } = playback(gif, reducedMotion);
  return (
    <video className={className} src={media.proxy_url || media.url} aria-label={label} data-testid="media-video" data-gif={gif ? 'true' : undefined}
      controls={controls} autoPlay={autoPlay} loop={loop} muted={muted} playsInline={gif} preload={preload}
      {...(poster ? { poster } : {})} onError={() => setFailed(true)}
      {...(fitted ? { width: fitted.width, height: fitted.height } : {})} style={{ maxWidth: `min(100%, ${box.width}px)`, maxHeight: box.height }} />
  );
}

/** Any media by its kind: an image, a video with controls, an audio file's card with a player, else a file card. */
export function MediaItem({ media, name, size, box, alt }: { media: MediaSource; name: string; size?: number | null; box: Box; alt?: string }) {
  const kind = mediaKind(media.content_type, name);
  if (kind === 'image') return <ImageLink media={media} box={box} alt={alt || name} name={name} />;
  const card = (
    <FileCard name={name} size={size} url={media.url}>
      {kind === 'audio' && <audio className="file-card__audio" src={media.url} controls preload="none" />}
    </FileCard>
  );
  return kind === 'video' ? <InlineVideo media={media} box={box} label={alt || name} fallback={card} /> : card;
}
