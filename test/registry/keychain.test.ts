/**
 * The keychain file (store/keychain.ts) written once for the changes of one turn: a world's
 * load commits a token or two per app and person, and each write waits for the disk. A
 * reader in the same turn still sees every change, and nothing is lost when the turn ends.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Keychain, KEYCHAIN_FILE_NAME } from '../../src/registry/store/keychain.js';

vi.mock('node:fs', async (original) => {
  const actual = await original<typeof fs>();
  return { ...actual, renameSync: vi.fn(actual.renameSync) };
});

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'slashbench-keychain-'));
  vi.mocked(fs.renameSync).mockClear();
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('the keychain', () => {
  it('writes the changes of one turn in one write, once the turn ends', async () => {
    const keychain = new Keychain(directory);
    for (let index = 0; index < 20; index++) keychain.remember({ kind: 'bot_token', applicationId: `${index}`, value: `token-${index}` });
    keychain.remember({ kind: 'user_token', userId: '7', value: 'person' });
    expect(fs.renameSync).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(fs.renameSync).toHaveBeenCalledTimes(1);
    const file = JSON.parse(await readFile(join(directory, KEYCHAIN_FILE_NAME), 'utf8')) as { applications: Record<string, unknown>; users: Record<string, unknown> };
    expect(Object.keys(file.applications)).toHaveLength(20);
    expect(file.users).toEqual({ 7: { token: 'person' } });
  });

  it('shows a reader in the same turn every change remembered before it', () => {
    const keychain = new Keychain(directory);
    keychain.remember({ kind: 'client_secret', applicationId: '1', value: 'secret' });
    keychain.remember({ kind: 'user_token', userId: '2', value: 'person' });
    keychain.remember({ kind: 'forget_user', userId: '2' });
    expect(keychain.read()).toEqual({ applications: { 1: { client_secret: 'secret' } }, users: {} });
    expect(fs.renameSync).toHaveBeenCalledTimes(1);
  });

  it('keeps an in-memory keychain the same way', async () => {
    const keychain = new Keychain(null);
    keychain.remember({ kind: 'bot_token', applicationId: '1', value: 'a' });
    keychain.remember({ kind: 'bot_token', applicationId: '1', value: 'b' });
    await Promise.resolve();
    expect(keychain.read().applications).toEqual({ 1: { bot_token: 'b' } });
  });
});
