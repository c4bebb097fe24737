/**
 * Where a start's time goes, for benchmark 5's serve to ready: from the spawn, the program's
 * listening line, then what the page itself recorded (Resource Timing for the page and each
 * request, Long Tasks for its main thread busy 50 ms or more) and its ready moment. Every
 * time is on the machine's clock, from the spawn. Written for the median start of the
 * registry and of the trivial server to `profile/serve-timeline.md` (docs/benchmarks.md).
 */
import type { Page } from 'playwright-core';

/** The binding the page calls once ready (`page.exposeBinding`): Node hears of it without running anything in the page. */
export const READY_BINDING = 'slashbenchPageReady';

/**
 * Run in the page before its own scripts: notes in `window.readyAt` when `body[data-ready]`
 * turns true (epoch ms, the clock of Node's `performance.timeOrigin`) and calls READY_BINDING,
 * and keeps the page's long tasks in `window.longTasks`. Waiting for a selector instead
 * would inject Playwright's selector engine into the page while it starts (about 15 ms of
 * its busy main thread in a trace), which the registry's page paid and the trivial one,
 * ready by then, did not.
 */
export const PAGE_RECORDER = `
window.longTasks = [];
new MutationObserver(() => {
  if (window.readyAt !== undefined || document.body?.dataset.ready !== 'true') return;
  window.readyAt = performance.timeOrigin + performance.now();
  window.${READY_BINDING}();
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-ready'] });
try {
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((entry) => ({ start: entry.startTime, duration: entry.duration }))))
    .observe({ type: 'longtask', buffered: true });
} catch {}
`;

export interface Timeline {
  /** The program's listening line, ms from the spawn. */
  listening: number;
  /** The page ready, ms from the spawn. */
  ready: number;
  /** Each request of the page (the page first): when asked and when its answer had arrived. */
  requests: Array<{ name: string; start: number; end: number }>;
  /** The page's main thread busy 50 ms or more at a time. */
  longTasks: Array<{ start: number; end: number }>;
}

interface PageRecord {
  origin: number;
  readyAt: number;
  requests: Array<{ name: string; start: number; end: number }>;
  longTasks: Array<{ start: number; duration: number }>;
}

/** What the page recorded, on the clock of `spawned` (an epoch ms from Node's `performance.timeOrigin`). */
export async function readTimeline(page: Page, spawned: number, listening: number): Promise<Timeline> {
  const record = await page.evaluate<PageRecord>(`(() => ({
    origin: performance.timeOrigin,
    readyAt: window.readyAt,
    requests: [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]
      .map((entry) => ({ name: entry.name, start: entry.requestStart || entry.startTime, end: entry.responseEnd })),
    longTasks: window.longTasks,
  }))()`);
  const fromSpawn = (pageTime: number) => record.origin + pageTime - spawned;
  return {
    listening,
    ready: record.readyAt - spawned,
    requests: record.requests.map(({ name, start, end }) => ({ name: new URL(name).pathname + new URL(name).search, start: fromSpawn(start), end: fromSpawn(end) })),
    longTasks: record.longTasks.map(({ start, duration }) => ({ start: fromSpawn(start), end: fromSpawn(start + duration) })),
  };
}

/** The timeline as a Markdown table, in time order. */
export function timelineTable(title: string, timeline: Timeline): string {
  const rows: Array<[number, string]> = [
    [timeline.listening, 'the program prints its listening line'],
    ...timeline.requests.map(({ name, start, end }): [number, string] => [start, `${name.length > 70 ? `${name.slice(0, 70)}…` : name} asked; in at ${end.toFixed(0)} ms (${(end - start).toFixed(1)} ms)`]),
    ...timeline.longTasks.map(({ start, end }): [number, string] => [start, `the page's main thread busy until ${end.toFixed(0)} ms (${(end - start).toFixed(0)} ms)`]),
    [timeline.ready, 'the page is ready'],
  ];
  rows.sort((a, b) => a[0] - b[0]);
  return `## ${title}\n\n| ms from the spawn | what |\n| --- | --- |\n${rows.map(([ms, what]) => `| ${ms.toFixed(0)} | ${what} |`).join('\n')}\n`;
}

/**
 * The page's time with none of its requests outstanding, from its first request to ready:
 * what the browser did on its own (parsing, running and rendering the client, opening the
 * gateway's socket), which no server answering faster would take away.
 */
export function pageOwnMs(timeline: Timeline): number {
  const intervals = timeline.requests.map(({ start, end }) => [start, end] as const).sort((a, b) => a[0] - b[0]);
  const first = intervals[0]?.[0] ?? timeline.ready;
  let waiting = 0;
  let from = first;
  let to = first;
  for (const [start, end] of intervals) {
    if (start > to) {
      waiting += to - from;
      from = start;
    }
    to = Math.max(to, end);
  }
  waiting += Math.min(to, timeline.ready) - from;
  return timeline.ready - first - waiting;
}

/**
 * The fastest any server could make this page ready: Node's own start (when the trivial
 * server, which does nothing before it listens, printed its line) and the page's own time.
 */
export function clientFloorMs(page: Timeline, trivial: Timeline): number {
  return trivial.listening + pageOwnMs(page);
}
