/**
 * The transaction an asynchronous context runs in (store/transaction-scopes.ts): each
 * transaction's work sees its own scope through its awaits, overlapping ones included (as
 * on PostgreSQL), and once none runs Node tracks no scope through the process's promises.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { TransactionScopes } from '../../src/registry/store/transaction-scopes.js';

/**
 * Whether Node tracks the storage through promises: its `enabled` flag (Node's own field,
 * checked to exist). The storages the tests inject hold the scopes' own entries, typed
 * `never`: nothing but that flag is looked at.
 */
function tracked(storage: AsyncLocalStorage<unknown>): boolean {
  const { enabled } = storage as unknown as { enabled?: unknown };
  expect(typeof enabled).toBe('boolean');
  return enabled === true;
}

describe('transaction scopes', () => {
  it('gives each transaction its own scope, overlapping ones too, and stops tracking once none runs', async () => {
    const storage = new AsyncLocalStorage<never>();
    const scopes = new TransactionScopes(storage);
    expect(scopes.current()).toBeUndefined();
    const seen: string[] = [];
    const first = scopes.run('first', async () => {
      await sleep(20);
      seen.push(`first sees ${scopes.current()}`);
    });
    const second = scopes.run('second', async () => {
      await sleep(5);
      seen.push(`second sees ${scopes.current()}`);
      expect(tracked(storage)).toBe(true);
    });
    await second;
    // The first still runs: its scope stays, and so does the tracking.
    expect(tracked(storage)).toBe(true);
    await first;
    expect(seen).toEqual(['second sees second', 'first sees first']);
    expect(scopes.current()).toBeUndefined();
    expect(tracked(storage)).toBe(false);
  });

  it('stops tracking after a transaction that failed', async () => {
    const storage = new AsyncLocalStorage<never>();
    const scopes = new TransactionScopes(storage);
    await expect(scopes.run('failing', async () => {
      await sleep(1);
      throw new Error('refused');
    })).rejects.toThrow('refused');
    expect(tracked(storage)).toBe(false);
    expect(scopes.current()).toBeUndefined();
  });

  it('puts work a transaction left running in no transaction once it has ended, though another runs', async () => {
    const scopes = new TransactionScopes<string>();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let left!: Promise<string | undefined>;
    await scopes.run('first', async () => {
      // Not awaited: it goes on after the first transaction has ended.
      left = (async () => {
        await released;
        return scopes.current();
      })();
    });
    await scopes.run('second', async () => {
      release();
      // Node gives the left work the first's store back while the second turns the storage on.
      expect(await left).toBeUndefined();
      expect(scopes.current()).toBe('second');
    });
  });
});
