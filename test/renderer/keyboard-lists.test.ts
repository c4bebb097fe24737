/**
 * The keyboard's rules that every list and menu of the client shares: where a key moves the
 * highlight (arrows, Home/End, PageUp/PageDown, wrapping in menus, stopping at the ends in
 * lists), which keys open a context menu, and one dropdown or menu open at a time, whoever
 * opens the next one; and how small windows share their width between the side panels.
 */
import { describe, expect, it } from 'vitest';
import { layoutFor, panelDefaults, panelToClose } from '../../src/renderer/app/layout-rules.js';
import { isMenuKey, movedIndex, PAGE_STEP } from '../../src/renderer/app/list-keys.js';
import { openPopups } from '../../src/renderer/features/popups/one-open.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { startedClient } from './fake-deps.js';

describe('moving in a list with the keyboard', () => {
  it('steps with the arrows, jumps with Home/End and pages, and ignores other keys', () => {
    expect(movedIndex('ArrowDown', 2, 10)).toBe(3);
    expect(movedIndex('ArrowUp', 2, 10)).toBe(1);
    expect(movedIndex('Home', 7, 10)).toBe(0);
    expect(movedIndex('End', 2, 10)).toBe(9);
    expect(movedIndex('PageDown', 2, 10)).toBe(2 + PAGE_STEP);
    expect(movedIndex('PageDown', 8, 10)).toBe(9);
    expect(movedIndex('PageUp', 3, 10)).toBe(0);
    expect(movedIndex('Enter', 2, 10)).toBeUndefined();
    expect(movedIndex('ArrowDown', 0, 0)).toBeUndefined();
  });

  it('stops at the ends of a list, and goes round in a menu', () => {
    expect(movedIndex('ArrowDown', 9, 10)).toBe(9);
    expect(movedIndex('ArrowUp', 0, 10)).toBe(0);
    expect(movedIndex('ArrowDown', 9, 10, { wrap: true })).toBe(0);
    expect(movedIndex('ArrowUp', 0, 10, { wrap: true })).toBe(9);
  });

  it('starts from the first or the last when nothing is highlighted yet', () => {
    expect(movedIndex('ArrowDown', -1, 4)).toBe(0);
    expect(movedIndex('ArrowUp', -1, 4)).toBe(3);
  });

  it('opens a context menu on the ContextMenu key and Shift+F10, not on F10 alone', () => {
    expect(isMenuKey({ key: 'ContextMenu', shiftKey: false })).toBe(true);
    expect(isMenuKey({ key: 'F10', shiftKey: true })).toBe(true);
    expect(isMenuKey({ key: 'F10', shiftKey: false })).toBe(false);
  });
});

describe('one dropdown or menu open at a time', () => {
  it('closes whatever was open when another opens: picker, context menu, launcher, a select, autocomplete', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const state = () => fake.store.getState();
    state().setDraft('/');
    expect(openPopups(state())).toEqual(['picker']);
    state().openContextMenu({ kind: 'message', id: '99' }, 10, 10);
    expect(openPopups(state())).toEqual(['context-menu']);
    state().toggleLauncher(true);
    expect(openPopups(state())).toEqual(['launcher']);
    state().setOpenDropdown('99:flavour');
    expect(openPopups(state())).toEqual(['dropdown']);
    // Another select's list replaces this one; typing `/` again opens the picker over it.
    state().setOpenDropdown('99:size');
    expect(state().openDropdown).toBe('99:size');
    state().setDraft('/f');
    expect(openPopups(state())).toEqual(['picker']);
    // Choosing a command with an autocomplete option opens its list; a select opening closes it.
    const fruit = EXAMPLE_INDEX.application_commands.find((command) => command.name === 'fruit');
    state().choose({ key: '42', command: fruit!, path: [], label: '/fruit', description: '' });
    expect(openPopups(state())).toEqual(['autocomplete']);
    state().setOpenDropdown('99:flavour');
    expect(openPopups(state())).toEqual(['dropdown']);
    expect(state().chosen?.label).toBe('/fruit');
  });
});

describe('sharing the window\'s width', () => {
  it('names the layout by width: wide from 1400px, medium from 1100px', () => {
    expect([1440, 1400, 1399, 1280, 1100, 1099, 1024].map(layoutFor)).toEqual(['wide', 'wide', 'medium', 'medium', 'medium', 'narrow', 'narrow']);
  });

  it('starts with the panels that leave the messages room: both when wide, the member list at 1280, none at 1024', () => {
    expect(panelDefaults('wide')).toEqual({ inspectorOpen: true, memberListOpen: true });
    expect(panelDefaults('medium')).toEqual({ inspectorOpen: false, memberListOpen: true });
    expect(panelDefaults('narrow')).toEqual({ inspectorOpen: false, memberListOpen: false });
  });

  it('keeps one panel below the wide layout: the one just opened, or the member list when the window shrank', () => {
    const both = { inspectorOpen: true, memberListOpen: true };
    const members = { inspectorOpen: false, memberListOpen: true };
    const inspector = { inspectorOpen: true, memberListOpen: false };
    expect(panelToClose({ ...members, mode: 'medium' }, { ...both, mode: 'medium' })).toBe('memberListOpen');
    expect(panelToClose({ ...inspector, mode: 'narrow' }, { ...both, mode: 'narrow' })).toBe('inspectorOpen');
    expect(panelToClose({ ...both, mode: 'wide' }, { ...both, mode: 'medium' })).toBe('memberListOpen');
    expect(panelToClose({ ...members, mode: 'wide' }, { ...both, mode: 'wide' })).toBeNull();
    // Nothing changed (an effect running again): nothing to do.
    expect(panelToClose({ ...both, mode: 'medium' }, { ...both, mode: 'medium' })).toBeNull();
  });
});
