/**
 * What changed between an expected and an actual outcome, field by field: `reply.content:
 * expected "Hello" but got "Hi"`, a field that appeared or went away, a list that grew or
 * shrank. Both sides are normalized first (normalize.ts), so only real changes show.
 */
import { isJsonObject } from '../json-object.js';

export interface Difference {
  /** `reply.embeds[0].title`; '' for the whole value. */
  path: string;
  expected: unknown;
  actual: unknown;
  /** The line a person reads. */
  text: string;
}

const ABSENT = Symbol('absent');

function show(value: unknown): string {
  if (value === ABSENT) return 'nothing';
  const json = JSON.stringify(value);
  return json.length > 120 ? `${json.slice(0, 117)}...` : json;
}

function join(path: string, key: string | number): string {
  return typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
}

/** Every difference between `expected` and `actual`, depth first, keys in order. */
export function differences(expected: unknown, actual: unknown, path = ''): Difference[] {
  const at = (text: string): Difference => ({ path, expected, actual, text: `${path || '(the outcome)'}: ${text}` });
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const found: Difference[] = [];
    if (expected.length !== actual.length) found.push(at(`expected ${expected.length} item${expected.length === 1 ? '' : 's'} but got ${actual.length}`));
    for (let index = 0; index < Math.max(expected.length, actual.length); index++) {
      if (index >= expected.length) found.push(difference(join(path, index), ABSENT, actual[index]));
      else if (index >= actual.length) found.push(difference(join(path, index), expected[index], ABSENT));
      else found.push(...differences(expected[index], actual[index], join(path, index)));
    }
    return found;
  }
  if (isJsonObject(expected) && isJsonObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
    return keys.flatMap((key) => {
      const inExpected = key in expected;
      const inActual = key in actual;
      if (inExpected && inActual) return differences(expected[key], actual[key], join(path, key));
      return [difference(join(path, key), inExpected ? expected[key] : ABSENT, inActual ? actual[key] : ABSENT)];
    });
  }
  return Object.is(expected, actual) ? [] : [difference(path, expected, actual)];
}

function difference(path: string, expected: unknown, actual: unknown): Difference {
  return {
    path, expected: expected === ABSENT ? undefined : expected, actual: actual === ABSENT ? undefined : actual,
    text: `${path || '(the outcome)'}: expected ${show(expected)} but got ${show(actual)}`,
  };
}
