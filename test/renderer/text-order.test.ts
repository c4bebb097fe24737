/**
 * The client's list orders (app/text-order.ts): names and labels in the user's collation,
 * ids in snowflake order, and the collators built when the page is idle rather than when the
 * first screen sorts its member list.
 */
import { describe, expect, it, vi } from 'vitest';
import type { WireChannel } from '../../src/renderer/api/wire-types.js';
import { channelTree } from '../../src/renderer/features/world/world-model.js';
import { compareLabels, compareNames, compareSnowflakes } from '../../src/renderer/app/text-order.js';

describe('the client\'s list orders', () => {
  it('orders ids as snowflakes: by their number, not their text', () => {
    const ids = ['1300000000000000010', '900000000000000000', '1300000000000000002', '1000000000000000000'];
    expect([...ids].sort(compareSnowflakes)).toEqual(['900000000000000000', '1000000000000000000', '1300000000000000002', '1300000000000000010']);
    expect(compareSnowflakes('42', '42')).toBe(0);
  });

  it('orders channels of one position by id as snowflakes', () => {
    const channel = (id: string): WireChannel => ({ id, type: 0, name: `c${id}`, position: 0, guild_id: '1' }) as WireChannel;
    expect(channelTree([channel('10'), channel('9'), channel('11')]).map((node) => node.channel.id)).toEqual(['9', '10', '11']);
  });

  it('orders names in the collation, case and accents aside', () => {
    expect(compareNames('alice', 'Alice')).toBe(0);
    expect(compareNames('émile', 'Emile')).toBe(0);
    expect(['Fred', 'émile', 'Eddy', 'zoë', 'Álvaro'].sort(compareNames)).toEqual(['Álvaro', 'Eddy', 'émile', 'Fred', 'zoë']);
  });

  it('orders labels as localeCompare does', () => {
    const labels = ['/ping', '/Pong', '/pong', '/éclair', '/echo', 'Report (message)'];
    expect([...labels].sort(compareLabels)).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
  });

  it('builds its collators when told the page is idle, not before', async () => {
    vi.resetModules();
    const order = await import('../../src/renderer/app/text-order.js');
    const Collator = Intl.Collator;
    let built = 0;
    Intl.Collator = function counted(...args: ConstructorParameters<typeof Collator>) {
      built += 1;
      return new Collator(...args);
    } as unknown as typeof Collator;
    try {
      let idle: (() => void) | undefined;
      order.prepareTextOrder((build) => (idle = build));
      expect(built).toBe(0);
      idle?.();
      expect(built).toBe(2);
      // The first screen's sorts then build none.
      expect(order.compareNames('a', 'B')).toBe(-1);
      expect(order.compareLabels('b', 'a')).toBe(1);
      expect(built).toBe(2);
    } finally {
      Intl.Collator = Collator;
    }
  });
});
