/**
 * How the client lays out what a message carries: a file's kind and whether it is a
 * spoiler, an image's shown size (its own, scaled into its box), a file's size in words,
 * how a video or a GIF plays, an embed's colour bar and its inline field grid, and an
 * embed footer's time.
 */
import { describe, expect, it } from 'vitest';
import { embedColor, fieldColumns } from '../../src/renderer/features/messages/embed-layout.js';
import { calendarTime } from '../../src/renderer/features/messages/markdown/timestamp-format.js';
import { fileSize, fitInto, isSpoilerFile, MEDIA_BOX, mediaKind, nameInUrl, playback } from '../../src/renderer/features/messages/media.js';

describe('files', () => {
  it('tells images, videos and audio by their type, else their name, and never draws an SVG', () => {
    expect(mediaKind('image/png', 'a.png')).toBe('image');
    expect(mediaKind('image/jpeg; charset=binary')).toBe('image');
    expect(mediaKind('video/mp4')).toBe('video');
    expect(mediaKind('audio/ogg')).toBe('audio');
    expect(mediaKind(undefined, 'photo.WEBP')).toBe('image');
    expect(mediaKind('text/plain', 'notes.png')).toBe('file');
    expect(mediaKind('image/svg+xml', 'logo.svg')).toBe('file');
    expect(mediaKind(null, 'logo.svg')).toBe('file');
  });

  it('hides SPOILER_ files and files flagged IS_SPOILER', () => {
    expect(isSpoilerFile({ filename: 'SPOILER_twist.png' })).toBe(true);
    expect(isSpoilerFile({ filename: 'twist.png', flags: 1 << 3 })).toBe(true);
    expect(isSpoilerFile({ filename: 'spoiler_twist.png', flags: 0 })).toBe(false);
  });

  it('shows an image at its own size, scaled down into its box with its shape kept, never up', () => {
    expect(fitInto(640, 480, MEDIA_BOX.attachment)).toEqual({ width: 400, height: 300 });
    expect(fitInto(800, 400, MEDIA_BOX.embedImage)).toEqual({ width: 400, height: 200 });
    expect(fitInto(300, 1200, MEDIA_BOX.attachment)).toEqual({ width: 75, height: 300 });
    expect(fitInto(64, 32, MEDIA_BOX.attachment)).toEqual({ width: 64, height: 32 });
    expect(fitInto(undefined, 100, MEDIA_BOX.attachment)).toBeNull();
    expect(fitInto(0, 0, MEDIA_BOX.attachment)).toBeNull();
  });

  it('plays a video when the reader starts it, and a GIF on its own, silent and looping, unless the reader prefers less motion', () => {
    expect(playback(false, false)).toEqual({ autoPlay: false, controls: true, loop: false, muted: false, preload: 'metadata' });
    expect(playback(false, true)).toEqual(playback(false, false));
    expect(playback(true, false)).toEqual({ autoPlay: true, controls: false, loop: true, muted: true, preload: 'auto' });
    expect(playback(true, true)).toEqual({ autoPlay: false, controls: true, loop: true, muted: true, preload: 'metadata' });
  });

  it('writes sizes as the client does', () => {
    expect(fileSize(34)).toBe('34 bytes');
    expect(fileSize(1536)).toBe('1.5 KB');
    expect(fileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(fileSize(1234567)).toBe('1.18 MB');
    expect(fileSize(undefined)).toBe('');
  });

  it('names a file by the last part of its address when nothing else names it', () => {
    expect(nameInUrl('http://127.0.0.1:3000/attachments/1/2/chart%20v2.png?hm=abc')).toBe('chart v2.png');
    expect(nameInUrl('https://example.com/a/b.jpg#top')).toBe('b.jpg');
    expect(nameInUrl('https://example.com/')).toBe('file');
    expect(nameInUrl('https://example.com/%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('embeds', () => {
  it('draws the colour bar from the integer, the default bar for none or 0', () => {
    expect(embedColor(0xf0b232)).toBe('#f0b232');
    expect(embedColor(0x0000ff)).toBe('#0000ff');
    expect(embedColor(0)).toBeNull();
    expect(embedColor(undefined)).toBeNull();
    expect(embedColor(0x1000000)).toBeNull();
  });

  it('puts inline fields three to a row (two beside a thumbnail), each other field on its own row', () => {
    const inline = { inline: true };
    const block = { inline: false };
    expect(fieldColumns([inline, inline, inline, inline], false)).toEqual(['1 / 5', '5 / 9', '9 / 13', '1 / 13']);
    expect(fieldColumns([inline, inline, block, inline, inline], false)).toEqual(['1 / 7', '7 / 13', '1 / 13', '1 / 7', '7 / 13']);
    expect(fieldColumns([inline, inline, inline], true)).toEqual(['1 / 7', '7 / 13', '1 / 13']);
    expect(fieldColumns([block, {}], false)).toEqual(['1 / 13', '1 / 13']);
  });

  it('writes a footer\'s time as today, yesterday, or its date, in the reader\'s locale', () => {
    const at = Date.parse('2018-11-28T08:01:00Z');
    const options = { timeZone: 'UTC' };
    const text = (now: number, locale = 'en-US') => calendarTime(at, { locale, now, ...options })?.replace(/\u202f/g, ' ');
    expect(text(at + 3_600_000)).toBe('Today at 8:01 AM');
    expect(text(at + 86_400_000)).toBe('Yesterday at 8:01 AM');
    expect(text(at + 5 * 86_400_000)).toBe('11/28/2018 8:01 AM');
    expect(text(at + 3_600_000, 'de')).toBe('28.11.2018 08:01');
    expect(calendarTime(Number.NaN, { locale: 'en-US', now: at })).toBeNull();
  });
});
