/**
 * The nesting check every JSON body passes before it is parsed (http/json-body.ts), held to
 * the plain reading of the rule: count `[` and `{` outside strings, a backslash escaping the
 * next character inside them. Properties over generated JSON and over arbitrary text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/registry/http/json-body.js';

/** The rule, one character at a time. */
function deepestNesting(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}

const agrees = (text: string) => {
  const deepest = deepestNesting(text);
  for (const limit of [0, 1, 2, deepest - 1, deepest, deepest + 1]) {
    if (limit >= 0) expect(nestsDeeperThan(text, limit), `${JSON.stringify(text)} at ${limit}`).toBe(deepest > limit);
  }
};

describe('the JSON nesting check', () => {
  it('counts brackets outside strings only, escapes included', () => {
    for (const text of ['[[["]]]"]]]', '{"a":"\\\\"}', '{"a":"\\"[[["}', '"\\\\\\"[["', '["unterminated [[[', '[]]][[', '']) agrees(text);
    expect(nestsDeeperThan(`${'['.repeat(200)}${']'.repeat(200)}`, 128)).toBe(true);
    expect(nestsDeeperThan(`["${'['.repeat(200)}"]`, 128)).toBe(false);
  });

  it('agrees with the plain reading on any JSON and any text', () => {
    fc.assert(fc.property(fc.json({ depthSize: 'large' }), agrees), { numRuns: 500 });
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' ') }), agrees), { numRuns: 2000 });
  });
});
