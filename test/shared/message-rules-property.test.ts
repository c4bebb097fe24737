/**
 * Property tests of the message rules: valid messages built at random are accepted (and an
 * accepted message re-validates to itself); every limit refuses exactly beyond its bound
 * at its path; the 6000 total, custom id uniqueness and the V2 count follow their sums; no
 * input, however malformed, throws or yields a malformed tree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorLines, type ErrorTree } from '../../src/shared/command-rules/error-tree.js';
import { validateMessage, validateModal } from '../../src/shared/message-rules/index.js';
import { checkErrorTree, mutate } from '../helpers/rule-properties.js';

const V2 = 1 << 15;
const CODE = /^[A-Z][A-Z0-9_]+$/;
const shortText = fc.string({ minLength: 1, maxLength: 20 });
const customId = fc.stringMatching(/^[a-z0-9:_-]{1,12}$/);

const embedArb = fc.record({
  title: shortText, description: fc.string({ maxLength: 200 }), url: fc.constant('https://example.com'), color: fc.integer({ min: 0, max: 0xffffff }),
  footer: fc.record({ text: shortText }), author: fc.record({ name: shortText }),
  fields: fc.array(fc.record({ name: shortText, value: shortText, inline: fc.boolean() }), { maxLength: 5 }),
}, { requiredKeys: [] });

/** A row of uniquely named buttons or one select; names are made unique by the message builder. */
const rowArb = fc.oneof(
  fc.integer({ min: 1, max: 5 }).map((count) => ({ type: 1, components: Array.from({ length: count }, () => ({ type: 2, style: 1, label: 'b', custom_id: '' })) })),
  fc.constantFrom(3, 5, 6, 7, 8).map((type) => ({ type: 1, components: [{ type, custom_id: '', ...(type === 3 ? { options: [{ label: 'a', value: 'a' }] } : {}) }] })),
);

/** Gives every custom_id of `components` a unique name, so a built message is valid. */
function nameCustomIds<T>(components: T): T {
  let next = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    const object = value as Record<string, unknown>;
    if (object.custom_id === '') object.custom_id = `c${next++}`;
    Object.values(object).forEach(visit);
  };
  visit(components);
  return components;
}

const legacyMessageArb = fc.record({
  content: fc.string({ maxLength: 300 }), embeds: fc.array(embedArb, { maxLength: 3 }), components: fc.array(rowArb, { maxLength: 5 }),
  flags: fc.constantFrom(0, 4, 64, 4096), allowed_mentions: fc.record({ parse: fc.subarray(['users', 'roles', 'everyone']), replied_user: fc.boolean() }),
}, { requiredKeys: [] }).map((message) => nameCustomIds(message));

const v2LeafArb = fc.oneof(
  shortText.map((content) => ({ type: 10, content })),
  fc.constantFrom({ type: 14 }, { type: 14, divider: false, spacing: 2 }, { type: 13, file: { url: 'attachment://a.txt' } }),
  fc.integer({ min: 1, max: 10 }).map((count) => ({ type: 12, items: Array.from({ length: count }, () => ({ media: { url: 'attachment://a.png' } })) })),
  shortText.map((content) => ({ type: 9, components: [{ type: 10, content }], accessory: { type: 11, media: { url: 'https://a.b/c.png' } } })),
  rowArb,
);
const v2MessageArb = fc.array(fc.oneof(v2LeafArb, fc.array(v2LeafArb, { maxLength: 4 }).map((components) => ({ type: 17, accent_color: 0x5865f2, components }))), { minLength: 1, maxLength: 4 })
  .map((components) => nameCustomIds({ flags: V2, components }));

const value = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant('x'.repeat(300)), fc.array(fc.integer(), { maxLength: 3 }), fc.object({ maxDepth: 1 }));
const mutationArb = fc.record({
  target: fc.nat(), key: fc.constantFrom('type', 'style', 'custom_id', 'label', 'content', 'title', 'components', 'flags', 'id', 'url', 'options', 'items', 'name', 'value', 'embeds', 'spacing', 'accessory'),
  value, remove: fc.boolean(),
});

function accept(input: unknown) {
  return validateMessage(input, [], { partial: false });
}

describe('message rules properties', () => {
  it('accept every valid legacy and V2 message, and an accepted message re-validates to itself', () => {
    fc.assert(fc.property(fc.oneof(legacyMessageArb, v2MessageArb), (message) => {
      const first = accept(message);
      expect(first.ok ? [] : errorLines(first.errors)).toEqual([]);
      if (!first.ok) return;
      const again = accept(first.value);
      expect(again).toEqual(first);
    }), { numRuns: 500 });
  });

  it('never throw, and refuse with well-formed trees, on mutated and arbitrary bodies', () => {
    let refused = 0;
    const body = fc.oneof(
      fc.tuple(fc.oneof(legacyMessageArb, v2MessageArb), fc.array(mutationArb, { minLength: 1, maxLength: 3 })).map(([message, mutations]) => mutate(message, mutations)),
      fc.anything({ maxDepth: 4 }),
    );
    fc.assert(fc.property(body, fc.boolean(), (input, partial) => {
      const result = validateMessage(input, ['data'], { partial });
      if (result.ok) return;
      refused += 1;
      checkErrorTree(result.errors, CODE);
      expect(Object.keys(result.errors)).toEqual(['data']);
    }), { numRuns: 3000 });
    expect(refused).toBeGreaterThan(300);
  });

  it('never throw on mutated and arbitrary modals', () => {
    const modalArb = fc.constant({ custom_id: 'form', title: 'Form', components: [{ type: 1, components: [{ type: 4, custom_id: 'a', style: 1, label: 'A' }] }, { type: 18, label: 'B', component: { type: 3, custom_id: 'b', options: [{ label: 'x', value: 'x' }] } }] });
    fc.assert(fc.property(fc.oneof(fc.tuple(modalArb, fc.array(mutationArb, { maxLength: 3 })).map(([modal, mutations]) => mutate(modal, mutations)), fc.anything({ maxDepth: 3 })), (input) => {
      const result = validateModal(input, ['data']);
      if (!result.ok) checkErrorTree(result.errors, CODE);
    }), { numRuns: 1500 });
  });

  it('refuse each length limit exactly beyond its bound, at its path', () => {
    const limits: Array<[string, number, (text: string) => Record<string, unknown>]> = [
      ['content', 2000, (text) => ({ content: text })],
      ['embeds.0.title', 256, (text) => ({ embeds: [{ title: text }] })],
      ['embeds.0.description', 4096, (text) => ({ embeds: [{ description: text }] })],
      ['embeds.0.fields.0.name', 256, (text) => ({ embeds: [{ fields: [{ name: text || 'n', value: 'v' }] }] })],
      ['embeds.0.fields.0.value', 1024, (text) => ({ embeds: [{ fields: [{ name: 'n', value: text || 'v' }] }] })],
      ['embeds.0.footer.text', 2048, (text) => ({ embeds: [{ footer: { text: text || 'f' } }] })],
      ['embeds.0.author.name', 256, (text) => ({ embeds: [{ author: { name: text || 'a' } }] })],
      ['components.0.components.0.label', 80, (text) => ({ components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'c', label: text }] }] })],
      ['components.0.components.0.placeholder', 150, (text) => ({ components: [{ type: 1, components: [{ type: 5, custom_id: 'c', placeholder: text }] }] })],
    ];
    fc.assert(fc.property(fc.constantFrom(...limits), fc.integer({ min: -3, max: 3 }), fc.constantFrom('x', '😀', 'é'), ([path, max, build], offset, letter) => {
      const length = Math.max(0, max + offset);
      const result = accept(build(letter.repeat(length)));
      if (length <= max) expect(result.ok).toBe(true);
      else expect(result.ok ? [] : errorLines(result.errors).map((line) => [line.path, line.code])).toEqual([[path, 'BASE_TYPE_MAX_LENGTH']]);
    }), { numRuns: 400 });
  });

  it('refuse embeds whose texts sum beyond 6000, and only those', () => {
    const sized = fc.record({ title: fc.nat(256), description: fc.nat(4096), footer: fc.nat(2048), author: fc.nat(256) });
    fc.assert(fc.property(fc.array(sized, { minLength: 1, maxLength: 4 }), (sizes) => {
      const embeds = sizes.map((size) => ({
        title: 't'.repeat(size.title), description: 'd'.repeat(size.description),
        ...(size.footer ? { footer: { text: 'f'.repeat(size.footer) } } : {}), ...(size.author ? { author: { name: 'a'.repeat(size.author) } } : {}),
      }));
      const total = sizes.reduce((sum, size) => sum + size.title + size.description + size.footer + size.author, 0);
      const result = accept({ embeds });
      if (total <= 6000) expect(result.ok).toBe(true);
      else expect(result.ok ? undefined : (result.errors.embeds as ErrorTree)._errors).toEqual([{ code: 'MAX_EMBED_SIZE_EXCEEDED', message: 'Embed size exceeds maximum size of 6000' }]);
    }), { numRuns: 300 });
  });

  it('refuse a repeated custom_id anywhere in the message, at each repeat', () => {
    fc.assert(fc.property(fc.array(fc.array(customId, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 5 }), (rows) => {
      const components = rows.map((ids) => ({ type: 1, components: ids.map((id) => ({ type: 2, style: 2, label: 'b', custom_id: id })) }));
      const all = rows.flat();
      const repeats = all.length - new Set(all).size;
      const result = accept({ components });
      const duplicates = result.ok ? [] : errorLines(result.errors).filter((line) => line.code === 'COMPONENT_CUSTOM_ID_DUPLICATED');
      expect(duplicates.length).toBe(repeats);
      expect(result.ok).toBe(repeats === 0);
    }), { numRuns: 500 });
  });

  it('count V2 components with their children: refused beyond 40', () => {
    fc.assert(fc.property(fc.array(fc.nat(12), { minLength: 1, maxLength: 6 }), (sizes) => {
      const components = sizes.map((size) => ({ type: 17, components: Array.from({ length: size }, () => ({ type: 14 })) }));
      const count = sizes.reduce((sum, size) => sum + size + 1, 0);
      const result = accept({ flags: V2, components });
      expect(result.ok).toBe(count <= 40);
    }), { numRuns: 300 });
  });
});
