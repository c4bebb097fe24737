/**
 * How the open Activity is shown: on the desktop client (the frame fills the panel) or on a
 * phone (a phone-sized frame, portrait or landscape), focused or shrunk to a
 * picture-in-picture tile, and the orientation locks its `setOrientationLockState` asked for.
 * Pure rules, so the panel, the store and the frame protocol read the same answers.
 *
 * The numbers are the SDK's (`Common.OrientationLockStateTypeObject`,
 * `OrientationTypeObject`, `LayoutModeTypeObject` in @discord/embedded-app-sdk 2.x; a test
 * pins them). The locks follow Discord's Layout guide: `lock_state` holds the focused
 * Activity, `picture_in_picture_lock_state` the PIP tile (falling back to `lock_state`),
 * `grid_lock_state` the grid tile (falling back to PIP's); an omitted field keeps its lock,
 * null clears it.
 */
import { withLaunchParameters } from '../../../shared/activity-url.js';
import type { ActivityPlatform } from '../../../shared/client-settings.js';

export type { ActivityPlatform } from '../../../shared/client-settings.js';
export type Orientation = 'portrait' | 'landscape';
/** The client has no grid of Activities (that is the voice channel's), so focused or PIP. */
export type LayoutMode = 'focused' | 'pip';

/** UNLOCKED 1, PORTRAIT 2, LANDSCAPE 3. */
export const LOCK_STATE = { UNLOCKED: 1, PORTRAIT: 2, LANDSCAPE: 3 } as const;
export type LockState = (typeof LOCK_STATE)[keyof typeof LOCK_STATE];

/** ORIENTATION_UPDATE's `screen_orientation`: PORTRAIT 0, LANDSCAPE 1. */
export const SCREEN_ORIENTATION = { portrait: 0, landscape: 1 } as const satisfies Record<Orientation, number>;
/** ACTIVITY_LAYOUT_MODE_UPDATE's `layout_mode`: FOCUSED 0, PIP 1 (GRID 2 never happens here). */
export const LAYOUT_MODE = { focused: 0, pip: 1 } as const satisfies Record<LayoutMode, number>;

export interface OrientationLocks {
  focused: LockState;
  /** null: as `focused`. */
  pip: LockState | null;
  /** null: as `pip`. */
  grid: LockState | null;
}

/** A `setOrientationLockState` call, read: undefined keeps a lock, null clears it. */
export interface LockChange {
  focused: LockState;
  pip?: LockState | null;
  grid?: LockState | null;
}

export interface ActivityDisplay {
  /** The phone's screen; a desktop frame has none. */
  orientation: Orientation;
  layout: LayoutMode;
  locks: OrientationLocks;
}

/** A phone held upright, the Activity focused, nothing locked. */
export const INITIAL_DISPLAY: ActivityDisplay = Object.freeze({
  orientation: 'portrait', layout: 'focused', locks: Object.freeze({ focused: LOCK_STATE.UNLOCKED, pip: null, grid: null }),
});

/** A phone's viewport in CSS pixels (an iPhone 14's), held upright. */
export const PHONE = { width: 390, height: 844 } as const;
/** The picture-in-picture tile, held sideways (16:9, as the real client's). */
export const PIP_TILE = { width: 320, height: 180 } as const;

export interface Size {
  width: number;
  height: number;
}

export function isLockState(value: unknown): value is LockState {
  return value === LOCK_STATE.UNLOCKED || value === LOCK_STATE.PORTRAIT || value === LOCK_STATE.LANDSCAPE;
}

/** The orientation a lock holds, or null when it leaves the person free to turn. */
export function lockedOrientation(lock: LockState): Orientation | null {
  if (lock === LOCK_STATE.PORTRAIT) return 'portrait';
  return lock === LOCK_STATE.LANDSCAPE ? 'landscape' : null;
}

/** The locks after a change; a focused lock turns the phone at once. */
export function withLocks(display: ActivityDisplay, change: LockChange): ActivityDisplay {
  const locks: OrientationLocks = {
    focused: change.focused,
    pip: change.pip === undefined ? display.locks.pip : change.pip,
    grid: change.grid === undefined ? display.locks.grid : change.grid,
  };
  return { ...display, locks, orientation: lockedOrientation(locks.focused) ?? display.orientation };
}

/** Whether the person may turn the phone (the Activity has not locked its orientation). */
export function canRotate(display: ActivityDisplay): boolean {
  return lockedOrientation(display.locks.focused) === null;
}

/** The phone turned a quarter, unless locked. */
export function rotated(display: ActivityDisplay): ActivityDisplay {
  if (!canRotate(display)) return display;
  return { ...display, orientation: display.orientation === 'portrait' ? 'landscape' : 'portrait' };
}

function turned(size: Size, orientation: Orientation): Size {
  const long = Math.max(size.width, size.height);
  const short = Math.min(size.width, size.height);
  return orientation === 'portrait' ? { width: short, height: long } : { width: long, height: short };
}

/**
 * The PIP tile's shape: its lock, else the focused lock, else the phone's orientation (a
 * desktop tile lies sideways).
 */
export function pipOrientation(display: ActivityDisplay, platform: ActivityPlatform): Orientation {
  const lock = lockedOrientation(display.locks.pip ?? display.locks.focused);
  return lock ?? (platform === 'mobile' ? display.orientation : 'landscape');
}

/**
 * The frame's viewport in CSS pixels, what the Activity sees as its window: a phone's
 * (scaled to fit by the panel), the PIP tile, or null where the frame fills the panel.
 */
export function frameViewport(display: ActivityDisplay, platform: ActivityPlatform): Size | null {
  if (display.layout === 'pip') return turned(PIP_TILE, pipOrientation(display, platform));
  return platform === 'mobile' ? turned(PHONE, display.orientation) : null;
}

/**
 * The launch URL with `platform` in its query: the registry launches for the desktop, the
 * client's settings may say a phone. A URL already saying so is left as it is.
 */
export function onPlatform(url: string, platform: ActivityPlatform): string {
  try {
    if (url === '' || new URL(url, 'http://registry.invalid').searchParams.get('platform') === platform) return url;
    return withLaunchParameters(url, { platform });
  } catch {
    // Not a URL at all: the panel says so (activity-frame.ts).
    return url;
  }
}

/** How far a viewport shrinks to fit the room it has (never grows). */
export function fitScale(viewport: Size, room: Size): number {
  if (room.width <= 0 || room.height <= 0) return 1;
  return Math.min(1, room.width / viewport.width, room.height / viewport.height);
}
