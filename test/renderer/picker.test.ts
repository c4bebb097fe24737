/**
 * The command picker's list: one entry per invocable path, named in the person's locale,
 * grouped by app, filtered case-insensitively by what follows the slash, best matches first.
 */
import { describe, expect, it } from 'vitest';
import { commandEntries, filterPicker, flattenGroups, matchRank, pickerQuery } from '../../src/renderer/features/commands/picker-entries.js';
import { EXAMPLE_INDEX } from './example-index.js';

const labels = (query: string) => flattenGroups(filterPicker(EXAMPLE_INDEX, query)).map((entry) => entry.label);
const admin = EXAMPLE_INDEX.application_commands.find((command) => command.name === 'admin')!;

describe('picker entries', () => {
  it('lists each subcommand, in or out of a group, with localized names and the default path', () => {
    const entries = commandEntries(admin);
    expect(entries.map((entry) => entry.label)).toEqual([
      '/administration utilisateur bannir', '/administration utilisateur warn', '/administration status',
    ]);
    expect(entries.map((entry) => entry.path)).toEqual([['user', 'ban'], ['user', 'warn'], ['status']]);
    expect(entries[0]?.description).toBe('Bannir quelqu’un');
    expect(entries[1]?.description).toBe('Warn someone');
  });

  it('lists a command without subcommands once, with its own description', () => {
    const echo = EXAMPLE_INDEX.application_commands.find((command) => command.name === 'echo')!;
    expect(commandEntries(echo)).toMatchObject([{ label: '/echo', path: [], description: 'Repeat some text', key: '40' }]);
  });

  it('groups chat input commands by app in the index order, leaving out user and message commands', () => {
    const groups = filterPicker(EXAMPLE_INDEX, '');
    expect(groups.map((group) => group.application.name)).toEqual(['Example Bot', 'Other App']);
    expect(groups[0]?.entries.map((entry) => entry.label)).toEqual([
      '/administration status', '/administration utilisateur bannir', '/administration utilisateur warn', '/echo', '/fruit',
    ]);
    expect(labels('').some((label) => label.includes('Inspect'))).toBe(false);
  });

  it('filters case-insensitively on the localized names and drops apps with no match', () => {
    expect(filterPicker(EXAMPLE_INDEX, 'PI').map((group) => group.application.name)).toEqual(['Other App']);
    expect(labels('PI')).toEqual(['/Ping']);
    expect(labels('bann')).toEqual(['/administration utilisateur bannir']);
    expect(labels('user')).toEqual([]);
    expect(labels('nothing-like-this')).toEqual([]);
  });

  it('puts name prefixes first, then word prefixes, then other matches', () => {
    expect(labels('st')).toEqual(['/administration status', '/administration utilisateur bannir', '/administration utilisateur warn']);
    expect(matchRank('/echo', 'ec')).toBe(0);
    expect(matchRank('/admin user ban', 'ban')).toBe(1);
    expect(matchRank('/fruit', 'ui')).toBe(2);
    expect(matchRank('/fruit', 'x')).toBeUndefined();
  });

  it('matches a query with spaces against the whole path', () => {
    expect(labels('administration utilisateur w')).toEqual(['/administration utilisateur warn']);
  });

  it('opens only on a one-line draft that starts with a slash', () => {
    expect(pickerQuery('/ec')).toBe('ec');
    expect(pickerQuery('/')).toBe('');
    expect(pickerQuery('hello /echo')).toBeUndefined();
    expect(pickerQuery('/a\nb')).toBeUndefined();
  });
});
