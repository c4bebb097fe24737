/**
 * Select menus in app messages: what each kind offers at the place (people, roles without
 * @everyone, channels of the allowed types, a string select's options), what starts
 * selected, choosing within min/max, and the MESSAGE_COMPONENT body the client sends:
 * `component_type`, `custom_id` and the ids as `values` (the registry resolves them).
 */
import type { APIRole } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/renderer/api/wire-types.js';
import {
  filterEntries, initialSelection, selectBounds, selectEntries, selectionChanged, selectionProblem, toggleValue,
} from '../../src/renderer/features/messages/select-options.js';
import { clientGuild, type PlaceWorld } from '../../src/renderer/features/world/world-model.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { APP, GENERAL, GUILD, readyFor, startedClient } from './fake-deps.js';

const ROLES = [
  { id: GUILD, name: '@everyone', position: 0, color: 0 },
  { id: '50', name: 'Moderator', position: 2, color: 0x3498db },
  { id: '51', name: 'Helper', position: 1, color: 0 },
] as APIRole[];

function place(): PlaceWorld {
  const ready = readyFor('10');
  const guild = clientGuild({ ...ready.guilds[0]!, roles: ROLES });
  return { guild, channel: guild.channels.find((channel) => channel.id === GENERAL), me: ready.user };
}

const entries = (component: Parameters<typeof selectEntries>[0]) => selectEntries(component, place()).map((entry) => [entry.kind, entry.value, entry.label]);

describe('what a select offers', () => {
  it('offers the place\'s people, roles (never @everyone) and both for a mentionable select', () => {
    expect(entries({ type: 5 })).toEqual([['user', '10', 'Alice'], ['user', '11', 'bob']]);
    expect(entries({ type: 6 })).toEqual([['role', '50', 'Moderator'], ['role', '51', 'Helper']]);
    expect(entries({ type: 7 }).map(([kind, value]) => `${kind}:${value}`)).toEqual(['user:10', 'user:11', 'role:50', 'role:51']);
    expect(selectEntries({ type: 6 }, place())[0]?.color).toBe('#3498db');
  });

  it('offers channels of the allowed types only, and a string select\'s options', () => {
    expect(entries({ type: 8, channel_types: [0, 11] })).toEqual([['channel', GENERAL, 'general'], ['channel', '24', 'plans']]);
    expect(entries({ type: 8, channel_types: [2] })).toEqual([['channel', '23', 'Lounge']]);
    expect(entries({ type: 8 })).toHaveLength(4);
    expect(entries({ type: 3, options: [{ label: 'Apple', value: 'a', emoji: { name: '🍎' } }] })).toEqual([['option', 'a', '🍎 Apple']]);
  });

  it('filters by label or description as the person searches', () => {
    const people = selectEntries({ type: 5 }, place());
    expect(filterEntries(people, 'BO').map((entry) => entry.value)).toEqual(['11']);
    expect(filterEntries(people, 'ali').map((entry) => entry.value)).toEqual(['10']);
    expect(filterEntries(people, ' ')).toHaveLength(2);
  });
});

describe('choosing', () => {
  it('starts from default options or default_values of the fitting kind, at most max_values', () => {
    expect(initialSelection({ type: 3, options: [{ label: 'A', value: 'a' }, { label: 'B', value: 'b', default: true }] })).toEqual(['b']);
    const defaults = [{ id: '10', type: 'user' as const }, { id: '50', type: 'role' as const }, { id: '11', type: 'user' as const }];
    expect(initialSelection({ type: 5, max_values: 5, default_values: defaults })).toEqual(['10', '11']);
    expect(initialSelection({ type: 7, max_values: 5, default_values: defaults })).toEqual(['10', '50', '11']);
    expect(initialSelection({ type: 5, default_values: defaults })).toEqual(['10']);
    expect(initialSelection({ type: 8, default_values: defaults })).toEqual([]);
  });

  it('replaces the value of a single select; adds and removes up to max in a multi-select', () => {
    expect(selectBounds({})).toEqual({ min: 1, max: 1 });
    expect(selectBounds({ min_values: 0, max_values: 3 })).toEqual({ min: 0, max: 3 });
    expect(selectBounds({ min_values: 2 })).toEqual({ min: 2, max: 2 });
    expect(toggleValue(['a'], 'b', 1)).toEqual(['b']);
    expect(toggleValue(['a'], 'b', 2)).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a', 2)).toEqual(['b']);
  });

  it('says why a selection cannot be sent, and sees a change regardless of order', () => {
    expect(selectionProblem([], { min: 1, max: 2 })).toBe('Choose at least 1.');
    expect(selectionProblem(['a', 'b', 'c'], { min: 1, max: 2 })).toBe('Choose at most 2.');
    expect(selectionProblem([], { min: 0, max: 2 })).toBeNull();
    expect(selectionChanged(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(selectionChanged(['a'], ['a', 'b'])).toBe(true);
  });
});

describe('sending a selection', () => {
  it('sends the component type, the custom id and the chosen ids only', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const message = {
      id: '100', channel_id: GENERAL, application_id: APP, author: { id: APP, username: 'bot', discriminator: '0', avatar: null, global_name: null },
      content: '', timestamp: new Date(0).toISOString(), edited_timestamp: null, embeds: [], attachments: [], mentions: [], mention_roles: [],
      mention_everyone: false, pinned: false, tts: false, type: 0, components: [],
    } as unknown as WireMessage;
    await fake.store.getState().pressComponent(message, 'who', ['10', '11'], 5);
    expect(fake.invocations).toEqual([{
      type: 3, application_id: APP, guild_id: GUILD, channel_id: GENERAL, nonce: '1', message_id: '100',
      data: { component_type: 5, custom_id: 'who', values: ['10', '11'] },
    }]);
    expect(fake.store.getState().inspectorEntries[0]).toMatchObject({ kind: 'component', customId: 'who', status: 'pending' });
  });
});
