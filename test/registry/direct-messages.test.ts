/**
 * Opening DMs (`POST /users/@me/channels`): a bot's DM with a person (discord.js's
 * `user.send()`), a person's DM and group DM, one DM per pair, and the refusals: two bots,
 * oneself, a bot in a group DM, unknown people, a bot asking for a group.
 */
import { describe, expect, it } from 'vitest';
import type { APIDMChannel, APIGroupDMChannel, APIMessage } from 'discord-api-types/v10';
import { IDS, testRegistry, TOKENS, type TestRegistry } from '../helpers/test-registry.js';

const OPEN = '/api/v10/users/@me/channels';

function open(registry: TestRegistry, token: string, payload: unknown) {
  return registry.app.inject({ method: 'POST', url: OPEN, headers: { authorization: token }, payload: payload as Record<string, unknown> });
}

describe('POST /users/@me/channels', () => {
  it("opens a bot's DM with a person once, and the bot can write in it", async () => {
    const registry = await testRegistry();
    const events: unknown[] = [];
    registry.bus.on('worldChanged', (change) => events.push(change));
    const first = await open(registry, `Bot ${TOKENS.bot}`, { recipient_id: IDS.member });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json');
    const channel = first.json<APIDMChannel>();
    expect(channel).toMatchObject({ type: 1, last_message_id: null, recipients: [{ id: IDS.member, username: 'member' }] });
    expect(events).toEqual([{ kind: 'channel', id: channel.id }]);
    // The same pair: the same DM, from either end.
    expect((await open(registry, `Bot ${TOKENS.bot}`, { recipient_id: IDS.member })).json()).toEqual(channel);
    const fromPerson = (await open(registry, TOKENS.member, { recipient_id: IDS.app })).json<APIDMChannel>();
    expect(fromPerson).toMatchObject({ id: channel.id, recipients: [{ id: IDS.app, bot: true }] });
    expect(events).toHaveLength(1);
    const sent = await registry.bot({ method: 'POST', url: `/api/v10/channels/${channel.id}/messages`, payload: { content: 'hello' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json<APIMessage>()).toMatchObject({ channel_id: channel.id, content: 'hello', author: { id: IDS.app } });
  });

  it("makes a person's group DM with them as owner; one other person is a DM", async () => {
    const registry = await testRegistry();
    const third = '100000000000000099';
    await registry.store.world.putUser({ id: third, username: 'third', global_name: null, locale: null, bot: false }, null);
    const group = await open(registry, TOKENS.owner, { recipients: [IDS.member, third, IDS.member] });
    expect(group.statusCode).toBe(200);
    expect(group.json<APIGroupDMChannel>()).toMatchObject({
      type: 3, owner_id: IDS.owner, recipients: [{ id: IDS.member }, { id: third }],
    });
    expect((await open(registry, TOKENS.owner, { recipients: [IDS.member] })).json()).toMatchObject({ type: 1 });
  });

  it('refuses what the service refuses, writing nothing', async () => {
    const registry = await testRegistry();
    const before = (await registry.store.world.privateChannels()).length;
    const cannot = { code: 50007, message: 'Cannot send messages to this user' };
    expect((await open(registry, `Bot ${TOKENS.bot}`, { recipient_id: IDS.otherApp })).json()).toMatchObject(cannot);
    expect((await open(registry, TOKENS.owner, { recipient_id: IDS.owner })).json()).toMatchObject(cannot);
    expect((await open(registry, TOKENS.owner, { recipients: [IDS.member, IDS.app] })).json()).toMatchObject(cannot);
    const unknown = await open(registry, TOKENS.owner, { recipient_id: '100000000000000077' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 10013 });
    expect((await open(registry, TOKENS.owner, { recipient_id: 'nope' })).json()).toMatchObject({
      code: 50035, errors: { recipient_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] } },
    });
    expect((await open(registry, `Bot ${TOKENS.bot}`, { recipients: [IDS.member] })).json()).toMatchObject({
      code: 50035, errors: { recipient_id: { _errors: [{ code: 'BASE_TYPE_REQUIRED' }] } },
    });
    expect((await open(registry, TOKENS.owner, { recipients: Array.from({ length: 10 }, () => IDS.member) })).json()).toMatchObject({
      code: 50035, errors: { recipients: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } },
    });
    expect((await open(registry, '', { recipient_id: IDS.member })).statusCode).toBe(401);
    expect(await registry.store.world.privateChannels()).toHaveLength(before);
  });
});
