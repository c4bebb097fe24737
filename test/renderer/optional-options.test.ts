/**
 * Optional options in the composer, as the real client has them: choosing a command makes
 * chips of its required options only; the optional ones wait in a list until the person
 * adds one (a chip with the focus, autocomplete asked for it); a value typed into an added
 * chip is sent, and removing the chip drops its value, its errors and its autocomplete.
 */
import { describe, expect, it } from 'vitest';
import { INVOCATION_MESSAGES } from '../../src/shared/invocation/index.js';
import type { CommandIndex } from '../../src/renderer/api/wire-types.js';
import { chosenOptions, pickerEntries, splitOptions } from '../../src/renderer/features/composer/composer-state.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { APP, startedClient, type Fake } from './fake-deps.js';

/** The example index and `/search`, whose options are all optional. */
const INDEX: CommandIndex = {
  ...EXAMPLE_INDEX,
  application_commands: [
    ...EXAMPLE_INDEX.application_commands,
    {
      id: '49', application_id: APP, version: '490', type: 1, name: 'search', description: 'Search for things',
      options: [{ type: 3, name: 'terms', description: 'What to find' }, { type: 5, name: 'exact', description: 'Only exact matches' }],
    },
  ],
};

async function chosen(query: string, label: string): Promise<Fake> {
  const fake = await startedClient(INDEX);
  fake.store.getState().setDraft(`/${query}`);
  const entry = pickerEntries(fake.store.getState()).find((candidate) => candidate.label === label);
  if (!entry) throw new Error(`no ${label}`);
  fake.store.getState().choose(entry);
  return fake;
}

/** The names of the chips and of the optional list, as the options bar lays them out. */
function layout(fake: Fake): { chips: string[]; optional: string[] } {
  const state = fake.store.getState();
  const { chips, optional } = splitOptions(chosenOptions(state), state.chosen?.added ?? []);
  return { chips: chips.map((option) => option.name), optional: optional.map((option) => option.name) };
}

const sentOptions = (fake: Fake) => fake.invocations.filter((body) => body.type === 2).at(-1)?.data.options;

describe('optional options', () => {
  it('makes chips of the required options only, the focus on the first; the optional ones wait in the list', async () => {
    const fake = await chosen('ec', '/echo');
    expect(layout(fake)).toEqual({ chips: ['text'], optional: ['times', 'loud'] });
    expect(fake.store.getState().chosen).toMatchObject({ added: [], focused: 'text' });
  });

  it('makes no chip at all when every option is optional, and focuses none', async () => {
    const fake = await chosen('sea', '/search');
    expect(layout(fake)).toEqual({ chips: [], optional: ['terms', 'exact'] });
    expect(fake.store.getState().chosen?.focused).toBeNull();
    await fake.store.getState().submit();
    expect(sentOptions(fake)).toBeUndefined();
  });

  it('adds an optional option as a chip after the others, in the order added, with the focus, once', async () => {
    const fake = await chosen('ec', '/echo');
    fake.store.getState().addOption('loud');
    fake.store.getState().addOption('times');
    fake.store.getState().addOption('loud');
    expect(layout(fake)).toEqual({ chips: ['text', 'loud', 'times'], optional: [] });
    expect(fake.store.getState().chosen?.focused).toBe('times');
    // A required option is a chip already; a name the command does not have is no option.
    fake.store.getState().addOption('text');
    fake.store.getState().addOption('volume');
    expect(fake.store.getState().chosen?.added).toEqual(['loud', 'times']);
  });

  it('sends the value typed into an added option, in definition order', async () => {
    const fake = await chosen('ec', '/echo');
    fake.store.getState().addOption('loud');
    fake.store.getState().setOptionValue('loud', { text: 'true', label: 'True' });
    fake.store.getState().setOptionValue('text', { text: 'hello' });
    await fake.store.getState().submit();
    expect(sentOptions(fake)).toEqual([{ name: 'text', type: 3, value: 'hello' }, { name: 'loud', type: 5, value: true }]);
  });

  it('removes an added option with its value and its errors: it is not sent', async () => {
    const fake = await chosen('ec', '/echo');
    fake.store.getState().setOptionValue('text', { text: 'hello' });
    fake.store.getState().addOption('times');
    fake.store.getState().setOptionValue('times', { text: 'two' });
    await fake.store.getState().submit();
    expect(fake.invocations).toEqual([]);
    expect(fake.store.getState().composerErrors?.byOption).toEqual({ times: [INVOCATION_MESSAGES.notInteger.text('times')] });
    fake.store.getState().removeOption('times');
    expect(layout(fake)).toEqual({ chips: ['text'], optional: ['times', 'loud'] });
    expect(fake.store.getState().chosen?.values).toEqual({ text: { text: 'hello' } });
    expect(fake.store.getState().chosen?.focused).toBeNull();
    expect(fake.store.getState().composerErrors?.byOption).toEqual({});
    // A required option has no chip to remove.
    fake.store.getState().removeOption('text');
    expect(layout(fake).chips).toEqual(['text']);
    await fake.store.getState().submit();
    expect(sentOptions(fake)).toEqual([{ name: 'text', type: 3, value: 'hello' }]);
  });

  it('makes a chip of an optional option given a value directly, without being added first', async () => {
    const fake = await chosen('sea', '/search');
    fake.store.getState().setOptionValue('exact', { text: 'false', label: 'False' });
    expect(layout(fake)).toEqual({ chips: ['exact'], optional: ['terms'] });
    await fake.store.getState().submit();
    expect(sentOptions(fake)).toEqual([{ name: 'exact', type: 5, value: false }]);
  });

  it('asks the bot for an added autocomplete option, and forgets the request when it is removed', async () => {
    const fake = await chosen('fr', '/fruit');
    fake.runTimers();
    const asked = fake.invocations.length;
    fake.store.getState().addOption('count');
    expect(fake.store.getState().autocomplete).toMatchObject({ optionName: 'count', status: 'loading' });
    fake.store.getState().removeOption('count');
    expect(fake.store.getState().autocomplete).toBeNull();
    fake.runTimers();
    await fake.settle();
    expect(fake.invocations).toHaveLength(asked);
  });
});
