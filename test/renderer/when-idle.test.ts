/**
 * Work the client does when the page is next idle (app/when-idle.ts): the picker's entries
 * once an index arrives, the collators at start, the lazy parts once ready.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '../../src/renderer/app/when-idle.js';

const page = globalThis as { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };

afterEach(() => {
  delete page.requestIdleCallback;
  delete page.cancelIdleCallback;
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('asks the browser for its next idle moment, at the latest after the timeout, and can be cancelled', () => {
    const asked: Array<{ run: () => void; timeout: number | undefined }> = [];
    const cancelled: number[] = [];
    page.requestIdleCallback = (run: () => void, options?: { timeout?: number }) => asked.push({ run, timeout: options?.timeout });
    page.cancelIdleCallback = (handle: number) => cancelled.push(handle);
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
