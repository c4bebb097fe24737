import { describe, expect, it } from 'vitest';
import { largestCommand, sizeOf, typicalCommand } from '../../bench/commands.js';
import { clientFloorMs, pageOwnMs, type Timeline } from '../../bench/serve-timeline.js';
import { median, percentile, summarize } from '../../bench/stats.js';
import { isMet, markdownTable, ratioOf, textTable, type Row } from '../../bench/table.js';

describe('benchmark statistics', () => {
  it('takes nearest-rank percentiles: always a sample that happened', () => {
    const samples = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile(samples, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(() => percentile([], 50)).toThrow(RangeError);
  });

  it('summarizes unsorted samples', () => {
    expect(summarize([3, 1, 2, 4])).toEqual({ count: 4, p50: 2, p99: 4, mean: 2.5, min: 1, max: 4 });
    expect(median([5, 1, 3])).toBe(3);
  });
});

describe('a start\'s timeline', () => {
  const request = (start: number, end: number) => ({ name: '/', start, end });
  // Asked at 10 (in at 20), two at once from 30 (in at 35 and 50), one from 45 to 60, ready at 100.
  const page: Timeline = { listening: 5, ready: 100, requests: [request(30, 35), request(10, 20), request(45, 60), request(30, 50)], longTasks: [] };

  it('counts the page\'s own time: from its first request to ready, with none outstanding', () => {
    expect(pageOwnMs(page)).toBe(90 - 10 - 30);
    expect(pageOwnMs({ ...page, requests: [] })).toBe(0);
  });

  it('puts the floor of a client at Node\'s start, as the trivial server shows it, and the page\'s own time', () => {
    expect(clientFloorMs(page, { listening: 80, ready: 110, requests: [], longTasks: [] })).toBe(80 + 50);
  });
});

describe('the results table', () => {
  const latency: Row = { benchmark: 'delivery', figure: 'p50', unit: 'ms', value: 2, baseline: 0.8, baselineName: 'plain POST', target: { comparison: 'at most', ratio: 3 } };
  const throughput: Row = { benchmark: 'reads', figure: 'req/s', unit: 'req/s', value: 400, baseline: 10000, baselineName: 'bare', target: { comparison: 'at least', ratio: 0.5 } };

  it('judges the ratio against the target in the right direction', () => {
    expect(ratioOf(latency)).toBe(2.5);
    expect(isMet(latency)).toBe(true);
    expect(isMet({ ...latency, value: 2.5 })).toBe(false);
    expect(isMet(throughput)).toBe(false);
    expect(isMet({ ...throughput, target: undefined })).toBeUndefined();
  });

  it('prints one line per row, in text and in Markdown', () => {
    expect(textTable([latency, throughput]).split('\n')).toHaveLength(4);
    const markdown = markdownTable([latency]);
    expect(markdown).toContain('| delivery | p50 | 2.000 ms | 0.800 ms (plain POST) | 2.50 | — | — | ≤ 3 | yes |');
    // Beside the ratio, the floor of the hops (as a multiple of the baseline) and the figure beyond it: physics and the registry's own.
    expect(markdownTable([{ ...latency, floor: 1.6, floorName: 'two hops' }])).toContain('| 2.50 | 1.600 ms, 2.00x (two hops) | 1.25 | ≤ 3 | yes |');
  });
});

describe('benchmark commands', () => {
  it('are valid, and the largest is exactly at the 8000-character limit', () => {
    expect(sizeOf(typicalCommand(0))).toBeLessThan(1000);
    expect(sizeOf(largestCommand(99, 1, 4))).toBe(8000);
  });
});
