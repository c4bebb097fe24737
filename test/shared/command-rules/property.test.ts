/**
 * Property tests: thousands of near-valid, mutated and arbitrary bodies through the three
 * entry points. None may throw; every answer is a RuleResult; an accepted definition
 * re-validates to itself; a refusal has a non-empty tree whose leaves are {code, message}.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  validateCommand,
  validateCommandEdit,
  validateCommandList,
  type CommandDefinition,
  type RuleContext,
  type RuleResult,
} from '../../../src/shared/command-rules/index.js';
import { checkErrorTree, mutate } from '../../helpers/rule-properties.js';

// --- Near-valid definitions ----------------------------------------------------------------

const nameArb = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'x', 'größe', '名前', "it's", 'Bad');
const textArb = fc.string({ minLength: 1, maxLength: 12 });
const localeArb = fc.constantFrom('de', 'fr', 'ja', 'en-US', 'es-419', 'xx');
const localizedNamesArb = fc.option(fc.dictionary(localeArb, nameArb, { maxKeys: 3 }), { nil: null });
const localizedTextArb = fc.option(fc.dictionary(localeArb, textArb, { maxKeys: 3 }), { nil: null });

const choiceArb = (value: fc.Arbitrary<unknown>) =>
  fc.record(
    { name: textArb, name_localizations: localizedTextArb, value },
    { requiredKeys: ['name', 'value'] },
  );

const base = { name: nameArb, description: textArb, name_localizations: localizedNamesArb, required: fc.boolean() };
const baseKeys: Array<'type' | 'name' | 'description'> = ['type', 'name', 'description'];

const leafOptionArb = fc.oneof(
  fc.record(
    {
      ...base,
      type: fc.constant(3),
      choices: fc.array(choiceArb(fc.string({ maxLength: 6 })), { maxLength: 3 }),
      autocomplete: fc.boolean(),
      min_length: fc.integer({ min: 0, max: 10 }),
      max_length: fc.integer({ min: 5, max: 40 }),
    },
    { requiredKeys: baseKeys },
  ),
  fc.record(
    {
      ...base,
      type: fc.constant(4),
      choices: fc.array(choiceArb(fc.integer()), { maxLength: 3 }),
      min_value: fc.integer({ min: -100, max: 0 }),
      max_value: fc.integer({ min: 0, max: 100 }),
    },
    { requiredKeys: baseKeys },
  ),
  fc.record(
    {
      ...base,
      type: fc.constant(10),
      choices: fc.array(choiceArb(fc.double({ noNaN: true, min: -1e6, max: 1e6 })), { maxLength: 3 }),
      min_value: fc.double({ noNaN: true, min: -10, max: 0 }),
    },
    { requiredKeys: baseKeys },
  ),
  fc.record({ ...base, type: fc.constant(7), channel_types: fc.subarray([0, 2, 5, 11, 15]) }, { requiredKeys: baseKeys }),
  fc.record({ ...base, type: fc.constantFrom(5, 6, 8, 9, 11) }, { requiredKeys: baseKeys }),
);

const subcommandArb = fc.record({
  type: fc.constant(1),
  name: nameArb,
  description: textArb,
  options: fc.array(leafOptionArb, { maxLength: 3 }),
});
const groupArb = fc.record({
  type: fc.constant(2),
  name: nameArb,
  description: textArb,
  options: fc.array(subcommandArb, { maxLength: 2 }),
});

const commonArb = {
  default_member_permissions: fc.option(fc.constantFrom('0', '8', '2048', 32, '0016'), { nil: null }),
  default_permission: fc.boolean(),
  nsfw: fc.boolean(),
  integration_types: fc.option(fc.subarray([0, 1]), { nil: null }),
  contexts: fc.option(fc.subarray([0, 1, 2]), { nil: null }),
  dm_permission: fc.option(fc.boolean(), { nil: null }),
};

const chatInputArb = fc.record(
  {
    type: fc.constant(1),
    name: nameArb,
    description: textArb,
    name_localizations: localizedNamesArb,
    description_localizations: localizedTextArb,
    options: fc.oneof(fc.array(leafOptionArb, { maxLength: 4 }), fc.array(fc.oneof(subcommandArb, groupArb), { maxLength: 3 })),
    ...commonArb,
  },
  { requiredKeys: ['name', 'description'] },
);
const contextMenuArb = fc.record(
  {
    type: fc.constantFrom(2, 3),
    name: fc.constantFrom('Profile', 'Ban User', 'Quote Message', 'report'),
    description: fc.constantFrom('', 'not allowed'),
    name_localizations: fc.option(fc.dictionary(localeArb, fc.constantFrom('Profil', 'Zitat'), { maxKeys: 2 }), { nil: null }),
    ...commonArb,
  },
  { requiredKeys: ['type', 'name'] },
);
const entryPointArb = fc.record(
  { type: fc.constant(4), name: fc.constantFrom('Launch', 'Play'), handler: fc.constantFrom(1, 2), description: fc.string({ maxLength: 10 }), ...commonArb },
  { requiredKeys: ['type', 'name'] },
);
const definitionArb = fc.oneof(chatInputArb, chatInputArb, contextMenuArb, entryPointArb);

// --- Mutations -----------------------------------------------------------------------------

const KEYS = [
  'type', 'name', 'description', 'name_localizations', 'description_localizations', 'options', 'choices', 'value',
  'required', 'autocomplete', 'min_value', 'max_value', 'min_length', 'max_length', 'channel_types',
  'default_member_permissions', 'dm_permission', 'default_permission', 'nsfw', 'integration_types', 'contexts',
  'handler', 'id', 'de', '_errors', '__proto__', 'constructor',
] as const;

const spicyArb = fc.oneof(
  fc.anything(),
  fc.constantFrom(null, undefined, '', 'X', 'ping', -1, 0, -0, 1, 2, 3, 4, 7, 11, 12, 25, 6001, 2 ** 53, 2 ** 64, 1.5, NaN, Infinity, [], {}, true, false, '8', '18446744073709551616'),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.array(fc.integer({ min: -1, max: 17 }), { maxLength: 4 }),
  fc.array(leafOptionArb, { maxLength: 27 }),
);

const mutationArb = fc.record({ target: fc.nat(), key: fc.constantFrom(...KEYS), value: spicyArb, remove: fc.boolean() });



const mutatedArb = fc.tuple(definitionArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 })).map(([input, mutations]) => mutate(input, mutations));
const bodyArb = fc.oneof(definitionArb, mutatedArb, mutatedArb, fc.anything());
const contextArb = fc.record({
  scope: fc.constantFrom('global' as const, 'guild' as const),
  applicationFlags: fc.constantFrom(0, 1 << 17, (1 << 17) | 1),
});

// --- Checks --------------------------------------------------------------------------------


function checkResult<T>(result: RuleResult<T>): void {
  expect(typeof result.ok).toBe('boolean');
  if (result.ok) expect(result).toHaveProperty('value');
  else checkErrorTree(result.errors, /^[A-Z0-9_]+$/);
}

const tally = { created: 0, edited: 0, listed: 0 };

describe('command rules properties', () => {
  it('validateCommand: never throws, accepted results re-validate to themselves', () => {
    fc.assert(
      fc.property(bodyArb, contextArb, (input, context: RuleContext) => {
        const result = validateCommand(input, context);
        checkResult(result);
        if (!result.ok) return;
        tally.created += 1;
        expect(validateCommand(result.value, context)).toEqual(result);
        expect(validateCommandEdit(result.value, {}, context)).toEqual(result);
      }),
      { numRuns: 2000 },
    );
    expect(tally.created).toBeGreaterThan(100);
  });

  it('validateCommandEdit: never throws, merged results re-validate to themselves', () => {
    const fallback = validateCommand({ name: 'ping', description: 'pong' }, { scope: 'global', applicationFlags: 0 });
    if (!fallback.ok) throw new Error('fallback must be valid');
    const patchArb = fc.oneof(
      mutatedArb,
      fc.anything(),
      fc.dictionary(fc.constantFrom(...KEYS), spicyArb, { maxKeys: 3 }),
      fc.record({ name: nameArb, description: textArb, nsfw: fc.boolean() }, { requiredKeys: [] }),
    );
    fc.assert(
      fc.property(definitionArb, patchArb, contextArb, (definition, patch, context: RuleContext) => {
        const created = validateCommand(definition, context);
        const existing: CommandDefinition = created.ok ? created.value : fallback.value;
        const result = validateCommandEdit(existing, patch, context);
        checkResult(result);
        if (!result.ok) return;
        tally.edited += 1;
        expect(result.value.type).toBe(existing.type);
        expect(validateCommand(result.value, context)).toEqual(result);
        expect(validateCommandEdit(result.value, {}, context)).toEqual(result);
      }),
      { numRuns: 1500 },
    );
    expect(tally.edited).toBeGreaterThan(100);
  });

  it('validateCommandList: never throws, accepted lists re-validate to themselves', () => {
    const elementArb = fc.tuple(fc.oneof(definitionArb, mutatedArb), fc.option(fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String), fc.nat(), fc.constant('x')))).map(
      ([element, id]) => (id === null || typeof element !== 'object' || element === null || Array.isArray(element) ? element : { ...element, id }),
    );
    const listArb = fc.oneof(fc.array(elementArb, { maxLength: 4 }), fc.array(definitionArb, { maxLength: 3 }), fc.anything());
    fc.assert(
      fc.property(listArb, contextArb, (input, context: RuleContext) => {
        const result = validateCommandList(input, context);
        checkResult(result);
        if (!result.ok) return;
        tally.listed += 1;
        const again = result.value.map(({ id, command }) => (id === undefined ? command : { ...command, id }));
        expect(validateCommandList(again, context)).toEqual(result);
        for (const { command } of result.value) expect(validateCommand(command, context)).toEqual({ ok: true, value: command });
      }),
      { numRuns: 1000 },
    );
    expect(tally.listed).toBeGreaterThan(50);
  });
});
