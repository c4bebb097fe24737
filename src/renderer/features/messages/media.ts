/**
 * Facts about the files and images a message shows, shared by attachments, embeds and
 * Components V2: what kind of media a file is, the size an image is shown at (its own,
 * scaled down into a box keeping its shape), whether a file is a spoiler, and its size in
 * words. Pure, so the rules are tested without a browser.
 */

/** IS_SPOILER among an attachment's flags (discord-api-types `AttachmentFlags`). */
export const ATTACHMENT_SPOILER_FLAG = 1 << 3;

export type MediaKind = 'image' | 'video' | 'audio' | 'file';

/** The kind of a file by its media type, else its name's extension (the registry may not know the type). */
export function mediaKind(contentType: string | null | undefined, name = ''): MediaKind {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  // An SVG may carry script: it is offered as a file, never drawn (the registry serves it as a download).
  if (type === 'image/svg+xml' || /\.svg$/i.test(name)) return 'file';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (type.startsWith('audio/')) return 'audio';
  if (type === '' && /\.(png|jpe?g|gif|webp|avif|bmp)$/i.test(name)) return 'image';
  if (type === '' && /\.(mp4|webm|mov)$/i.test(name)) return 'video';
  return 'file';
}

/** A file the sender marked as a spoiler: a `SPOILER_` name (what every client sends) or the flag. */
export function isSpoilerFile(file: { filename?: string; flags?: number }): boolean {
  return (file.filename ?? '').startsWith('SPOILER_') || ((file.flags ?? 0) & ATTACHMENT_SPOILER_FLAG) !== 0;
}

export interface Box {
  width: number;
  height: number;
}

/** The size to show an image of `width` x `height` at: its own, scaled down to fit `box` with its shape kept. */
export function fitInto(width: number | null | undefined, height: number | null | undefined, box: Box): Box | null {
  if (!width || !height || width <= 0 || height <= 0) return null;
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

const UNITS = ['bytes', 'KB', 'MB', 'GB'];

/** A file's size as the client writes it: `512 bytes`, `12.34 KB`, `1.5 MB` (powers of 1024). */
export function fileSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${Number(value.toFixed(2))} ${UNITS[unit]}`;
}

/** The last part of a file's address, as its name when nothing else names it. */
export function nameInUrl(url: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop() || 'file';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** How a video is played: as a video (controls, the reader starts it), or as a GIF (`gifv`). */
export interface Playback {
  autoPlay: boolean;
  controls: boolean;
  loop: boolean;
  muted: boolean;
  preload: 'auto' | 'metadata';
}

/**
 * A video plays when the reader starts it, with its controls; a GIF (an embed of type
 * `gifv`) plays as a GIF does: on its own, silent, looping, without controls, unless the
 * reader prefers reduced motion, when it waits still with controls to start it.
 */
export function playback(gif: boolean, reducedMotion: boolean): Playback {
  if (!gif) return { autoPlay: false, controls: true, loop: false, muted: false, preload: 'metadata' };
  if (reducedMotion) return { autoPlay: false, controls: true, loop: true, muted: true, preload: 'metadata' };
  return { autoPlay: true, controls: false, loop: true, muted: true, preload: 'auto' };
}

/** The image boxes of the client: attachments, an embed's image and thumbnail, a section's thumbnail, a gallery. */
export const MEDIA_BOX = {
  attachment: { width: 400, height: 300 },
  embedImage: { width: 400, height: 300 },
  embedThumbnail: { width: 80, height: 80 },
  thumbnail: { width: 85, height: 85 },
  /** The widest and tallest a gallery item is (`.gallery`, `.gallery--1` in layout.css). */
  gallery: { width: 560, height: 350 },
} as const satisfies Record<string, Box>;
