/**
 * A flame graph of a CPU profile's call tree as one standalone SVG: each frame as wide as
 * its share of the samples, callers below callees, coloured by where the code lives
 * (registry, shared rules, packages, Node, native), each with a tooltip of its figures.
 * Idle time is left out, so the width is the process's busy time.
 */
import { placeOf, type Frame, type ProfileSummary } from './cpu-profile.js';

const WIDTH = 1600;
const ROW = 17;
const COLOURS: Record<string, string> = {
  registry: '#f0a040',
  'shared rules': '#e8c060',
  'Node internals': '#9ab0c8',
  'garbage collector': '#c06060',
  'native (V8, libuv, system calls)': '#b0b0b0',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function flameGraphSvg(summary: ProfileSummary, title: string): string {
  const busy = summary.root.children.filter((frame) => frame.name !== '(idle)');
  const total = busy.reduce((sum, frame) => sum + frame.total, 0);
  const scale = WIDTH / Math.max(1, total);
  const ms = (count: number) => ((count * summary.intervalMicros) / 1000).toFixed(1);
  const shapes: string[] = [];
  let depth = 0;
  const draw = (frame: Frame, x: number, level: number) => {
    const width = frame.total * scale;
    if (width < 0.3) return;
    depth = Math.max(depth, level + 1);
    const place = placeOf(frame);
    const colour = COLOURS[place] ?? '#7cb87c';
    const label = `${frame.name} ${frame.location}`;
    const tip = `${label}\n${place}: total ${ms(frame.total)} ms (${((100 * frame.total) / total).toFixed(1)}%), self ${ms(frame.self)} ms`;
    const text = width > 40 ? `<text x="${(x + 3).toFixed(1)}" y="{Y}" font-size="11">${escape(label.slice(0, Math.floor((width - 6) / 6.5)))}</text>` : '';
    shapes.push(`<g><title>${escape(tip)}</title><rect x="${x.toFixed(1)}" y="{Y${level}}" width="${width.toFixed(1)}" height="${ROW - 1}" fill="${colour}" rx="2"/>${text.replace('{Y}', `{T${level}}`)}</g>`);
    let childX = x;
    for (const child of [...frame.children].sort((a, b) => a.name.localeCompare(b.name))) {
      draw(child, childX, level + 1);
      childX += child.total * scale;
    }
  };
  let x = 0;
  for (const frame of busy.sort((a, b) => a.name.localeCompare(b.name))) {
    draw(frame, x, 0);
    x += frame.total * scale;
  }
  const height = (depth + 3) * ROW;
  // Flames grow upwards: level 0 at the bottom.
  const body = shapes.join('\n')
    .replace(/\{Y(\d+)\}/g, (_, level: string) => String(height - (Number(level) + 2) * ROW))
    .replace(/\{T(\d+)\}/g, (_, level: string) => String(height - (Number(level) + 2) * ROW + ROW - 5));
  const legend = Object.entries({ ...COLOURS, packages: '#7cb87c' })
    .map(([name, colour], index) => `<rect x="${index * 260}" y="${height - ROW + 3}" width="12" height="12" fill="${colour}"/><text x="${index * 260 + 16}" y="${height - 4}" font-size="11">${escape(name)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height + ROW}" font-family="monospace">
<text x="0" y="12" font-size="13">${escape(title)}: ${ms(total)} ms busy, ${summary.samples} samples (hover for figures)</text>
${body}
${legend}
</svg>
`;
}
