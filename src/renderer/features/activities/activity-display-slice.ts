/**
 * The open Activity's display as the person and the Activity change it: the rotate button
 * turns the phone (unless the Activity locked its orientation), the PIP button shrinks it to
 * a tile and back, and `setOrientationLockState` locks it. Part of the activities slice (a
 * launch starts afresh with INITIAL_DISPLAY); the frame session hears each change through
 * the store and tells the frames that subscribed (ORIENTATION_UPDATE,
 * ACTIVITY_LAYOUT_MODE_UPDATE).
 */
import type { Slice } from '../../store/app-state.js';
import { INITIAL_DISPLAY, rotated, withLocks, type ActivityDisplay, type LayoutMode, type LockChange } from './activity-display.js';

export interface ActivityDisplaySlice {
  activityDisplay: ActivityDisplay;
  /** Turns the phone a quarter; nothing on a desktop, when the Activity locked its orientation, or when none is open. */
  rotateActivity(): void;
  setActivityLayout(layout: LayoutMode): void;
  /** The Activity's `setOrientationLockState`. */
  lockActivityOrientation(change: LockChange): void;
}

export function createActivityDisplaySlice(): Slice<ActivityDisplaySlice> {
  return (set, get) => {
    const change = (edit: (display: ActivityDisplay) => ActivityDisplay) => {
      if (get().activity === null) return;
      const display = get().activityDisplay;
      const next = edit(display);
      if (next !== display) set({ activityDisplay: next });
    };
    return {
      activityDisplay: INITIAL_DISPLAY,
      // Only a phone turns.
      rotateActivity: () => change((display) => (get().activity?.platform === 'mobile' ? rotated(display) : display)),
      setActivityLayout: (layout) => change((display) => (display.layout === layout ? display : { ...display, layout })),
      lockActivityOrientation: (lock) => change((display) => withLocks(display, lock)),
    };
  };
}
