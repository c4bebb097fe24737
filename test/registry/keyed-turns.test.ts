import { describe, expect, it } from 'vitest';
import { KeyedTurns } from '../../src/registry/store/keyed-turns.js';

/** A promise and its resolve, to hold a piece of work open. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('KeyedTurns', () => {
  it('runs the works of one key one at a time, in the order given, and of different keys side by side', async () => {
    const turns = new KeyedTurns();
    const log: string[] = [];
    const first = gate();
    const a1 = turns.take('a', async () => { log.push('a1 start'); await first.opened; log.push('a1 end'); return 1; });
    const a2 = turns.take('a', async () => { log.push('a2'); return 2; });
    const b1 = turns.take('b', async () => { log.push('b1'); return 3; });
    await b1;
    expect(log).toEqual(['a1 start', 'b1']);
    first.open();
    expect(await Promise.all([a1, a2])).toEqual([1, 2]);
    expect(log).toEqual(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('passes the turn on after a work fails, and the failure reaches only its caller', async () => {
    const turns = new KeyedTurns();
    const failing = turns.take('a', () => Promise.reject(new Error('lost')));
    const next = turns.take('a', () => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('lost');
    await expect(next).resolves.toBe('ran');
  });
});
