/**
 * The layout rules (layout-rules.ts) applied to the window: its mode as it is resized, the
 * panels' defaults set once, and one panel at a time where two would crowd the messages.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { layoutFor, panelDefaults, panelToClose, type LayoutMode, type Panels } from './layout-rules.js';
import { useActions, useApp } from './store-context.js';

/**
 * The layout for the window as it is now, following resizes: sets the panels' defaults
 * once, and keeps one panel at a time where two would crowd the messages.
 */
export function useLayoutMode(): LayoutMode {
  const [mode, setMode] = useState<LayoutMode>(() => layoutFor(window.innerWidth));
  const { setInspectorOpen, setMemberListOpen } = useActions();
  const inspectorOpen = useApp((state) => state.inspectorOpen);
  const memberListOpen = useApp((state) => state.memberListOpen);
  /** The panels and layout as of the last render (null before the first). */
  const before = useRef<(Panels & { mode: LayoutMode }) | null>(null);

  useLayoutEffect(() => {
    const defaults = panelDefaults(layoutFor(window.innerWidth));
    setInspectorOpen(defaults.inspectorOpen);
    setMemberListOpen(defaults.memberListOpen);
  }, [setInspectorOpen, setMemberListOpen]);

  useLayoutEffect(() => {
    const now = { inspectorOpen, memberListOpen, mode };
    const previous = before.current;
    before.current = now;
    const close = previous === null ? null : panelToClose(previous, now);
    if (close === 'inspectorOpen') setInspectorOpen(false);
    if (close === 'memberListOpen') setMemberListOpen(false);
  }, [mode, inspectorOpen, memberListOpen, setInspectorOpen, setMemberListOpen]);

  useEffect(() => {
    const follow = () => setMode(layoutFor(window.innerWidth));
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, []);
  return mode;
}
