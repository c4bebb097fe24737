/**
 * Joining someone's Activity from the chat: the launch message ("bob started Dice Game")
 * offers Join while its instance runs, as the client learns from the registry's events (the
 * launch message itself, EMBEDDED_ACTIVITY_UPDATE as people join and leave, its own launch);
 * Join sends the app's entry point as the App Launcher does, and the registry's answer
 * opens the running instance's panel.
 */
import type { APIUser } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import type { CommandIndex, IndexedCommand, WireMessage } from '../../src/renderer/api/wire-types.js';
import { joinableEntryPoint } from '../../src/renderer/features/activities/running-activities.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { GENERAL, GUILD, readyFor, startedClient, type Fake } from './fake-deps.js';

const GAME = '32';
const ENTRY_POINT: IndexedCommand = { id: '51', application_id: GAME, version: '510', type: 4, name: 'Launch', description: 'Launch an activity', handler: 2 };
const INDEX: CommandIndex = {
  applications: [...EXAMPLE_INDEX.applications, { id: GAME, name: 'Dice Game' }],
  application_commands: [...EXAMPLE_INDEX.application_commands, ENTRY_POINT],
};
const BOB: APIUser = { id: '11', username: 'bob', global_name: null, discriminator: '0', avatar: null };
const GAME_BOT: APIUser = { id: '320', username: 'Dice Game', global_name: null, discriminator: '0', avatar: null, bot: true };

/** A message in #general; by default the registry's launch message: a person's, with the app's id. */
function message(id: string, change: Partial<WireMessage> = {}): WireMessage {
  return {
    id, channel_id: GENERAL, author: BOB, content: 'started Dice Game', timestamp: '2025-01-01T12:00:00.000Z', edited_timestamp: null,
    tts: false, mention_everyone: false, mentions: [], mention_roles: [], attachments: [], embeds: [], pinned: false, type: 0,
    application_id: GAME, ...change,
  };
}

function dispatch(fake: Fake, event: string, data: unknown): void {
  fake.gateway.listener?.dispatch(event, data);
}

/** EMBEDDED_ACTIVITY_UPDATE for Dice Game's instance in #general. */
function participants(fake: Fake, ids: string[]): void {
  dispatch(fake, 'EMBEDDED_ACTIVITY_UPDATE', { instance_id: 'i-1', application_id: GAME, channel_id: GENERAL, guild_id: GUILD, participants: ids });
}

const offers = (fake: Fake, shown: WireMessage) => joinableEntryPoint(fake.store.getState(), shown)?.id;

describe('Join on a launch message', () => {
  it('is offered while the instance runs; joining launches the entry point, and the panel opens on the running instance', async () => {
    const fake = await startedClient(INDEX);
    const launch = message('900');
    dispatch(fake, 'MESSAGE_CREATE', launch);
    expect(offers(fake, launch)).toBe('51');
    expect(fake.store.getState().runningActivities).toEqual({ [`${GENERAL}:${GAME}`]: { instanceId: null, participants: ['11'] } });

    await fake.store.getState().joinActivity(launch);
    expect(fake.invocations).toEqual([{
      type: 2, application_id: GAME, guild_id: GUILD, channel_id: GENERAL, nonce: '1', data: { id: '51', name: 'Launch', type: 4, version: '510' },
    }]);
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', {
      application_id: GAME, channel_id: GENERAL, guild_id: GUILD, instance_id: 'i-1', frame_id: 'f-2', url: 'https://dice.example/?platform=desktop', participants: ['11', '10'],
    });
    participants(fake, ['11', '10']);
    expect(fake.store.getState().activity).toMatchObject({ instanceId: 'i-1', participants: ['11', '10'] });
    // In it already: nothing to offer.
    expect(offers(fake, launch)).toBeUndefined();

    fake.store.getState().closeActivity();
    participants(fake, ['11']);
    expect(offers(fake, launch)).toBe('51');
    // The last one out ends it.
    participants(fake, []);
    expect(offers(fake, launch)).toBeUndefined();
    expect(fake.store.getState().runningActivities).toEqual({});
  });

  it('is offered on the newest launch message of the app only, never on the app\'s own messages', async () => {
    const fake = await startedClient(INDEX);
    const older = message('800');
    fake.messages.current = [older];
    await fake.store.getState().loadMessages(GENERAL);
    const newer = message('900');
    dispatch(fake, 'MESSAGE_CREATE', newer);
    const answer = message('901', { author: GAME_BOT, content: 'Rolled a 6', interaction_metadata: { id: '7', type: 2, user: BOB, authorizing_integration_owners: {} } });
    const webhook = message('902', { webhook_id: GAME });
    dispatch(fake, 'MESSAGE_CREATE', answer);
    dispatch(fake, 'MESSAGE_CREATE', webhook);
    expect([older, newer, answer, webhook].map((shown) => offers(fake, shown))).toEqual([undefined, '51', undefined, undefined]);
  });

  it('shows on a launch message read from the history once the registry says its instance runs', async () => {
    const fake = await startedClient(INDEX);
    const launch = message('900');
    fake.messages.current = [launch];
    await fake.store.getState().loadMessages(GENERAL);
    // Started before this page loaded: nothing says it still runs.
    expect(offers(fake, launch)).toBeUndefined();
    participants(fake, ['11', '12']);
    expect(offers(fake, launch)).toBe('51');
    expect(fake.store.getState().runningActivities[`${GENERAL}:${GAME}`]).toEqual({ instanceId: 'i-1', participants: ['11', '12'] });
  });

  it('shows on a launch message from the history when READY names its instance as running', async () => {
    const fake = await startedClient(INDEX);
    dispatch(fake, 'READY', readyFor('10', { embedded_activities: [{ instance_id: 'i-1', application_id: GAME, channel_id: GENERAL, participants: ['11'] }] }));
    await fake.settle();
    const launch = message('900');
    fake.messages.current = [launch];
    await fake.store.getState().loadMessages(GENERAL);
    expect(offers(fake, launch)).toBe('51');
    expect(fake.store.getState().runningActivities[`${GENERAL}:${GAME}`]).toEqual({ instanceId: 'i-1', participants: ['11'] });
  });

  it('is not offered where the person has no entry point of the app to launch', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const launch = message('900');
    dispatch(fake, 'MESSAGE_CREATE', launch);
    expect(offers(fake, launch)).toBeUndefined();
    await fake.store.getState().joinActivity(launch);
    expect(fake.invocations).toEqual([]);
  });
});
