/**
 * What the message-rendering test's bot sends: pictures drawn by the browser's own canvas
 * (real PNG files of known sizes, no image library of ours), and the markdown message that
 * uses every construct the client renders, with the times it names.
 */
import type { Page } from 'playwright-core';
import { EXAMPLE } from '../helpers/listening-registry.js';

/** 2018-11-28T08:01:00Z, the time of the public docs' timestamp examples. */
export const DOCS_TIME = 1_543_392_060;

/** The page script that draws a PNG with the page's canvas and answers it as base64 (plain script: the tests' types have no DOM). */
const DRAW = String.raw`({ width, height, color, label }) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  context.fillStyle = color;
  context.fillRect(0, 0, width, height);
  context.fillStyle = 'rgba(255, 255, 255, 0.85)';
  context.font = 'bold ' + Math.max(12, Math.round(height / 6)) + 'px sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(label, width / 2, height / 2);
  return canvas.toDataURL('image/png').split(',')[1];
}`;

/** A PNG of `width` x `height` in `color`, with `label` written on it, drawn by the page's canvas. */
export async function drawPng(page: Page, width: number, height: number, color: string, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(`(${DRAW})(${JSON.stringify({ width, height, color, label })})`);
  return Buffer.from(String(base64), 'base64');
}

/** The example guild's Moderator role, for a role mention. */
export const MODERATOR_ROLE = '1184502598415171584';

/** A message using every construct of message-facts.md's "Markdown the client renders". */
export function markdownMessage(relativeSeconds: number): string {
  return [
    '# Release notes',
    '## What changed',
    '### Details',
    '-# small print under the headings',
    '**bold** *italic* _also italic_ __underline__ ~~struck~~ ||a hidden twist|| `inline code`',
    '- first point',
    '- second point',
    '1. step one',
    '2. step two',
    '> a quoted line',
    '[the masked link](https://example.com/docs) and https://example.com/bare and <https://example.com/quiet>',
    `<@${EXAMPLE.alice.id}> <@&${MODERATOR_ROLE}> <#${EXAMPLE.general}> @everyone @here <:blobwave:123456789012345678>`,
    `<t:${DOCS_TIME}:t> | <t:${DOCS_TIME}:T> | <t:${DOCS_TIME}:d> | <t:${DOCS_TIME}:D> | <t:${DOCS_TIME}:f> | <t:${DOCS_TIME}:F> | <t:${relativeSeconds}:R>`,
    '<img src=x onerror="document.title=\'owned\'"> stays text',
    '```ts',
    'const answer: number = 42;',
    '```',
    '>>> a block quote',
    'to the very end',
  ].join('\n');
}

/**
 * The page script that records a short WebM of a canvas (MediaRecorder), one frame per
 * animation frame, and answers it as base64: a real video of known size, made by the browser.
 */
const RECORD = String.raw`async ({ width, height, frames }) => {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  const recorder = new MediaRecorder(canvas.captureStream(), { mimeType: 'video/webm' });
  const chunks = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => { recorder.onstop = resolve; });
  recorder.start();
  for (let frame = 0; frame < frames; frame += 1) {
    context.fillStyle = 'hsl(' + frame * 36 + ', 70%, 50%)';
    context.fillRect(0, 0, width, height);
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}`;

/** A WebM video of `width` x `height`, recorded by the page from a canvas. */
export async function recordWebm(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(`(${RECORD})(${JSON.stringify({ width, height, frames: 12 })})`);
  return Buffer.from(String(base64), 'base64');
}
