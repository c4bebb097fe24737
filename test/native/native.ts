// Loads the addon's CommonJS facade the way ESM code in this project does.
import { createRequire } from 'node:module';
import type * as Native from '../../native/index.cjs';

export type NativeModule = typeof Native;

export const native = createRequire(import.meta.url)('../../native') as NativeModule;

/** Runs fn and returns what it threw; fails when it returns normally. */
export function thrown(fn: () => unknown): Error & { code?: string } {
  try {
    fn();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('expected the call to throw');
}
