/**
 * An image in a message opens in the image viewer inside the message list (the Chromium
 * tests press it); anywhere else it is what it was before the viewer: a plain link to its
 * file, at its own size within its box.
 */
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { MEDIA_BOX } from '../../../src/renderer/features/messages/media.js';
import { ImageLink, InlineVideo } from '../../../src/renderer/features/messages/MediaParts.js';
import { markup } from './render-markup.js';

describe('an image outside the message list', () => {
  it('draws an image as a plain link to its file where no image viewer is around', () => {
    const html = markup(createElement(ImageLink, { media: { url: 'https://example.com/a.png', width: 800, height: 400 }, box: MEDIA_BOX.attachment, alt: 'A chart' }));
    // (React's server renderer puts a preload <link> before it; the page has none.)
    expect(html).toContain(
      '<a class="media-image " href="https://example.com/a.png" target="_blank" rel="noreferrer noopener" data-testid="media-image">'
      + '<img src="https://example.com/a.png" alt="A chart" width="400" height="200" style="max-width:min(100%, 400px);max-height:300px"/></a>',
    );
    expect(html).not.toContain('aria-haspopup');
  });
});

describe('a video', () => {
  const clip = { url: 'https://example.com/clip.mp4', width: 640, height: 360 };

  it('draws a video with its controls for the reader to start, within its box', () => {
    const html = markup(createElement(InlineVideo, { media: clip, box: MEDIA_BOX.embedImage, label: 'Video', fallback: null }));
    expect(html).toContain(' controls=""');
    expect(html).toContain('preload="metadata"');
    expect(html).toContain('width="400" height="225"');
    expect(html).not.toMatch(/autoplay|loop|data-gif/i);
  });

  it('draws a GIF that plays on its own, silent and looping, without controls', () => {
    const html = markup(createElement(InlineVideo, { media: clip, box: MEDIA_BOX.embedImage, label: 'GIF', fallback: null, gif: true }));
    expect(html).toMatch(/ autoplay=""/i);
    expect(html).toContain(' loop=""');
    expect(html).toContain(' muted=""');
    expect(html).toMatch(/ playsinline=""/i);
    expect(html).toContain('data-gif="true"');
    expect(html).not.toContain('controls');
  });
});
