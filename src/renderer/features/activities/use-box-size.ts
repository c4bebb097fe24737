/**
 * The content size of an element, kept current as it resizes (the window, the layout's
 * panels): the room the Activity panel has to fit a phone-sized frame in.
 */
import { useCallback, useState } from 'react';
import type { Size } from './activity-display.js';

/** The size, and the ref to put on the element it measures. */
export function useBoxSize(): [Size, (element: HTMLElement | null) => (() => void) | undefined] {
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const measure = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [size, measure];
}
