/**
 * The reader's clock for what a message says about time (`<t:…:R>`, a poll's time left):
 * one ticking value for the whole message list, so each relative time re-renders with it
 * and nothing else does. Without a provider, the time of rendering.
 */
import { createContext, createElement, useContext, useEffect, useState, type ReactNode } from 'react';

export const NowContext = createContext<number | null>(null);

/** The clock the list provides, or now. */
export function useNow(): number {
  return useContext(NowContext) ?? Date.now();
}

/**
 * Provides a clock that moves every `intervalMs` while mounted, and whenever `changed`
 * changes (a new message reads a fresh time). Only the clock's readers render again on a
 * tick: `children` stay the same elements.
 */
export function NowProvider({ intervalMs, changed, children }: { intervalMs: number; changed: unknown; children?: ReactNode }) {
  const [now, setNow] = useState(() => Date.now());
  const [seen, setSeen] = useState(changed);
  if (seen !== changed) {
    // Read the time while rendering what changed, so no frame shows it against an older clock.
    setSeen(changed);
    setNow(Date.now());
  }
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return createElement(NowContext.Provider, { value: now }, children);
}
