/**
 * Whether the reader asked their system for less motion (`prefers-reduced-motion: reduce`),
 * followed live: a GIF then waits to be played instead of playing on its own, as the real
 * client's reduced-motion setting keeps it still.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

/** The media query, where there is a window to ask (none in server rendering). */
function motionQuery(): MediaQueryList | null {
  return typeof window === 'undefined' || typeof window.matchMedia !== 'function' ? null : window.matchMedia(QUERY);
}

function subscribe(changed: () => void): () => void {
  const query = motionQuery();
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
}

/** True while the reader prefers reduced motion. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => motionQuery()?.matches ?? false, () => false);
}
