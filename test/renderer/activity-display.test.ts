/**
 * How the open Activity is shown: launched as on a phone when the settings say so (its URL
 * says `platform=mobile`, what the SDK reads as `discordSdk.platform`), the phone's size and
 * how it shrinks to fit the panel, turning it (unless the Activity locked it), the
 * picture-in-picture tile, and a launch or a close starting afresh. The frame protocol's
 * side (the events a frame hears) is in activity-frame-protocol.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { CommandIndex, IndexedCommand } from '../../src/renderer/api/wire-types.js';
import {
  canRotate, fitScale, frameViewport, INITIAL_DISPLAY, onPlatform, rotated, withLocks, type ActivityDisplay,
} from '../../src/renderer/features/activities/activity-display.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { GENERAL, GUILD, startedClient, type Fake } from './fake-deps.js';

const GAME = '32';
const ENTRY_POINT: IndexedCommand = { id: '51', application_id: GAME, version: '510', type: 4, name: 'Launch', description: 'Launch an activity', handler: 2 };
const INDEX: CommandIndex = {
  applications: [...EXAMPLE_INDEX.applications, { id: GAME, name: 'Dice Game' }],
  application_commands: [...EXAMPLE_INDEX.application_commands, ENTRY_POINT],
};
const URL_DESKTOP = `https://dice.example/play?instance_id=i-1&frame_id=f-1&channel_id=${GENERAL}&guild_id=${GUILD}&platform=desktop`;

/** Launches Dice Game and delivers the registry's launch, which always says desktop. */
async function launched(fake: Fake, url = URL_DESKTOP): Promise<void> {
  await fake.store.getState().launchEntryPoint(ENTRY_POINT);
  fake.gateway.listener?.dispatch('EMBEDDED_ACTIVITY_LAUNCH', {
    application_id: GAME, channel_id: GENERAL, guild_id: GUILD, instance_id: 'i-1', frame_id: 'f-1', url, participants: ['10'],
  });
}

const display = (change: Partial<ActivityDisplay>): ActivityDisplay => ({ ...INITIAL_DISPLAY, ...change });

describe('launching as on a phone', () => {
  it('frames the Activity with platform=mobile when the settings say Mobile, and keeps the choice with the host', async () => {
    const fake = await startedClient(INDEX);
    expect(await fake.store.getState().saveSettings({ activity_platform: 'mobile' })).toBe(true);
    expect(fake.settings.writes.at(-1)?.activity_platform).toBe('mobile');
    await launched(fake);
    const activity = fake.store.getState().activity;
    expect(activity?.platform).toBe('mobile');
    expect(activity?.url).toBe(`https://dice.example/play?instance_id=i-1&frame_id=f-1&channel_id=${GENERAL}&guild_id=${GUILD}&platform=mobile`);
    expect(fake.store.getState().activityDisplay).toEqual(INITIAL_DISPLAY);
  });

  it('frames it as the registry said on the desktop, the default', async () => {
    const fake = await startedClient(INDEX);
    await launched(fake);
    expect(fake.store.getState().activity).toMatchObject({ platform: 'desktop', url: URL_DESKTOP });
  });

  it('rewrites only the platform: a registry path stays a path, a URL already saying it stays as it is', () => {
    expect(onPlatform('/activity/?instance_id=i-1&platform=desktop', 'mobile')).toBe('/activity/?instance_id=i-1&platform=mobile');
    expect(onPlatform('/?frame_id=f&platform=desktop', 'mobile')).toBe('/?frame_id=f&platform=mobile');
    expect(onPlatform(URL_DESKTOP, 'desktop')).toBe(URL_DESKTOP);
    expect(onPlatform('', 'mobile')).toBe('');
    expect(onPlatform('http://[oops', 'mobile')).toBe('http://[oops');
  });
});

describe('the frame\'s size', () => {
  it('fills the panel on the desktop; on a phone it is a 390x844 viewport, turned sideways in landscape', () => {
    expect(frameViewport(INITIAL_DISPLAY, 'desktop')).toBeNull();
    expect(frameViewport(INITIAL_DISPLAY, 'mobile')).toEqual({ width: 390, height: 844 });
    expect(frameViewport(display({ orientation: 'landscape' }), 'mobile')).toEqual({ width: 844, height: 390 });
  });

  it('shrinks a phone to fit the panel\'s room, never grows it', () => {
    expect(fitScale({ width: 390, height: 844 }, { width: 900, height: 422 })).toBe(0.5);
    expect(fitScale({ width: 844, height: 390 }, { width: 422, height: 600 })).toBe(0.5);
    expect(fitScale({ width: 390, height: 844 }, { width: 2000, height: 2000 })).toBe(1);
    // Not measured yet: as it is.
    expect(fitScale({ width: 390, height: 844 }, { width: 0, height: 0 })).toBe(1);
  });

  it('is a 16:9 tile in picture-in-picture, upright when the phone is or the Activity locked it so', () => {
    expect(frameViewport(display({ layout: 'pip' }), 'desktop')).toEqual({ width: 320, height: 180 });
    expect(frameViewport(display({ layout: 'pip' }), 'mobile')).toEqual({ width: 180, height: 320 });
    expect(frameViewport(display({ layout: 'pip', orientation: 'landscape' }), 'mobile')).toEqual({ width: 320, height: 180 });
    // picture_in_picture_lock_state, else lock_state, decides the tile.
    const portraitTile = withLocks(INITIAL_DISPLAY, { focused: 1, pip: 2 });
    expect(frameViewport({ ...portraitTile, layout: 'pip' }, 'desktop')).toEqual({ width: 180, height: 320 });
    const lockedSideways = withLocks(INITIAL_DISPLAY, { focused: 3 });
    expect(frameViewport({ ...lockedSideways, layout: 'pip' }, 'mobile')).toEqual({ width: 320, height: 180 });
  });
});

describe('turning the phone and locking it', () => {
  it('turns a quarter each time, unless the Activity locked it, and a lock turns it at once', () => {
    expect(rotated(INITIAL_DISPLAY).orientation).toBe('landscape');
    expect(rotated(rotated(INITIAL_DISPLAY)).orientation).toBe('portrait');
    const locked = withLocks(INITIAL_DISPLAY, { focused: 3 });
    expect(locked.orientation).toBe('landscape');
    expect(canRotate(locked)).toBe(false);
    expect(rotated(locked)).toBe(locked);
    const unlocked = withLocks(locked, { focused: 1 });
    expect(unlocked.orientation).toBe('landscape');
    expect(canRotate(unlocked)).toBe(true);
  });

  it('keeps a tile\'s lock when the call leaves it out, and clears it on null', () => {
    const both = withLocks(INITIAL_DISPLAY, { focused: 1, pip: 3, grid: 2 });
    expect(withLocks(both, { focused: 2 }).locks).toEqual({ focused: 2, pip: 3, grid: 2 });
    expect(withLocks(both, { focused: 1, pip: null, grid: null }).locks).toEqual({ focused: 1, pip: null, grid: null });
  });
});

describe('the panel\'s buttons, in the store', () => {
  it('turns the phone, shrinks it to a tile and back; a new launch and a close start afresh', async () => {
    const fake = await startedClient(INDEX);
    await fake.store.getState().saveSettings({ activity_platform: 'mobile' });
    const state = () => fake.store.getState();
    // Nothing open: nothing to turn.
    state().rotateActivity();
    expect(state().activityDisplay).toBe(INITIAL_DISPLAY);
    await launched(fake);
    state().rotateActivity();
    state().setActivityLayout('pip');
    expect(state().activityDisplay).toMatchObject({ orientation: 'landscape', layout: 'pip' });
    state().lockActivityOrientation({ focused: 2 });
    state().rotateActivity();
    expect(state().activityDisplay).toMatchObject({ orientation: 'portrait', layout: 'pip' });
    state().setActivityLayout('focused');
    expect(state().activityDisplay.layout).toBe('focused');
    state().closeActivity();
    expect(state().activityDisplay).toBe(INITIAL_DISPLAY);
    // Whatever the last Activity left, a launch starts upright and focused.
    fake.store.setState({ activityDisplay: display({ orientation: 'landscape', layout: 'pip' }) });
    await launched(fake);
    expect(state().activityDisplay).toBe(INITIAL_DISPLAY);
  });
});
