/**
 * Work the client does when the page is next idle (app/when-idle.ts): the picker's entries
 * once an index arrives, the collators at start, the lazy parts once ready.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../src/renderer/app/when-idle.js';

const global = globalThis as { window?: unknown };

afterEach(() => {
  delete global.window;
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for its next idle moment, at the latest after the timeout, and can be cancelled', () => {
    const asked: Array<{ run: () => void; timeout: number | undefined }> = [];
    const cancelled: number[] = [];
    global.window = {
      requestIdleCallback: (run: () => void, options?: { timeout?: number }) => asked.push({ run, timeout: options?.timeout }),
      cancelIdleCallback: (handle: number) => cancelled.push(handle),
    };
    const run = vi.fn();
    const cancel = whenIdle(run, 500);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.timeout).toBe(500);
    expect(run).not.toHaveBeenCalled();
    asked[0]?.run();
    expect(run).toHaveBeenCalledOnce();
    cancel();
    expect(cancelled).toEqual([1]);
  });

  it('waits a moment instead where the browser has no idle callbacks, and can be cancelled', () => {
    vi.useFakeTimers();
    global.window = { setTimeout, clearTimeout };
    const run = vi.fn();
    whenIdle(run, 500, 200);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    const later = vi.fn();
    whenIdle(later, 500, 200)();
    vi.advanceTimersByTime(1000);
    expect(later).not.toHaveBeenCalled();
  });
});
