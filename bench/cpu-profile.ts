/**
 * Reading a V8 CPU profile (`node --cpu-prof`) of the registry under a benchmark: only the
 * samples taken while the benchmark measured (V8 stamps them on the same monotonic clock as
 * `monotonicMs`), as a call tree with sample counts, and the tables that say where the time
 * went: by function (self and total) and by where the code lives.
 */
import { readFile } from 'node:fs/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** One frame of the merged call tree: a function, its samples and those of its callees. */
export interface Frame {
  name: string;
  /** Where it lives, shortened (`src/registry/...:12`, `fastify/lib/...:40`, `node:...`). */
  location: string;
  self: number;
  total: number;
  children: Frame[];
}

export interface ProfileSummary {
  root: Frame;
  /** Samples in the window, and the interval between them (µs, the median delta). */
  samples: number;
  intervalMicros: number;
}

/** A stretch of time to keep samples of, in monotonicMs: [from, to]. */
export type Window = readonly [number, number];

/** The profile's samples taken inside `windows` (sorted, not overlapping), merged into one call tree. */
export async function readProfile(path: string, windows: readonly Window[]): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const counts = new Map<number, number>();
  let time = profile.startTime;
  let samples = 0;
  let window = 0;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index] ?? 0;
    while (window < windows.length && (windows[window] as Window)[1] * 1000 < time) window++;
    if (window >= windows.length || time < (windows[window] as Window)[0] * 1000) return;
    counts.set(id, (counts.get(id) ?? 0) + 1);
    samples += 1;
  });
  const root: Frame = { name: '(root)', location: '', self: 0, total: 0, children: [] };
  for (const [id, count] of counts) {
    const path: ProfileNode[] = [];
    for (let node = byId.get(id); node && parent.has(node.id); node = byId.get(parent.get(node.id) as number)) path.unshift(node);
    let frame = root;
    frame.total += count;
    for (const node of path) {
      const name = node.callFrame.functionName || '(anonymous)';
      const location = shortLocation(node.callFrame.url, node.callFrame.lineNumber);
      let child = frame.children.find((candidate) => candidate.name === name && candidate.location === location);
      if (!child) frame.children.push((child = { name, location, self: 0, total: 0, children: [] }));
      child.total += count;
      frame = child;
    }
    frame.self += count;
  }
  const deltas = [...profile.timeDeltas].sort((a, b) => a - b);
  return { root, samples, intervalMicros: deltas[Math.floor(deltas.length / 2)] ?? 0 };
}

/** `file:///…/out/bench/src/registry/app.js` → `src/registry/app.js:12`; packages by their name. */
export function shortLocation(url: string, line: number): string {
  if (!url) return '';
  const at = line >= 0 ? `:${line + 1}` : '';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return `${url.slice(modules + '/node_modules/'.length)}${at}`;
  // The registry compiled into out/bench (bench/src/registry/…) or out/node (registry/…).
  const source = url.search(/\/src\/(registry|shared|testing)\//);
  if (source >= 0) return `${url.slice(source + 1)}${at}`;
  return `${url}${at}`;
}

/** Where a frame's code lives, for the table by place and the flame graph's colours. */
export function placeOf(frame: Pick<Frame, 'name' | 'location'>): string {
  const { name, location } = frame;
  if (name === '(garbage collector)') return 'garbage collector';
  if (name === '(idle)') return 'idle';
  if (name === '(program)') return 'native (V8, libuv, system calls)';
  if (location.startsWith('src/registry/')) return 'registry';
  if (location.startsWith('src/shared/')) return 'shared rules';
  if (location.startsWith('node:')) return 'Node internals';
  if (location === '') return 'native (V8, libuv, system calls)';
  return `package ${location.startsWith('@') ? location.split('/').slice(0, 2).join('/') : location.split('/')[0]}`;
}

function walk(frame: Frame, visit: (frame: Frame, stack: Frame[]) => void, stack: Frame[] = []): void {
  visit(frame, stack);
  for (const child of frame.children) walk(child, visit, [...stack, frame]);
}

/** The Markdown tables: time by place, then the top functions by self and by total time (idle left out of the shares). */
export function profileTables(summary: ProfileSummary, top = 25): string {
  const self = new Map<string, { name: string; location: string; self: number; total: number }>();
  const places = new Map<string, number>();
  let busy = 0;
  walk(summary.root, (frame, stack) => {
    if (frame === summary.root) return;
    const key = `${frame.name} ${frame.location}`;
    const entry = self.get(key) ?? { name: frame.name, location: frame.location, self: 0, total: 0 };
    entry.self += frame.self;
    // Total once per stack, even when the function recurses.
    if (!stack.some((above) => above.name === frame.name && above.location === frame.location)) entry.total += frame.total;
    self.set(key, entry);
    const place = placeOf(frame);
    places.set(place, (places.get(place) ?? 0) + frame.self);
    if (place !== 'idle') busy += frame.self;
  });
  const ms = (count: number) => ((count * summary.intervalMicros) / 1000).toFixed(0);
  const share = (count: number) => `${((100 * count) / busy).toFixed(1)}%`;
  const rows = (entries: Array<[string, ...string[]]>) => entries.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  const functions = [...self.values()].filter((entry) => placeOf(entry) !== 'idle');
  const byPlace = [...places].filter(([place]) => place !== 'idle').sort((a, b) => b[1] - a[1]);
  const name = (entry: { name: string; location: string }) => `\`${entry.name}\` ${entry.location}`.replace(/\|/g, '\\|');
  return [
    `${summary.samples} samples every ${summary.intervalMicros} µs; busy (not idle) ${ms(busy)} ms.`,
    '', '| where | self | share of busy |', '| --- | --- | --- |',
    rows(byPlace.map(([place, count]) => [place, `${ms(count)} ms`, share(count)])),
    '', '| function (self time) | self | share of busy |', '| --- | --- | --- |',
    rows(functions.sort((a, b) => b.self - a.self).slice(0, top).map((entry) => [name(entry), `${ms(entry.self)} ms`, share(entry.self)])),
    '', '| function (total time, callees included) | total | share of busy |', '| --- | --- | --- |',
    rows(functions.sort((a, b) => b.total - a.total).slice(0, top).map((entry) => [name(entry), `${ms(entry.total)} ms`, share(entry.total)])),
  ].join('\n');
}
