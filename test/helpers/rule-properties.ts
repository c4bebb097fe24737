/**
 * What the property tests of both rule modules (command definitions, invocations) share:
 * mutating a valid input in place, and checking that a refusal is a well-formed error tree.
 */
import { expect } from 'vitest';
import type { ErrorTree } from '../../src/shared/command-rules/error-tree.js';

/** One change to one object or array inside an input: set `key` to `value`, or remove it. */
export interface Mutation {
  target: number;
  key: string;
  value: unknown;
  remove: boolean;
}

function containers(value: unknown, found: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return found;
  found.push(value);
  for (const child of Object.values(value)) containers(child, found);
  return found;
}

/** A copy of `input` with each mutation applied to one of its objects or arrays (own properties only). */
export function mutate(input: unknown, mutations: readonly Mutation[]): unknown {
  const copy = structuredClone(input);
  for (const mutation of mutations) {
    const targets = containers(copy);
    const target = targets[mutation.target % targets.length] as Record<string, unknown> | undefined;
    if (!target) continue;
    const key = Array.isArray(target) ? String(mutation.target % (target.length + 1)) : mutation.key;
    if (mutation.remove) delete target[key];
    else {
      // A copy: generators hand out one instance of a constant, and inserting it twice could
      // make a cycle, which no JSON body can be.
      const value = structuredClone(mutation.value);
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return copy;
}

/** A refusal's tree: non-empty, branches are objects, every leaf a `{code, message}` with a code of `codes`. */
export function checkErrorTree(tree: ErrorTree, codes: RegExp): void {
  const keys = Object.keys(tree);
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) {
    const branch = tree[key];
    if (key === '_errors') {
      expect(Array.isArray(branch)).toBe(true);
      expect((branch as unknown[]).length).toBeGreaterThan(0);
      for (const error of branch as unknown[]) {
        expect(Object.keys(error as object).sort()).toEqual(['code', 'message']);
        const { code, message } = error as { code: unknown; message: unknown };
        expect(code).toMatch(codes);
        expect(typeof message).toBe('string');
        expect((message as string).length).toBeGreaterThan(0);
      }
    } else {
      expect(typeof branch === 'object' && branch !== null && !Array.isArray(branch)).toBe(true);
      checkErrorTree(branch as ErrorTree, codes);
    }
  }
}

/** The rules of a conformance table that lack an accepted or a refused case (each rule needs both). */
export function rulesMissingACase(cases: ReadonlyArray<{ rule: string; refused?: unknown }>): string[] {
  const rules = new Map<string, { accepted: number; refused: number }>();
  for (const entry of cases) {
    const counts = rules.get(entry.rule) ?? { accepted: 0, refused: 0 };
    if (entry.refused) counts.refused += 1;
    else counts.accepted += 1;
    rules.set(entry.rule, counts);
  }
  return [...rules].filter(([, counts]) => counts.accepted === 0 || counts.refused === 0).map(([rule]) => rule);
}
