/**
 * Property tests: arbitrary, mutated and near-valid `data` against several definitions, as
 * commands and as autocomplete requests. None may throw; every answer is a RuleResult whose
 * refusals are {code, message} leaves; an accepted invocation sent again answers itself; and
 * every invocation built from the definition by the rules (any path, any valid values, any
 * order, partial text in the focused option) is accepted with the expected normalized shape.
 */
import fc from 'fast-check';
import { ApplicationCommandOptionType as OptionType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPES, type CommandDefinition, type OptionDefinition, type RuleResult } from '../../../src/shared/command-rules/index.js';
import {
  invocablePaths,
  leafOptions,
  validateInvocation,
  type Invocation,
  type InvocationContext,
  type InvocationKind,
  type InvocationLookup,
  type InvocationOption,
  type InvocationReferences,
} from '../../../src/shared/invocation/index.js';
import { BARE, define, ENTRY_POINT, FLAT, MESSAGE_COMMAND, NESTED, USER_COMMAND } from './fixtures.js';
import { checkErrorTree, mutate } from '../../helpers/rule-properties.js';

// --- A world with something of every kind ----------------------------------------------------

const USERS = ['100', '101', '102'];
const ROLES = ['200', '201'];
const ATTACHMENTS = ['400', '401'];
/** One channel of every type: id 1000 + type. */
const channelId = (type: number) => String(1000 + type);
const LOOKUP: InvocationLookup = {
  user: (id) => USERS.includes(id),
  role: (id) => ROLES.includes(id),
  channel: (id) => {
    const type = Number(id) - 1000;
    return /^[0-9]+$/.test(id) && (CHANNEL_TYPES as readonly number[]).includes(type) ? { type } : undefined;
  },
  attachment: (id) => ATTACHMENTS.includes(id),
};
const context = (kind: InvocationKind): InvocationContext => ({ kind, lookup: LOOKUP });

// --- Definitions: the fixtures and random chat input commands --------------------------------

const NUMBERS = define({
  name: 'numbers',
  description: 'Choices of every type',
  options: [
    { type: 10, name: 'pi', description: 'd', required: true, choices: [{ name: 'Pi', value: 3.14 }, { name: 'E', value: 2.71 }] },
    { type: 3, name: 'word', description: 'd', required: true, min_length: 3 },
    { type: 10, name: 'tiny', description: 'd', autocomplete: true, min_value: -0.5, max_value: 0.5 },
  ],
});

const nameArb = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'größe', '名前');
const leafBodyArb = fc.oneof(
  fc.record({ type: fc.constant(3), min_length: fc.integer({ min: 0, max: 4 }), max_length: fc.integer({ min: 4, max: 12 }), autocomplete: fc.boolean() }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant(3), choices: fc.uniqueArray(fc.string({ maxLength: 5 }), { minLength: 1, maxLength: 3 }).map((values) => values.map((value, index) => ({ name: `c${index}`, value }))) }),
  fc.record({ type: fc.constant(4), min_value: fc.integer({ min: -50, max: 0 }), max_value: fc.integer({ min: 0, max: 50 }), autocomplete: fc.boolean() }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant(4), choices: fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 3 }).map((values) => values.map((value, index) => ({ name: `c${index}`, value }))) }),
  fc.record({ type: fc.constant(10), min_value: fc.double({ min: -10, max: 0, noNaN: true }), max_value: fc.double({ min: 0, max: 10, noNaN: true }), autocomplete: fc.boolean() }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant(7), channel_types: fc.subarray([0, 2, 4, 5, 11, 15]) }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constantFrom(5, 6, 8, 9, 11) }),
);
const leafListArb = fc
  .uniqueArray(fc.tuple(nameArb, leafBodyArb, fc.boolean()), { selector: ([name]) => name, maxLength: 5 })
  .map((entries) =>
    entries
      .map(([name, body, required]) => ({ ...body, name, description: 'd', required }))
      .sort((left, right) => Number(right.required) - Number(left.required)),
  );
const subcommandsArb = fc.uniqueArray(
  fc.oneof(
    fc.record({ type: fc.constant(1), name: nameArb, description: fc.constant('d'), options: leafListArb }),
    fc.record({
      type: fc.constant(2),
      name: nameArb,
      description: fc.constant('d'),
      options: fc.uniqueArray(fc.record({ type: fc.constant(1), name: nameArb, description: fc.constant('d'), options: leafListArb }), { selector: (option) => option.name, maxLength: 2 }),
    }),
  ),
  { selector: (option) => option.name, maxLength: 3 },
);
const randomDefinitionArb = fc.oneof(leafListArb, subcommandsArb).map((options) => define({ name: 'random', description: 'd', options }));
const FIXED = [FLAT, NESTED, BARE, NUMBERS, USER_COMMAND, MESSAGE_COMMAND, ENTRY_POINT];
const definitionArb = fc.oneof(fc.constantFrom(...FIXED), randomDefinitionArb);

// --- Valid values, built from an option's definition ------------------------------------------

function allowedChannels(option: OptionDefinition): string[] {
  const types = option.channel_types?.length ? option.channel_types : [...CHANNEL_TYPES];
  return types.map(channelId);
}

/** A value the option accepts in a command; undefined when no value exists in this world. */
function valueArb(option: OptionDefinition): fc.Arbitrary<unknown> | undefined {
  if (option.choices?.length) return fc.constantFrom(...option.choices.map((choice) => choice.value));
  switch (option.type) {
    case OptionType.String: {
      const min = option.min_length ?? 0;
      return fc.string({ unit: 'binary', minLength: min, maxLength: Math.max(min, Math.min(option.max_length ?? 6000, min + 12)) });
    }
    case OptionType.Integer:
      return fc.bigInt({ min: BigInt(option.min_value ?? Number.MIN_SAFE_INTEGER), max: BigInt(option.max_value ?? Number.MAX_SAFE_INTEGER) }).map(Number);
    case OptionType.Number:
      return fc.double({ min: option.min_value ?? -(2 ** 53), max: option.max_value ?? 2 ** 53, noNaN: true });
    case OptionType.Boolean:
      return fc.boolean();
    case OptionType.User:
      return fc.constantFrom(...USERS);
    case OptionType.Role:
      return fc.constantFrom(...ROLES);
    case OptionType.Mentionable:
      return fc.constantFrom(...USERS, ...ROLES);
    case OptionType.Attachment:
      return fc.constantFrom(...ATTACHMENTS);
    case OptionType.Channel:
      return allowedChannels(option).length > 0 ? fc.constantFrom(...allowedChannels(option)) : undefined;
    default:
      return undefined;
  }
}

/** Partial text for the focused option: anything for STRING, numeric text or a number otherwise. */
function partialArb(option: OptionDefinition): fc.Arbitrary<unknown> {
  if (option.type === OptionType.String) return fc.string({ maxLength: 20 });
  if (option.type === OptionType.Integer) {
    const integer = fc.maxSafeInteger();
    return fc.oneof(fc.constant(''), integer.map(String), integer, fc.nat(999).map((value) => `00${value}`));
  }
  const number = fc.double({ min: -(2 ** 53), max: 2 ** 53, noNaN: true });
  return fc.oneof(fc.constant(''), number.map(String), number, fc.nat(99).map((value) => `${value}.`));
}

const normalizeNumber = (value: unknown) => (value === 0 ? 0 : value);

interface Planned {
  definition: CommandDefinition;
  kind: InvocationKind;
  data: Record<string, unknown>;
  expected: Invocation;
}

function nest(path: readonly string[], leaves: unknown[]): unknown[] {
  if (path.length === 0) return leaves;
  if (path.length === 1) return [{ name: path[0], type: 1, options: leaves }];
  return [{ name: path[0], type: 2, options: [{ name: path[1], type: 1, options: leaves }] }];
}

function expectedReferences(options: readonly InvocationOption[]): InvocationReferences {
  const references: InvocationReferences = { users: [], roles: [], channels: [], attachments: [] };
  const add = (list: string[], id: string) => {
    if (!list.includes(id)) list.push(id);
  };
  for (const option of options) {
    const id = String(option.value);
    if (option.type === OptionType.User) add(references.users, id);
    if (option.type === OptionType.Role) add(references.roles, id);
    if (option.type === OptionType.Mentionable) add(USERS.includes(id) ? references.users : references.roles, id);
    if (option.type === OptionType.Channel) add(references.channels, id);
    if (option.type === OptionType.Attachment) add(references.attachments, id);
  }
  return references;
}

interface LeafPlan {
  option: OptionDefinition;
  include: boolean;
  value: unknown;
  rank: number;
}

/** A valid invocation of a chat input `definition` at `path`, as a command or autocomplete. */
function chatInputArb(definition: CommandDefinition, path: string[], kind: InvocationKind): fc.Arbitrary<Planned> | undefined {
  const options = leafOptions(definition, path) ?? [];
  const autocompleting = options.filter((option) => option.autocomplete);
  if (kind === 'autocomplete' && autocompleting.length === 0) return undefined;
  const plans: Array<fc.Arbitrary<LeafPlan> | undefined> = options.map((option) => {
    const value = valueArb(option);
    if (value === undefined) return option.required && kind === 'command' ? undefined : fc.constant({ option, include: false, value: undefined, rank: 0 });
    const include = option.required && kind === 'command' ? fc.constant(true) : fc.boolean();
    return fc.record({ option: fc.constant(option), include, value, rank: fc.nat() });
  });
  if (plans.some((plan) => plan === undefined)) return undefined;
  const focusedArb = kind === 'autocomplete' ? fc.constantFrom(...autocompleting).chain((option) => partialArb(option).map((value) => ({ option, value }))) : fc.constant(undefined);
  return fc.tuple(fc.tuple(...(plans as Array<fc.Arbitrary<LeafPlan>>)), focusedArb, fc.nat()).map(([leaves, focused, focusRank]) => {
    const chosen = leaves.filter((leaf) => leaf.include && leaf.option !== focused?.option);
    const ordered: Array<LeafPlan & { focused?: true }> = [...chosen];
    if (focused) ordered.splice(focusRank % (chosen.length + 1), 0, { option: focused.option, include: true, value: focused.value, rank: 0, focused: true });
    if (!focused) ordered.sort((left, right) => left.rank - right.rank);
    const wire = ordered.map((leaf) => ({ name: leaf.option.name, type: leaf.option.type, value: leaf.value, ...(leaf.focused ? { focused: true } : {}) }));
    const normalized: InvocationOption[] = ordered.map((leaf) => {
      if (!leaf.focused) return { name: leaf.option.name, type: leaf.option.type, value: normalizeNumber(leaf.value) as InvocationOption['value'] };
      const text = typeof leaf.value === 'string' ? leaf.value : String(normalizeNumber(leaf.value));
      return { name: leaf.option.name, type: leaf.option.type, value: text, focused: true };
    });
    const expected: Invocation = { path, options: normalized, references: expectedReferences(normalized.filter((option) => !option.focused)) };
    const focusedOption = normalized.find((option) => option.focused);
    if (focusedOption) expected.focused = focusedOption;
    return { definition, kind, data: { name: definition.name, type: definition.type, id: '1', options: nest(path, wire) }, expected };
  });
}

/** A valid invocation of any definition, or undefined when none can be built for this pick. */
function plannedArb(definition: CommandDefinition, kind: InvocationKind, pathIndex: number): fc.Arbitrary<Planned> | undefined {
  const empty: InvocationReferences = { users: [], roles: [], channels: [], attachments: [] };
  if (definition.type === 2) {
    if (kind === 'autocomplete') return undefined;
    return fc.constantFrom(...USERS).map((target) => ({ definition, kind, data: { target_id: target }, expected: { path: [], options: [], references: { ...empty, users: [target] }, target } }));
  }
  if (definition.type === 3) {
    if (kind === 'autocomplete') return undefined;
    return fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }).map((id) => ({ definition, kind, data: { target_id: String(id) }, expected: { path: [], options: [], references: empty, target: String(id) } }));
  }
  if (definition.type === 4) return kind === 'command' ? fc.constant({ definition, kind, data: {}, expected: { path: [], options: [], references: empty } }) : undefined;
  const paths = invocablePaths(definition);
  const path = paths[pathIndex % Math.max(paths.length, 1)];
  return path === undefined ? undefined : chatInputArb(definition, path, kind);
}

const kindArb = fc.constantFrom<InvocationKind>('command', 'autocomplete');
const validArb = fc
  .tuple(definitionArb, kindArb, fc.nat())
  .chain(([definition, kind, pathIndex]) => plannedArb(definition, kind, pathIndex) ?? fc.constant(undefined));

// --- Arbitrary and mutated data ----------------------------------------------------------------

const spicyArb = fc.oneof(
  fc.anything(),
  fc.constantFrom(null, undefined, '', 'ping', 'admin', 'ban', 'config', 'text', '100', '200', '300', '1000', '400', '0100', -0, 0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 1.5, NaN, Infinity, 2 ** 53, [], {}, true, false, '__proto__', 'constructor'),
  fc.string({ maxLength: 10 }),
);
const KEYS = ['name', 'type', 'value', 'options', 'focused', 'target_id', 'id', 'version', '__proto__', 'constructor', '0', '1'] as const;



const mutationArb = fc.record({ target: fc.nat(), key: fc.constantFrom(...KEYS), value: spicyArb, remove: fc.boolean() });
const wireOptionArb = fc.letrec((tie) => ({
  option: fc.record(
    {
      name: fc.oneof(nameArb, fc.constantFrom('text', 'count', 'ban', 'config', 'set', 'key', 'query', 'amount', 'pi', 'word'), spicyArb),
      type: fc.oneof(fc.integer({ min: 0, max: 12 }), spicyArb),
      value: spicyArb,
      focused: fc.oneof(fc.boolean(), spicyArb),
      options: fc.oneof({ depthSize: 'small' }, fc.constant(undefined), fc.array(tie('option'), { maxLength: 3 }), spicyArb),
    },
    { requiredKeys: [] },
  ),
})).option;
const dataArb = fc.oneof(
  fc.anything(),
  fc.record({ name: spicyArb, type: spicyArb, id: spicyArb, options: fc.array(wireOptionArb, { maxLength: 4 }), target_id: spicyArb }, { requiredKeys: ['options'] }),
  fc.tuple(validArb, fc.array(mutationArb, { minLength: 1, maxLength: 3 })).map(([planned, mutations]) => mutate(planned?.data ?? {}, mutations)),
);

// --- Checks --------------------------------------------------------------------------------


/** The wire data the registry would rebuild from an accepted invocation. */
function resend(definition: CommandDefinition, invocation: Invocation): Record<string, unknown> {
  const leaves = invocation.options.map((option) => ({ ...option }));
  const data: Record<string, unknown> = { name: definition.name, type: definition.type };
  if (leaves.length > 0 || invocation.path.length > 0) data.options = nest(invocation.path, leaves);
  if (invocation.target !== undefined) data.target_id = invocation.target;
  return data;
}

function checkAccepted(definition: CommandDefinition, kind: InvocationKind, result: RuleResult<Invocation>): void {
  if (!result.ok) {
    checkErrorTree(result.errors, /^INTERACTION_[A-Z_]+$/);
    return;
  }
  const invocation = result.value;
  expect(invocablePaths(definition)).toContainEqual(invocation.path);
  const names = (leafOptions(definition, invocation.path) ?? []).map((option) => option.name);
  for (const option of invocation.options) expect(names).toContain(option.name);
  expect(new Set(invocation.options.map((option) => option.name)).size).toBe(invocation.options.length);
  const focused = invocation.options.filter((option) => option.focused);
  expect(focused.length).toBe(kind === 'autocomplete' ? 1 : 0);
  if (kind === 'autocomplete') expect(invocation.focused).toBe(focused[0]);
  for (const id of invocation.references.users) expect(LOOKUP.user(id)).toBe(true);
  for (const id of invocation.references.roles) expect(LOOKUP.role(id)).toBe(true);
  for (const id of invocation.references.channels) expect(LOOKUP.channel(id)).toBeDefined();
  for (const id of invocation.references.attachments) expect(LOOKUP.attachment(id)).toBe(true);
  expect(validateInvocation(definition, resend(definition, invocation), context(kind))).toEqual(result);
}

const tally = { accepted: 0, refused: 0, planned: 0, focused: 0 };

describe('invocation rules properties', () => {
  it('never throws on any data, and an accepted invocation sent again answers itself', () => {
    fc.assert(
      fc.property(definitionArb, dataArb, kindArb, (definition, data, kind) => {
        const result = validateInvocation(definition, data, context(kind));
        expect(typeof result.ok).toBe('boolean');
        checkAccepted(definition, kind, result);
        if (result.ok) tally.accepted += 1;
        else tally.refused += 1;
      }),
      { numRuns: 3000 },
    );
    expect(tally.refused).toBeGreaterThan(1000);
    expect(tally.accepted).toBeGreaterThan(10);
  });

  it('accepts every invocation built from the definition, normalized as expected', () => {
    fc.assert(
      fc.property(validArb, (planned) => {
        if (planned === undefined) return;
        tally.planned += 1;
        const result = validateInvocation(planned.definition, planned.data, context(planned.kind));
        expect(result.ok ? 'accepted' : JSON.stringify(result.errors)).toBe('accepted');
        expect(result).toEqual({ ok: true, value: planned.expected });
        if (planned.expected.focused) tally.focused += 1;
        checkAccepted(planned.definition, planned.kind, result);
      }),
      { numRuns: 2000 },
    );
    expect(tally.planned).toBeGreaterThan(1000);
    expect(tally.focused).toBeGreaterThan(200);
  });

  it('refuses a built command that leaves out a required option', () => {
    fc.assert(
      fc.property(validArb, fc.nat(), (planned, pick) => {
        if (planned === undefined || planned.kind !== 'command' || planned.definition.type !== 1) return;
        const required = (leafOptions(planned.definition, planned.expected.path) ?? []).filter((option) => option.required);
        const missing = required[pick % Math.max(required.length, 1)];
        if (missing === undefined) return;
        const leaves = planned.expected.options.filter((option) => option.name !== missing.name);
        const data = { options: nest(planned.expected.path, leaves) };
        const result = validateInvocation(planned.definition, data, context('command'));
        expect(result.ok).toBe(false);
        if (!result.ok) expect(JSON.stringify(result.errors)).toContain('INTERACTION_OPTION_REQUIRED');
      }),
      { numRuns: 500 },
    );
  });
});
