/**
 * The picker's "Not shown here" list and the explanation it opens: hidden commands filtered
 * like the shown ones, and the registry's checks for one of them loaded into the inspector.
 */
import { describe, expect, it } from 'vitest';
import type { CommandIndex, Explanation } from '../../src/renderer/api/wire-types.js';
import { hiddenEntries } from '../../src/renderer/features/commands/hidden-entries.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { startedClient } from './fake-deps.js';

const INDEX: CommandIndex = {
  ...EXAMPLE_INDEX,
  hidden_commands: [
    { id: '60', application_id: '30', name: 'purge', type: 1, rule: 'member', reason: 'default_member_permissions needs MANAGE_GUILD.' },
    { id: '61', application_id: '30', name: 'Report', type: 2, rule: 'context', reason: 'Not in guilds.' },
    { id: '62', application_id: '31', name: 'nsfw-only', type: 1, rule: 'age-restriction' },
  ],
};

const EXPLANATION: Explanation = {
  command: { id: '60', application_id: '30', version: '600', type: 1, name: 'purge', description: 'Delete messages' },
  visible: false,
  checks: [
    { rule: 'scope', verdict: 'pass', detail: 'A global command.' },
    { rule: 'member', verdict: 'fail', detail: 'default_member_permissions needs MANAGE_GUILD.' },
  ],
  warnings: [{ path: 'options.0.min_length', code: 'LENGTH_RANGE_EMPTY', message: 'min_length is greater than max_length.' }],
};

describe('the hidden commands in the picker', () => {
  it('lists them by label with the rule and reason, filtered by what was typed', () => {
    expect(hiddenEntries(INDEX, '').map((entry) => [entry.label, entry.reason])).toEqual([
      ['/nsfw-only', 'age-restriction'],
      ['/purge', 'member: default_member_permissions needs MANAGE_GUILD.'],
      ['Report (user command)', 'context: Not in guilds.'],
    ]);
    expect(hiddenEntries(INDEX, 'pu').map((entry) => entry.command.id)).toEqual(['60']);
    expect(hiddenEntries(INDEX, 'only').map((entry) => entry.command.id)).toEqual(['62']);
    expect(hiddenEntries(EXAMPLE_INDEX, '')).toEqual([]);
    expect(hiddenEntries(null, '')).toEqual([]);
  });
});

describe('explaining a hidden command', () => {
  it('asks the registry about the open channel and shows its checks in the inspector', async () => {
    const fake = await startedClient(INDEX);
    fake.store.getState().setInspectorOpen(false);
    fake.explanations['60'] = { ok: true, status: 200, body: EXPLANATION };
    const asked = fake.store.getState().explainCommand({ id: '60', name: '/purge' });
    expect(fake.store.getState().explanation).toMatchObject({ commandId: '60', status: 'loading' });
    expect(fake.store.getState().inspectorOpen).toBe(true);
    await asked;
    expect(fake.store.getState().explanation).toMatchObject({ commandId: '60', name: '/purge', status: 'loaded', explanation: EXPLANATION });
    // The command's warnings come with the checks, for the explain view to list.
    expect(fake.store.getState().explanation).toMatchObject({ explanation: { warnings: [{ code: 'LENGTH_RANGE_EMPTY' }] } });
    fake.store.getState().closeExplanation();
    expect(fake.store.getState().explanation).toBeNull();
  });

  it('says why when the registry cannot explain, and keeps only the latest question', async () => {
    const fake = await startedClient(INDEX);
    fake.explanations['60'] = { ok: true, status: 200, body: EXPLANATION };
    const first = fake.store.getState().explainCommand({ id: '60', name: '/purge' });
    const second = fake.store.getState().explainCommand({ id: '99', name: '/gone' });
    await Promise.all([first, second]);
    expect(fake.store.getState().explanation).toEqual({
      commandId: '99', name: '/gone', channelId: '21', status: 'failed', error: 'Unknown application command (10063)',
    });
  });

  it('forgets the answer when another person takes over: it was about what the previous one may see', async () => {
    const fake = await startedClient(INDEX);
    fake.explanations['60'] = { ok: true, status: 200, body: EXPLANATION };
    await fake.store.getState().explainCommand({ id: '60', name: '/purge' });
    expect(fake.store.getState().explanation).toMatchObject({ status: 'loaded' });
    await fake.store.getState().actAs('11');
    expect(fake.store.getState().explanation).toBeNull();
  });
});
