/**
 * Random and mutated bodies against create, edit and bulk overwrite: every answer is a 2xx
 * or a 4xx JSON error in the service's format, never a 5xx, and a refusal changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GLOBAL, slash, testRegistry, type TestRegistry } from '../helpers/test-registry.js';

const value = fc.oneof(
  fc.string({ maxLength: 40 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null),
  fc.constant(''), fc.constant('x'.repeat(120)), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('fr', 'de', 'xx', 'en-US'), fc.string({ maxLength: 40 })),
);
const optionType = fc.integer({ min: -1, max: 12 });
const option = fc.record(
  {
    type: optionType, name: fc.oneof(fc.stringMatching(/^[a-z_-]{1,34}$/), value), description: fc.oneof(fc.string({ maxLength: 110 }), value),
    required: fc.oneof(fc.boolean(), value), autocomplete: fc.oneof(fc.boolean(), value),
    choices: fc.oneof(fc.array(fc.record({ name: fc.string({ maxLength: 5 }), value }), { maxLength: 27 }), value),
    min_value: value, max_value: value, min_length: value, max_length: value, channel_types: value,
    options: fc.oneof(fc.array(fc.record({ type: optionType, name: fc.stringMatching(/^[a-z]{1,5}$/), description: fc.constant('d') }), { maxLength: 3 }), value),
  },
  { requiredKeys: [] },
);
/** A valid command with some fields replaced by random values. */
const mutated = fc.record(
  {
    name: fc.oneof(fc.stringMatching(/^[a-z]{1,8}$/), value), description: fc.oneof(fc.constant('A command'), value),
    type: fc.oneof(fc.constantFrom(1, 2, 3, 4), value), options: fc.oneof(fc.array(option, { maxLength: 27 }), value),
    name_localizations: value, description_localizations: value, default_member_permissions: value,
    dm_permission: value, nsfw: value, integration_types: value, contexts: value, handler: value, id: value,
  },
  { requiredKeys: ['name'] },
);
const body = fc.oneof(mutated, fc.anything({ maxDepth: 3 }), fc.array(mutated, { maxLength: 4 }));

async function snapshot(registry: TestRegistry): Promise<string> {
  return (await registry.bot({ method: 'GET', url: `${GLOBAL}?with_localizations=true` })).body;
}

function expectServiceAnswer(response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }): void {
  expect(response.statusCode).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const answer = response.json() as { code: unknown; message: unknown };
    expect(typeof answer.message).toBe('string');
    expect(typeof answer.code).toBe('number');
  }
}

describe('random bodies', async () => {
  const registry = await testRegistry();
  let base = '';

  it('never break create, edit or bulk overwrite, and a refusal changes nothing', async () => {
    const seen = { accepted: 0, refused: 0 };
    base = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('base') })).json().id;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('POST', 'PATCH', 'PUT'), body, async (method, payload) => {
        const before = await snapshot(registry);
        const url = method === 'PATCH' ? `${GLOBAL}/${base}` : GLOBAL;
        const response = await registry.bot({ method, url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
        expectServiceAnswer(response);
        seen[response.statusCode >= 400 ? 'refused' : 'accepted'] += 1;
        if (response.statusCode >= 400) expect(await snapshot(registry)).toBe(before);
        // Keep the edited command around and the list small, so later cases exercise edits.
        if (method === 'PUT' && response.statusCode === 200) {
          await registry.bot({ method: 'PUT', url: GLOBAL, payload: [] });
          base = (await registry.bot({ method: 'POST', url: GLOBAL, payload: slash('base') })).json().id;
        }
      }),
      { numRuns: 3000 },
    );
    // The mix matters: a property that only ever sees refusals proves little.
    expect(seen.accepted).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(100);
  });

  it('answer 50109 for bodies that are not JSON and change nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('POST', 'PATCH', 'PUT'), fc.string({ minLength: 1 }), async (method, text) => {
        fc.pre(!isJson(text));
        const before = await snapshot(registry);
        const url = method === 'PATCH' ? `${GLOBAL}/${base}` : GLOBAL;
        const response = await registry.bot({ method, url, payload: text, headers: { 'content-type': 'application/json' } });
        expect(response.statusCode).toBe(400);
        expect((response.json() as { code: number }).code).toBe(50109);
        expect(await snapshot(registry)).toBe(before);
      }),
      { numRuns: 500 },
    );
  });
});

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
