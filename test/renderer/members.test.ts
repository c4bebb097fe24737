/**
 * The member list: members grouped by their highest hoisted role (highest position first),
 * the rest under "Members", names nick > global_name > username in their highest coloured
 * role's colour, sorted by name; a DM's people; and the header's toggle.
 */
import type { APIRole, APIUser } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import type { WireMember } from '../../src/renderer/api/wire-types.js';
import { colorCss, guildMemberGroups, memberGroups, privateMemberGroups } from '../../src/renderer/features/members/member-groups.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { startedClient } from './fake-deps.js';
import { roleLabel } from '../../src/renderer/features/world/world-model.js';

function role(id: string, name: string, position: number, extra: Partial<APIRole> = {}): APIRole {
  return {
    id, name, position, color: 0, hoist: false, permissions: '0', managed: false, mentionable: false, flags: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null }, icon: null, unicode_emoji: null, ...extra,
  } as APIRole;
}

function user(id: string, username: string, globalName: string | null = null, bot = false): APIUser {
  return { id, username, global_name: globalName, discriminator: '0', avatar: null, ...(bot ? { bot: true } : {}) };
}

const ROLES = [
  role('1', '@everyone', 0),
  role('2', 'Admins', 5, { hoist: true, color: 0xe91e63 }),
  role('3', 'Moderators', 3, { hoist: true }),
  role('4', 'Blue', 4, { color: 0x3498db }),
  role('5', 'Helpers', 2, { hoist: true, color: 0x2ecc71 }),
];

const MEMBERS: WireMember[] = [
  { user: user('10', 'zed', 'Zed'), roles: ['3', '4'] },
  { user: user('11', 'amy'), nick: 'Amy the Admin', roles: ['2', '3'] },
  { user: user('12', 'bob', 'Bob'), roles: [] },
  { user: user('13', 'al'), roles: ['5'] },
  { user: user('14', 'cat', null), nick: null, roles: ['4'] },
  { user: user('30', 'examplebot', 'Example Bot', true), roles: [] },
];

const rows = (groups: ReturnType<typeof guildMemberGroups>) => groups.map((group) => [group.label, group.members.map((row) => [row.name, row.color])]);

describe('grouping a guild\'s members', () => {
  it('puts each member under their highest hoisted role, the rest under Members, by name', () => {
    expect(rows(guildMemberGroups(MEMBERS, ROLES))).toEqual([
      ['Admins', [['Amy the Admin', '#e91e63']]],
      ['Moderators', [['Zed', '#3498db']]],
      ['Helpers', [['al', '#2ecc71']]],
      ['Members', [['Bob', null], ['cat', '#3498db'], ['Example Bot', null]]],
    ]);
  });

  it('leaves out hoisted roles nobody holds, and has only Members when no role is hoisted', () => {
    const plain = ROLES.map((entry) => ({ ...entry, hoist: false }));
    expect(rows(guildMemberGroups(MEMBERS.slice(2, 3), ROLES))).toEqual([['Members', [['Bob', null]]]]);
    expect(guildMemberGroups(MEMBERS, plain).map((group) => group.id)).toEqual(['members']);
  });

  it('ranks equal positions by the older role, and writes colours as CSS', () => {
    const tied = [role('8', 'Older', 1, { hoist: true }), role('9', 'Newer', 1, { hoist: true })];
    expect(guildMemberGroups([{ user: user('10', 'zed'), roles: ['9', '8'] }], tied)[0]?.label).toBe('Older');
    expect(colorCss(0x00ff00)).toBe('#00ff00');
    expect(colorCss(0)).toBeNull();
  });
});

describe('the people of a DM or group DM', () => {
  it('lists the person and the recipients, once each', () => {
    const me = user('10', 'alice', 'Alice');
    const groups = privateMemberGroups(me, [user('11', 'bob'), me, user('30', 'bot', 'Example Bot', true)]);
    expect(rows(groups)).toEqual([['Members', [['Alice', null], ['bob', null], ['Example Bot', null]]]]);
    expect(memberGroups({ guild: undefined, channel: undefined, me: undefined })).toEqual([]);
  });
});

describe('the member list toggle', () => {
  it('shows the list until hidden, as the real client does', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    expect(fake.store.getState().memberListOpen).toBe(true);
    fake.store.getState().setMemberListOpen(false);
    expect(fake.store.getState().memberListOpen).toBe(false);
  });
});

describe('a role as people read it', () => {
  it('is @name, and @everyone keeps its one @', () => {
    expect(roleLabel({ name: 'Moderators' })).toBe('@Moderators');
    expect(roleLabel({ name: '@everyone' })).toBe('@everyone');
  });
});
