/**
 * The role editor's permission table: every bit discord-api-types defines is named exactly
 * once, in the real client's sections, and each entry's bit is that table's.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { KNOWN_PERMISSION_BITS } from '../../src/shared/command-rules/permissions.js';
import { PERMISSION_ENTRIES, PERMISSION_GROUPS, permissionLabel } from '../../src/shared/permission-names.js';

describe('the permission names', () => {
  it('name every known bit exactly once, with the bit discord-api-types gives it', () => {
    const bits = PERMISSION_ENTRIES.map((entry) => entry.bit);
    expect(new Set(bits).size).toBe(bits.length);
    expect(bits.reduce((all, bit) => all | bit, 0n)).toBe(KNOWN_PERMISSION_BITS);
    for (const entry of PERMISSION_ENTRIES) expect(entry.bit).toBe(PermissionFlagsBits[entry.name]);
    expect(new Set(PERMISSION_ENTRIES.map((entry) => entry.label)).size).toBe(PERMISSION_ENTRIES.length);
  });

  it('are grouped as the real client groups them, Administrator last and alone', () => {
    expect(PERMISSION_GROUPS.map((group) => group.title)).toEqual([
      'General Server Permissions', 'Membership Permissions', 'Text Channel Permissions', 'Voice Channel Permissions',
      'Apps Permissions', 'Stage Channel Permissions', 'Events Permissions', 'Advanced Permissions',
    ]);
    expect(PERMISSION_GROUPS.at(-1)?.permissions.map((entry) => entry.name)).toEqual(['Administrator']);
    expect(permissionLabel('ManageGuild')).toBe('Manage Server');
    expect(permissionLabel('UseApplicationCommands')).toBe('Use Application Commands');
  });
});
