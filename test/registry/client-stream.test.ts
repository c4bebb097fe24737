/**
 * Who hears what on the client event stream, over real WebSockets to a registry on a real
 * port: a person's session gets the progress events of their own interactions and none of
 * another person's; an ephemeral response (and its edit) reaches only the invoking person's
 * sessions; a public response reaches every member who can view the channel. The bot is a
 * raw gateway session the test answers for through the callback route.
 *
 * Absence is checked after `sync()` (a heartbeat round trip on that connection), never after
 * a sleep: whatever the registry had sent to that session by then has arrived.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientSession, fromInteraction, indexed, type Data, type Dispatched } from '../helpers/client-session.js';
import { GatewayClient } from '../helpers/gateway-client.js';
import { EXAMPLE, startedRegistry, type ListeningRegistry } from '../helpers/listening-registry.js';

/** The client's own interaction events (the simulator's, besides messages). */
const PROGRESS = ['INTERACTION_CREATE', 'INTERACTION_DELIVERY', 'INTERACTION_CALLBACK', 'INTERACTION_SUCCESS', 'INTERACTION_FAILURE'];

let registry: ListeningRegistry;
let bot: GatewayClient;
let alice: ClientSession;
/** A second session of alice's (another device). */
let aliceAgain: ClientSession;
let bob: ClientSession;
let carol: ClientSession;

beforeAll(async () => {
  registry = await startedRegistry();
  const put = await fetch(`${registry.url}/api/v10/applications/${EXAMPLE.app.id}/guilds/${EXAMPLE.guild}/commands`, {
    method: 'PUT',
    headers: { authorization: `Bot ${EXAMPLE.app.token}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ name: 'public', description: 'Answers for everyone' }, { name: 'secret', description: 'Answers for you only' }]),
  });
  if (put.status !== 200) throw new Error(`registering the commands answered ${put.status}: ${await put.text()}`);
  bot = await GatewayClient.open(`${registry.url.replace(/^http/, 'ws')}/gateway`);
  await bot.op(10);
  bot.identify(EXAMPLE.app.token);
  await bot.dispatch('READY');
  alice = await ClientSession.open(registry.url, EXAMPLE.alice.token);
  aliceAgain = await ClientSession.open(registry.url, EXAMPLE.alice.token);
  bob = await ClientSession.open(registry.url, EXAMPLE.bob.token);
  carol = await ClientSession.open(registry.url, EXAMPLE.carol.token);
});

afterAll(async () => {
  for (const session of [alice, aliceAgain, bob, carol]) await session?.close();
  await bot?.close();
  await registry?.close();
});

interface Answered {
  id: string;
  token: string;
}

/**
 * `person` invokes `name` in #general; the bot takes the INTERACTION_CREATE and answers with
 * `response` through the callback route. Resolves once the callback has been answered (so
 * every event of the interaction has been emitted).
 */
async function invokeAndAnswer(person: ClientSession, name: string, nonce: string, response: unknown): Promise<Answered> {
  const command = indexed(await person.index(EXAMPLE.guild, EXAMPLE.general), name);
  const invoked = await person.invoke(command, { guildId: EXAMPLE.guild, channelId: EXAMPLE.general, nonce });
  expect(invoked.status, await invoked.text()).toBe(204);
  const id = (await person.event('INTERACTION_CREATE', (data) => data.nonce === nonce)).d.id as string;
  const interaction = (await bot.next((payload) => payload.t === 'INTERACTION_CREATE' && (payload.d as Data).id === id)).d as Answered;
  const callback = await fetch(`${registry.url}/api/v10/interactions/${interaction.id}/${interaction.token}/callback`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(response),
  });
  expect(callback.status, await callback.text()).toBe(204);
  return interaction;
}

/** Everything `session` got about interaction `id`: its progress events and its messages. */
function about(session: ClientSession, id: string): Dispatched[] {
  return session.dispatches().filter((entry) => entry.d.id === id || fromInteraction(id)(entry.d));
}

describe('the client event stream', () => {
  it("carries a person's own interaction events, and none of another person's", async () => {
    const mine = await invokeAndAnswer(alice, 'public', 'alice-1', { type: 4, data: { content: 'Hi alice' } });
    const theirs = await invokeAndAnswer(bob, 'public', 'bob-1', { type: 4, data: { content: 'Hi bob' } });
    await Promise.all([alice.sync(), bob.sync(), carol.sync()]);
    const progress = (session: ClientSession, id: string) => about(session, id).filter((entry) => PROGRESS.includes(entry.t));
    for (const [session, id, nonce] of [[alice, mine.id, 'alice-1'], [bob, theirs.id, 'bob-1']] as const) {
      const own = progress(session, id);
      expect(own[0]?.t).toBe('INTERACTION_CREATE');
      expect(own.map((entry) => entry.t).sort()).toEqual(['INTERACTION_CALLBACK', 'INTERACTION_CREATE', 'INTERACTION_DELIVERY', 'INTERACTION_SUCCESS']);
      for (const entry of own) expect(entry.d).toMatchObject({ id, nonce });
    }
    expect(progress(alice, theirs.id)).toEqual([]);
    expect(progress(bob, mine.id)).toEqual([]);
    // A member who invoked nothing hears no one's progress, only the public answers.
    expect(progress(carol, mine.id)).toEqual([]);
    expect(progress(carol, theirs.id)).toEqual([]);
    expect(about(carol, mine.id).map((entry) => entry.t)).toEqual(['MESSAGE_CREATE']);
    // Nor does any nonce of another person reach a session.
    expect(alice.dispatches().filter((entry) => entry.d.nonce === 'bob-1')).toEqual([]);
    expect(bob.dispatches().filter((entry) => entry.d.nonce === 'alice-1')).toEqual([]);
  });

  it("sends an ephemeral response, and its edit, only to the invoking person's sessions", async () => {
    const interaction = await invokeAndAnswer(alice, 'secret', 'alice-2', { type: 4, data: { content: 'Only you can see this', flags: 64 } });
    const seen = (await alice.event('MESSAGE_CREATE', fromInteraction(interaction.id))).d;
    expect(seen).toMatchObject({ content: 'Only you can see this', flags: 64, channel_id: EXAMPLE.general, author: { id: EXAMPLE.app.id } });
    expect((await aliceAgain.event('MESSAGE_CREATE', fromInteraction(interaction.id))).d).toMatchObject({ id: seen.id, flags: 64 });

    const edit = await fetch(`${registry.url}/api/v10/webhooks/${EXAMPLE.app.id}/${interaction.token}/messages/@original`, {
      method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'Still only you' }),
    });
    expect(edit.status, await edit.text()).toBe(200);
    expect((await alice.event('MESSAGE_UPDATE', (data) => data.id === seen.id)).d).toMatchObject({ content: 'Still only you', flags: 64 });
    expect((await aliceAgain.event('MESSAGE_UPDATE', (data) => data.id === seen.id)).d).toMatchObject({ content: 'Still only you' });

    await Promise.all([bob.sync(), carol.sync()]);
    for (const other of [bob, carol]) {
      expect(about(other, interaction.id)).toEqual([]);
      expect(other.dispatches().filter((entry) => entry.d.id === seen.id)).toEqual([]);
    }
    // Nor is it in the channel's history for anyone else.
    const history = await fetch(`${registry.url}/api/v10/channels/${EXAMPLE.general}/messages`, { headers: { authorization: EXAMPLE.bob.token } });
    expect(history.status).toBe(200);
    expect(((await history.json()) as Data[]).map((message) => message.id)).not.toContain(seen.id);
  });

  it('sends a public response to every member who can view the channel', async () => {
    const interaction = await invokeAndAnswer(alice, 'public', 'alice-3', { type: 4, data: { content: 'Everyone, look' } });
    const sent = (await alice.event('MESSAGE_CREATE', fromInteraction(interaction.id))).d;
    expect(sent).toMatchObject({ content: 'Everyone, look', flags: 0, channel_id: EXAMPLE.general });
    for (const other of [aliceAgain, bob, carol]) {
      expect((await other.event('MESSAGE_CREATE', fromInteraction(interaction.id))).d).toEqual(sent);
    }
    // The others get the message, not the invoker's progress.
    await Promise.all([bob.sync(), carol.sync()]);
    for (const other of [bob, carol]) expect(about(other, interaction.id).map((entry) => entry.t)).toEqual(['MESSAGE_CREATE']);
  });
});
