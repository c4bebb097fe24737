/**
 * Fields the service sends and discord.py 2.x cannot do without: a thread's `owner_id` and
 * `message_count` (else the whole guild is dropped at GUILD_CREATE), and the deprecated
 * `interaction` of a command's original response (else a View's button is never found).
 */
import { describe, expect, it } from 'vitest';
import { messageView } from '../../src/registry/domain/message-view.js';
import { storedChannelView } from '../../src/registry/queries/stored-channel-view.js';
import type { StoredInteractionMetadata } from '../../src/registry/domain/interaction-metadata.js';
import type { MessageRecord, UserRecord } from '../../src/registry/store/records.js';
import { testStore } from '../helpers/test-store.js';
import { readWorldFile } from '../../src/registry/start.js';
import { loadWorld } from '../../src/registry/world/load-world.js';
import { EXAMPLE_WORLD } from '../helpers/registry-process.js';

const alice: UserRecord = { id: '11', username: 'alice', global_name: 'Alice', locale: 'en-US', bot: false };
const bot: UserRecord = { id: '22', username: 'Example Bot', global_name: null, locale: null, bot: true };

function response(metadata: StoredInteractionMetadata): MessageRecord {
  return {
    id: '33', channel_id: '44', author_id: bot.id, content: 'Press the button', timestamp: '2026-11-24T00:00:00.000Z',
    edited_timestamp: null, type: 20, flags: 0, embeds: [], components: [], attachments: [],
    application_id: bot.id, webhook_id: bot.id, interaction_metadata: metadata,
  };
}

describe('what discord.py reads', () => {
  it('gives every thread an owner (its guild owner, as the world names no creator) and a message count', async () => {
    const store = await testStore();
    const world = readWorldFile(EXAMPLE_WORLD);
    await loadWorld(store, world, { now: Date.now, nextId: () => '1' });
    const guild = world.guilds[0]!;
    const thread = (await store.world.channels(guild.id)).find((channel) => channel.type === 11);
    if (!thread) throw new Error('examples/world.json lost its thread');
    expect(await storedChannelView(store, thread, null)).toMatchObject({ owner_id: guild.owner_id, message_count: 0, member_count: 0 });
    await store.close();
  });

  it('sends the deprecated interaction beside interaction_metadata on a command\'s original response only', () => {
    const user = { id: alice.id, username: 'alice', global_name: 'Alice', discriminator: '0', avatar: null };
    const original = messageView(response({ id: '55', type: 2, name: 'buttons', user, authorizing_integration_owners: {} }), bot);
    expect(original.interaction).toEqual({ id: '55', type: 2, name: 'buttons', user });
    const followUp = messageView(response({ id: '55', type: 2, name: 'buttons', user, authorizing_integration_owners: {}, original_response_message_id: '33' }), bot);
    expect(followUp.interaction).toBeUndefined();
    const click = messageView(response({ id: '66', type: 3, user, authorizing_integration_owners: {}, interacted_message_id: '33' }), bot);
    expect(click.interaction).toBeUndefined();
  });
});
