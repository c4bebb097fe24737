/**
 * How the client shares the window's width, so the messages always keep room to read:
 * wide windows show the inspector and the member list as columns side by side; narrower
 * ones keep one panel at most on the chat's right (opening one closes the other). Panels
 * start open only where they leave room: at 1280x720 the member list, at 1024x640 none.
 * The widths live here only: the layout is the `data-layout` attribute the styles read.
 */
import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useActions, useApp } from './store-context.js';

export type LayoutMode = 'wide' | 'medium' | 'narrow';

/** From this window width the inspector (up to 440px) and the member list are both columns. */
export const WIDE_FROM = 1400;
/** From this width the member list starts open. */
export const MEDIUM_FROM = 1100;

export function layoutFor(width: number): LayoutMode {
  return width >= WIDE_FROM ? 'wide' : width >= MEDIUM_FROM ? 'medium' : 'narrow';
}

/** Which panels start open in a layout. */
export function panelDefaults(mode: LayoutMode): { inspectorOpen: boolean; memberListOpen: boolean } {
  return { inspectorOpen: mode === 'wide', memberListOpen: mode !== 'narrow' };
}

/** Whether the layout has room for both side panels at once. */
export function fitsBothPanels(mode: LayoutMode): boolean {
  return mode === 'wide';
}

export const LayoutContext = createContext<LayoutMode>('wide');

/** The layout the app is in (App provides it). */
export function useLayout(): LayoutMode {
  return useContext(LayoutContext);
}

/**
 * The layout for the window as it is now, following resizes: sets the panels' defaults
 * once, and keeps one panel when the window shrinks below room for two.
 */
export function useLayoutMode(): LayoutMode {
  const [mode, setMode] = useState<LayoutMode>(() => layoutFor(window.innerWidth));
  const { setInspectorOpen, setMemberListOpen } = useActions();
  const bothOpen = useApp((state) => state.inspectorOpen && state.memberListOpen);
  const before = useRef(mode);
  useLayoutEffect(() => {
    const defaults = panelDefaults(layoutFor(window.innerWidth));
    setInspectorOpen(defaults.inspectorOpen);
    setMemberListOpen(defaults.memberListOpen);
  }, [setInspectorOpen, setMemberListOpen]);
  useEffect(() => {
    const follow = () => setMode(layoutFor(window.innerWidth));
    window.addEventListener('resize', follow);
    return () => window.removeEventListener('resize', follow);
  }, []);
  useEffect(() => {
    if (before.current === mode) return;
    before.current = mode;
    if (!fitsBothPanels(mode) && bothOpen) setMemberListOpen(false);
  }, [mode, bothOpen, setMemberListOpen]);
  return mode;
}
