/**
 * How the client shares the window's width, so the messages always keep room to read:
 * wide windows show the inspector and the member list as columns side by side; narrower
 * ones keep one panel at most on the chat's right (the one just opened, by its toggle or
 * by the app, as the explanation of a hidden command opens the inspector). Panels start
 * open only where they leave room: at 1280x720 the member list, at 1024x640 none. The
 * widths live here only: the layout is the `data-layout` attribute the styles read
 * (layout-mode.ts applies these rules to the window).
 */
/** The three ways the client lays out its side panels. */
export type LayoutMode = 'wide' | 'medium' | 'narrow';

/** From this window width the inspector (up to 440px) and the member list are both columns. */
export const WIDE_FROM = 1400;
/** From this width the member list starts open. */
export const MEDIUM_FROM = 1100;

/** The layout a window `width` pixels wide gets. */
export function layoutFor(width: number): LayoutMode {
  return width >= WIDE_FROM ? 'wide' : width >= MEDIUM_FROM ? 'medium' : 'narrow';
}

/** Which side panels are open. */
export interface Panels {
  inspectorOpen: boolean;
  memberListOpen: boolean;
}

/** Which panels start open in a layout. */
export function panelDefaults(mode: LayoutMode): Panels {
  return { inspectorOpen: mode === 'wide', memberListOpen: mode !== 'narrow' };
}

/**
 * The panel to put away so one is left, or null: below the wide layout, when both are open,
 * the one that was already open goes; when both already were (the window just shrank, from
 * `before.mode`), the member list.
 */
export function panelToClose(before: Panels & { mode: LayoutMode }, now: Panels & { mode: LayoutMode }): keyof Panels | null {
  if (now.mode === 'wide' || !now.inspectorOpen || !now.memberListOpen) return null;
  if (!before.inspectorOpen) return 'memberListOpen';
  if (!before.memberListOpen) return 'inspectorOpen';
  return before.mode === now.mode ? null : 'memberListOpen';
}
