/**
 * The context menu's store logic: which USER or MESSAGE commands the "Apps" submenu offers
 * (by app, localized), and choosing one, which invokes it at once with the target, through
 * the inspector, and closes the menu.
 */
import { describe, expect, it } from 'vitest';
import type { CommandIndex } from '../../src/renderer/api/wire-types.js';
import { contextCommandGroups } from '../../src/renderer/features/context-menu/context-commands.js';
import { STALE_NOTICE } from '../../src/renderer/features/commands/commands-slice.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { APP, GENERAL, GUILD, startedClient } from './fake-deps.js';

const INDEX: CommandIndex = {
  ...EXAMPLE_INDEX,
  application_commands: [
    ...EXAMPLE_INDEX.application_commands,
    { id: '45', application_id: '30', version: '450', type: 3, name: 'Quote', description: '', name_localized: 'Citer' },
    { id: '46', application_id: '31', version: '460', type: 2, name: 'Avatar', description: '' },
    { id: '47', application_id: '30', version: '470', type: 2, name: 'Badges', description: '' },
  ],
};

function command(id: string) {
  const found = INDEX.application_commands.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no command ${id}`);
  return found;
}

describe('the Apps submenu', () => {
  it('offers a person\'s USER commands grouped by app, in the index\'s app order', () => {
    const groups = contextCommandGroups(INDEX, { kind: 'user', id: '11' });
    expect(groups.map((group) => [group.application.name, group.commands.map((entry) => entry.label)])).toEqual([
      ['Example Bot', ['Badges', 'Inspect user']],
      ['Other App', ['Avatar']],
    ]);
  });

  it('offers a message\'s MESSAGE commands under their localized names, and nothing without an index', () => {
    const groups = contextCommandGroups(INDEX, { kind: 'message', id: '99' });
    expect(groups.map((group) => group.commands.map((entry) => entry.label))).toEqual([['Citer']]);
    expect(contextCommandGroups(null, { kind: 'message', id: '99' })).toEqual([]);
  });
});

describe('choosing a context command', () => {
  it('invokes it right away on the target, records it, and closes the menu', async () => {
    const fake = await startedClient(INDEX);
    fake.store.getState().openContextMenu({ kind: 'user', id: '11' }, 40, 50);
    expect(fake.store.getState().contextMenu).toEqual({ target: { kind: 'user', id: '11' }, x: 40, y: 50 });
    await fake.store.getState().invokeContextCommand(command('43'));
    expect(fake.store.getState().contextMenu).toBeNull();
    expect(fake.invocations).toEqual([{
      type: 2, application_id: APP, guild_id: GUILD, channel_id: GENERAL, nonce: '1',
      data: { id: '43', name: 'Inspect user', type: 2, version: '430', target_id: '11' },
    }]);
    const [entry] = fake.store.getState().inspectorEntries;
    expect(entry).toMatchObject({ kind: 'command', label: 'Inspect user', status: 'pending' });
  });

  it('sends the default name of a MESSAGE command with the message as target, labelled as the person reads it', async () => {
    const fake = await startedClient(INDEX);
    fake.store.getState().openContextMenu({ kind: 'message', id: '99' }, 0, 0);
    await fake.store.getState().invokeContextCommand(command('45'));
    expect(fake.invocations[0]?.data).toEqual({ id: '45', name: 'Quote', type: 3, version: '450', target_id: '99' });
    expect(fake.store.getState().inspectorEntries[0]?.label).toBe('Citer');
  });

  it('does nothing once the menu is closed (Esc or a click elsewhere)', async () => {
    const fake = await startedClient(INDEX);
    fake.store.getState().openContextMenu({ kind: 'user', id: '11' }, 0, 0);
    fake.store.getState().closeContextMenu();
    await fake.store.getState().invokeContextCommand(command('43'));
    expect(fake.invocations).toEqual([]);
  });

  it('keeps a refusal in the inspector, and reloads the index after a stale version', async () => {
    const fake = await startedClient(INDEX);
    fake.invokeAnswers.push({ ok: false, status: 400, error: { code: 50035, message: 'Invalid Form Body', errors: { data: { version: { _errors: [{ code: 'INTERACTION_APPLICATION_COMMAND_INVALID_VERSION', message: 'stale' }] } } } } });
    const loads = fake.indexLoads.length;
    fake.store.getState().openContextMenu({ kind: 'user', id: '11' }, 0, 0);
    await fake.store.getState().invokeContextCommand(command('43'));
    await fake.settle();
    expect(fake.store.getState().inspectorEntries[0]?.status).toBe('failed');
    expect(fake.indexLoads.length).toBe(loads + 1);
    expect(fake.store.getState().indexNotice).toBe(STALE_NOTICE);
  });
});
