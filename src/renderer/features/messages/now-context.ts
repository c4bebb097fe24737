/**
 * The reader's clock for what a message says about time (`<t:…:R>`, a poll's time left):
 * one ticking value for the whole message list, so each relative time re-renders with it
 * and nothing else does. Without a provider, the time of rendering.
 */
import { createContext, useContext, useEffect, useState } from 'react';

export const NowContext = createContext<number | null>(null);

/** The clock the list provides, or now. */
export function useNow(): number {
  return useContext(NowContext) ?? Date.now();
}

/** A clock that moves every `intervalMs` while mounted, and whenever `changed` changes (a new message reads a fresh time). */
export function useTickingNow(intervalMs: number, changed: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setNow(Date.now()), [changed]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
