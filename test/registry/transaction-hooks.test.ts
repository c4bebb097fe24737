/**
 * What a transaction runs when it ends (database.ts): `afterCommit` only once it has
 * committed, `afterRollback` only if it rolls back, on either backend (`npm run test:postgres`
 * runs this file on PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import { testStore } from '../helpers/test-store.js';

describe('a transaction\'s hooks', () => {
  it('runs the commit\'s actions after a commit, and the rollback\'s after a rollback', async () => {
    const store = await testStore();
    const ran: string[] = [];
    const hooks = (name: string) => {
      store.sql.afterCommit(() => ran.push(`${name} committed`));
      store.sql.afterRollback(() => ran.push(`${name} rolled back`));
    };
    await store.transaction(async () => {
      await store.world.putGuild({ id: '1', name: 'Kept', owner_id: '2', locale: 'en-US' });
      hooks('first');
      expect(ran).toEqual([]);
    });
    await expect(store.transaction(async () => {
      await store.world.putGuild({ id: '3', name: 'Refused', owner_id: '2', locale: 'en-US' });
      hooks('second');
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(ran).toEqual(['first committed', 'second rolled back']);
    expect(await store.world.guild('3')).toBeUndefined();
    // Outside a transaction nothing can roll back: a commit's action runs at once.
    hooks('outside');
    expect(ran).toEqual(['first committed', 'second rolled back', 'outside committed']);
    await store.close();
  });
});
