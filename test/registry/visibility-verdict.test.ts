/**
 * The invocation's verdict-only visibility path against the full explanation the index and
 * the explain view use: over thousands of random commands, places, memberships and
 * overwrites, both agree on whether the command may be used, and the verdict names the same
 * first failed check, with the same detail, that the explanation lists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explainVisibility, visibilityVerdict, type Place, type VisibilityFacts } from '../../src/registry/domain/command-visibility.js';
import type { CommandPermissions, PermissionOverwrite } from '../../src/registry/store/permission-store.js';
import type { ChannelRecord, StoredCommand } from '../../src/registry/store/records.js';
import type { CommandDefinition } from '../../src/shared/command-rules/definition.js';

const GUILD = '500';
const USER = '600';
const APP = '700';
const COMMAND = '800';
/** Roles of the guild: @everyone (the guild's id) and three others, with permission bits from this pool. */
const ROLE_IDS = [GUILD, '501', '502', '503'];
const BITS = ['0', '8', '32', String(1n << 31n), String((1n << 31n) | 32n), String(1n << 50n), String((1n << 50n) | (1n << 31n))];
const CHANNEL_IDS = ['510', '511', String(BigInt(GUILD) - 1n)];

const overwrite: fc.Arbitrary<PermissionOverwrite> = fc.record({
  id: fc.constantFrom(USER, ...ROLE_IDS, ...CHANNEL_IDS),
  type: fc.constantFrom(1 as const, 2 as const, 3 as const),
  permission: fc.boolean(),
});

const overwrites = (id: string): fc.Arbitrary<CommandPermissions | undefined> => fc.option(
  fc.array(overwrite, { maxLength: 5 }).map((permissions) => ({ id, application_id: APP, guild_id: GUILD, permissions })),
  { nil: undefined },
);

const channel = (id: string): fc.Arbitrary<ChannelRecord> => fc.record({
  id: fc.constant(id), guild_id: fc.constant(GUILD), name: fc.constant('c'), type: fc.constantFrom(0, 11),
  parent_id: fc.constant(null), nsfw: fc.boolean(), position: fc.constant(0),
});

const command: fc.Arbitrary<StoredCommand> = fc.record({
  guild_id: fc.constantFrom(null, null, GUILD, '999'),
  integration_types: fc.option(fc.subarray([0, 1], { minLength: 1 }), { nil: null }),
  contexts: fc.option(fc.subarray([0, 1, 2]), { nil: null }),
  dm_permission: fc.constantFrom(null, true, false),
  nsfw: fc.boolean(),
  default_member_permissions: fc.constantFrom(null, '0', '32', String(1n << 50n)),
}).map(({ guild_id, ...fields }) => ({
  id: COMMAND, application_id: APP, guild_id, version: '1',
  definition: {
    type: 1, name: 'x', name_localizations: null, description: 'd', description_localizations: null, options: [],
    default_permission: true, ...fields,
  } as unknown as CommandDefinition,
}));

const guildPlace: fc.Arbitrary<Place> = fc.record({
  ownerIsUser: fc.boolean(),
  member: fc.option(fc.subarray(ROLE_IDS.slice(1)), { nil: undefined }),
  rolePermissions: fc.array(fc.constantFrom(...BITS), { minLength: ROLE_IDS.length, maxLength: ROLE_IDS.length }),
  channel: fc.option(channel('510'), { nil: undefined }),
  parent: fc.option(channel('511'), { nil: undefined }),
  appInstalled: fc.boolean(),
  commandOverwrites: overwrites(COMMAND),
  appOverwrites: overwrites(APP),
}).map((place) => ({
  kind: 'guild' as const,
  guild: { id: GUILD, name: 'g', owner_id: place.ownerIsUser ? USER : '1', locale: 'en-US' },
  roles: ROLE_IDS.map((id, position) => ({ id, guild_id: GUILD, name: id, permissions: place.rolePermissions[position] as string, position })),
  member: place.member && { guild_id: GUILD, user_id: USER, roles: place.member, nick: null, joined_at: '2024-01-01T00:00:00.000Z' },
  channel: place.channel,
  parent: place.channel ? place.parent : undefined,
  appInstalled: place.appInstalled,
  commandOverwrites: place.commandOverwrites,
  appOverwrites: place.appOverwrites,
}));

const place: fc.Arbitrary<Place> = fc.oneof(
  guildPlace,
  fc.boolean().map((mutualGuild) => ({ kind: 'bot_dm' as const, mutualGuild })),
  fc.constant({ kind: 'private_channel' as const }),
);

const facts: fc.Arbitrary<VisibilityFacts> = fc.record({ command, userId: fc.constant(USER), userInstalled: fc.boolean(), place });

describe('the verdict-only visibility path', () => {
  it('agrees with the explanation on every random case, down to the first failed check', () => {
    const outcomes = { shown: 0, refused: 0 };
    fc.assert(fc.property(facts, (case_) => {
      const explained = explainVisibility(case_);
      const verdict = visibilityVerdict(case_);
      expect(verdict.visible).toBe(explained.visible);
      expect(verdict.failed).toEqual(explained.checks.find((check) => check.verdict === 'fail'));
      outcomes[verdict.visible ? 'shown' : 'refused'] += 1;
    }), { numRuns: 5000 });
    // Both outcomes were exercised, not only one.
    expect(outcomes.shown).toBeGreaterThan(100);
    expect(outcomes.refused).toBeGreaterThan(100);
  });
});
