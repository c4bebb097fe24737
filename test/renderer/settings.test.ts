/**
 * The client's settings with fake dependencies: read at start and kept through the host
 * (never elsewhere), the acting person chosen by the switcher kept and used at the next
 * start, the locale override sent with requests, writes in order and a refused write
 * reported; a remote registry's people from its tokens, with its failures in words; and
 * the remote registry form's checks.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, MAX_REMOTE_TOKENS } from '../../src/shared/client-settings.js';
import type { CurrentUser } from '../../src/renderer/api/wire-types.js';
import { resolveLook } from '../../src/renderer/features/settings/look.js';
import { checkRemoteEntry } from '../../src/renderer/features/settings/remote-entry.js';
import { selectReady } from '../../src/renderer/store/selectors.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { fakeClient, readyFor, startedClient, type Fake } from './fake-deps.js';

const REMOTE = 'http://192.168.1.20:8484';

function remoteUser(id: string, username: string, locale: string): CurrentUser {
  return { id, username, global_name: null, discriminator: '0', avatar: null, locale };
}

/** A client whose kept settings use the remote registry with `tokens`, where `users` answer. */
function remoteClient(tokens: string[], users: Record<string, CurrentUser>, actingUserId: string | null = null): Fake {
  const fake = fakeClient(EXAMPLE_INDEX);
  fake.settings.current = { ...DEFAULT_SETTINGS, registry: 'remote', remote: { url: REMOTE, tokens, acting_user_id: actingUserId } };
  fake.remote.users = users;
  return fake;
}

describe('settings kept by the host', () => {
  it('start with the defaults: the local registry, the first person, their locale, the dark look', async () => {
    const fake = fakeClient(EXAMPLE_INDEX);
    await fake.store.getState().start();
    const state = fake.store.getState();
    expect(state.settings).toEqual(DEFAULT_SETTINGS);
    expect(state.actingUserId).toBe('10');
    expect(state.locale).toBe('en-US');
    expect(state.remoteRegistry).toBeNull();
    expect(fake.remote.origin).toBeNull();
    // Starting chooses nothing: nothing is written.
    expect(fake.settings.writes).toEqual([]);
  });

  it('keep the person the switcher chose, and act as them at the next start', async () => {
    const first = await startedClient(EXAMPLE_INDEX, '10');
    await first.store.getState().actAs('11');
    expect(first.settings.writes.at(-1)).toMatchObject({ acting_user_id: '11' });
    const restarted = fakeClient(EXAMPLE_INDEX);
    restarted.settings.current = first.settings.current;
    await restarted.store.getState().start();
    expect(restarted.store.getState().actingUserId).toBe('11');
    expect(restarted.gateway.token).toBe('token-11');
  });

  it('let the page\'s ?user= win over the kept person, without keeping it', async () => {
    const fake = fakeClient(EXAMPLE_INDEX);
    fake.settings.current = { ...DEFAULT_SETTINGS, acting_user_id: '11' };
    await fake.store.getState().start('10');
    expect(fake.store.getState().actingUserId).toBe('10');
    expect(fake.settings.writes).toEqual([]);
  });

  it('fall back to the first person when the kept one left the world', async () => {
    const fake = fakeClient(EXAMPLE_INDEX);
    fake.settings.current = { ...DEFAULT_SETTINGS, acting_user_id: '99' };
    await fake.store.getState().start();
    expect(fake.store.getState().actingUserId).toBe('10');
  });

  it('override the person\'s locale in every request and reload the index in it; "follow" goes back', async () => {
    const fake = await startedClient(EXAMPLE_INDEX, '11');
    expect(fake.store.getState().locale).toBe('fr');
    await fake.store.getState().setLocale('de');
    await fake.settle();
    expect(fake.store.getState().locale).toBe('de');
    expect(fake.indexLoads.at(-1)).toMatchObject({ locale: 'de' });
    expect(fake.settings.current.locale).toBe('de');
    // READY keeps the override: the person's own locale is remembered beside it.
    fake.gateway.listener?.dispatch('READY', readyFor('11'));
    await fake.settle();
    expect(fake.store.getState()).toMatchObject({ locale: 'de', userLocale: 'fr' });
    await fake.store.getState().setLocale(null);
    await fake.settle();
    expect(fake.store.getState().locale).toBe('fr');
    expect(fake.indexLoads.at(-1)).toMatchObject({ locale: 'fr' });
  });

  it('apply the kept locale from the start, for every person', async () => {
    const fake = fakeClient(EXAMPLE_INDEX);
    fake.settings.current = { ...DEFAULT_SETTINGS, locale: 'ja' };
    await fake.store.getState().start('11');
    fake.gateway.listener?.dispatch('READY', readyFor('11'));
    await fake.settle();
    expect(fake.indexLoads).toEqual([{ channelId: expect.any(String), locale: 'ja' }]);
  });

  it('write whole settings in the order of the changes, so the last one stands', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const state = fake.store.getState();
    await Promise.all([state.setTheme('light'), state.setLocale('fr'), state.setTheme('system')]);
    expect(fake.settings.writes.map((settings) => [settings.theme, settings.locale])).toEqual([['light', null], ['light', 'fr'], ['system', 'fr']]);
    expect(fake.settings.current).toMatchObject({ theme: 'system', locale: 'fr' });
  });

  it('say when a change was not kept, and keep it on screen until the page closes', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    fake.settings.refuse = 'The settings could not be saved (EACCES).';
    expect(await fake.store.getState().setTheme('light')).toBe(false);
    expect(fake.store.getState().settings.theme).toBe('light');
    expect(fake.store.getState().settingsError).toContain('EACCES');
    fake.settings.refuse = null;
    expect(await fake.store.getState().setTheme('dark')).toBe(true);
    expect(fake.store.getState().settingsError).toBeNull();
  });

  it('show the host\'s warning about a damaged file, and use the defaults when the host cannot answer', async () => {
    const warned = fakeClient(EXAMPLE_INDEX);
    warned.settings.warning = 'settings.json is not JSON; using the default settings.';
    await warned.store.getState().start();
    expect(warned.store.getState().settingsWarning).toContain('not JSON');
    const unreachable = fakeClient(EXAMPLE_INDEX);
    unreachable.deps.host.readSettings = async () => ({ ok: false, error: { code: 'unavailable', message: 'The host could not be reached.' } });
    await unreachable.store.getState().start();
    expect(unreachable.store.getState().settings).toEqual(DEFAULT_SETTINGS);
    expect(unreachable.store.getState().settingsWarning).toContain('could not be read');
    expect(unreachable.store.getState().actingUserId).toBe('10');
  });

  it('keep a remote registry, remembering whom it acted as there only for the same address', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const state = fake.store.getState();
    await state.chooseRemoteRegistry({ url: REMOTE, tokens: ['t1'] });
    expect(fake.settings.current).toMatchObject({ registry: 'remote', remote: { url: REMOTE, tokens: ['t1'], acting_user_id: null } });
    fake.settings.current = { ...fake.settings.current, remote: { url: REMOTE, tokens: ['t1'], acting_user_id: '501' } };
    await fake.store.getState().loadSettings();
    await fake.store.getState().chooseLocalRegistry();
    expect(fake.settings.current).toMatchObject({ registry: 'local', remote: { url: REMOTE, acting_user_id: '501' } });
    await fake.store.getState().chooseRemoteRegistry({ url: REMOTE, tokens: ['t1', 't2'] });
    expect(fake.settings.current.remote).toEqual({ url: REMOTE, tokens: ['t1', 't2'], acting_user_id: '501' });
    await fake.store.getState().chooseRemoteRegistry({ url: 'http://10.0.0.9:8484', tokens: ['t3'] });
    expect(fake.settings.current.remote?.acting_user_id).toBeNull();
  });
});

describe('a remote registry', () => {
  const ANA = remoteUser('501', 'ana', 'pt-BR');
  const BEN = remoteUser('502', 'ben', 'de');

  it('acts as the people of its tokens, over REST and the gateway pointed at it', async () => {
    const fake = remoteClient(['token-ana', 'token-ben'], { 'token-ana': ANA, 'token-ben': BEN });
    await fake.store.getState().start();
    const state = fake.store.getState();
    expect(fake.remote.origin).toBe(REMOTE);
    expect(state.remoteRegistry).toBe(REMOTE);
    expect(state.people.map((person) => person.username)).toEqual(['ana', 'ben']);
    expect(state.actingUserId).toBe('501');
    expect(fake.gateway.token).toBe('token-ana');
    expect(state.locale).toBe('pt-BR');
    expect(state.registryError).toBeNull();
  });

  it('switches between its tokens\' people and keeps the choice for that registry', async () => {
    const fake = remoteClient(['token-ana', 'token-ben'], { 'token-ana': ANA, 'token-ben': BEN });
    await fake.store.getState().start();
    await fake.store.getState().actAs('502');
    expect(fake.gateway.token).toBe('token-ben');
    expect(fake.settings.current.remote?.acting_user_id).toBe('502');
    expect(fake.settings.current.acting_user_id).toBeNull();
    const restarted = remoteClient(['token-ana', 'token-ben'], { 'token-ana': ANA, 'token-ben': BEN });
    restarted.settings.current = fake.settings.current;
    await restarted.store.getState().start();
    expect(restarted.gateway.token).toBe('token-ben');
  });

  it('says which token it refused, and still acts as the others\' people', async () => {
    const fake = remoteClient(['token-ana', 'wrong-token-1234'], { 'token-ana': ANA });
    await fake.store.getState().start();
    const state = fake.store.getState();
    expect(state.people.map((person) => person.id)).toEqual(['501']);
    expect(state.registryError).toBe(`The remote registry at ${REMOTE} refused token 2 (…1234) (401: Unauthorized).`);
    expect(state.connection).toBe('connecting');
  });

  it('fails plainly when it refuses every token, or cannot be reached', async () => {
    const refused = remoteClient(['nope'], {});
    await refused.store.getState().start();
    expect(refused.store.getState()).toMatchObject({ connection: 'failed', registryError: expect.stringContaining('refused token 1') });
    expect(refused.gateway.token).toBeNull();
    const unreachable = remoteClient(['token-ana'], { 'token-ana': ANA });
    unreachable.remote.reachable = false;
    await unreachable.store.getState().start();
    expect(unreachable.store.getState().registryError).toBe(`The remote registry at ${REMOTE} could not be reached. Is it running, and is the address right?`);
    expect(selectReady(unreachable.store.getState())).toBe(false);
  });

  it('stops, and says so, when its gateway refuses the token (it cannot mint another)', async () => {
    const fake = remoteClient(['token-ana'], { 'token-ana': ANA });
    await fake.store.getState().start();
    fake.gateway.listener?.closed(4004, 'Authentication failed.');
    expect(fake.store.getState()).toMatchObject({ connection: 'failed', registryError: expect.stringContaining('refused the token') });
    expect(fake.timers).toEqual([]);
  });

  it('never asks the host for people or sessions', async () => {
    const fake = remoteClient(['token-ana'], { 'token-ana': ANA });
    const asked: string[] = [];
    fake.deps.host.listUsers = async () => { asked.push('listUsers'); return { ok: true, value: { users: [] } }; };
    fake.deps.host.openSession = async () => { asked.push('openSession'); return { ok: false, error: { code: 'unknown-user', message: '' } }; };
    await fake.store.getState().start();
    await fake.store.getState().actAs('501');
    expect(asked).toEqual([]);
  });
});

describe('the remote registry form', () => {
  it('turns what was typed into an origin, and takes tokens trimmed', () => {
    expect(checkRemoteEntry(' 192.168.1.20:8484/ ', [' abc '])).toEqual({ ok: true, entry: { url: REMOTE, tokens: ['abc'] } });
    expect(checkRemoteEntry('https://registry.example', ['a', 'b'])).toEqual({ ok: true, entry: { url: 'https://registry.example', tokens: ['a', 'b'] } });
  });

  it('names every problem beside its field', () => {
    const checked = checkRemoteEntry('ftp://host', ['', 'Bot abc', 'ok']);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.problems.url).toContain('http(s) address');
    expect(checked.problems.tokens).toEqual([expect.stringContaining('Enter a token'), expect.stringContaining('no spaces'), null]);
    const path = checkRemoteEntry('http://host:1/api', ['x']);
    expect(!path.ok && path.problems.url).toContain('no path');
    const empty = checkRemoteEntry('', []);
    expect(!empty.ok && [empty.problems.url, empty.problems.list]).toEqual([expect.stringContaining('Enter the remote'), expect.stringContaining('Add a token')]);
    const twice = checkRemoteEntry('http://host', ['a', 'a']);
    expect(!twice.ok && twice.problems.list).toContain('twice');
    const many = checkRemoteEntry('http://host', Array.from({ length: MAX_REMOTE_TOKENS + 1 }, (_, index) => `t${index}`));
    expect(!many.ok && many.problems.list).toContain(`at most ${MAX_REMOTE_TOKENS}`);
  });
});

describe('the look', () => {
  it('follows the computer only for "system"', () => {
    expect(resolveLook('dark', true)).toBe('dark');
    expect(resolveLook('light', false)).toBe('light');
    expect(resolveLook('system', true)).toBe('light');
    expect(resolveLook('system', false)).toBe('dark');
  });
});
