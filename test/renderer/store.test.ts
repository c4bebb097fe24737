/**
 * The client's store with fake dependencies: acting as a person and switching, the world
 * and readiness after READY, the picker and the options form, sending (and not sending),
 * read-repair after a stale version, autocomplete with its debounce and failures, live
 * messages, and the inspector's record matched by nonce.
 */
import { describe, expect, it } from 'vitest';
import { INVOCATION_MESSAGES } from '../../src/shared/invocation/index.js';
import { STALE_NOTICE } from '../../src/renderer/features/commands/commands-slice.js';
import { AUTOCOMPLETE_DELAY_MS, AUTOCOMPLETE_FAILED } from '../../src/renderer/features/autocomplete/autocomplete-slice.js';
import { pickerEntries } from '../../src/renderer/features/composer/composer-state.js';
import { RECONNECT_DELAY_MS } from '../../src/renderer/features/session/session-slice.js';
import { selectReady } from '../../src/renderer/store/selectors.js';
import type { WireMessage } from '../../src/renderer/api/wire-types.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { APP, fakeClient, GENERAL, GUILD, readyFor, startedClient, type Fake } from './fake-deps.js';

function chooseByLabel(fake: Fake, query: string, label: string): void {
  const state = fake.store.getState();
  state.setDraft(`/${query}`);
  const entry = pickerEntries(fake.store.getState()).find((candidate) => candidate.label === label);
  if (!entry) throw new Error(`no ${label} for /${query}`);
  fake.store.getState().choose(entry);
}

function message(id: string, extra: Partial<WireMessage> = {}): WireMessage {
  return {
    id, channel_id: GENERAL, content: `message ${id}`, timestamp: new Date(0).toISOString(), edited_timestamp: null,
    author: { id: APP, username: 'Example Bot', global_name: null, discriminator: '0', avatar: null, bot: true },
    tts: false, mention_everyone: false, mentions: [], mention_roles: [], attachments: [], embeds: [], pinned: false, type: 0,
    ...extra,
  } as WireMessage;
}

describe('the session', () => {
  it('acts as the chosen person, and is ready once READY and the index are in', async () => {
    const fake = fakeClient(EXAMPLE_INDEX);
    const started = fake.store.getState().start('11');
    await started;
    expect(fake.store.getState().actingUserId).toBe('11');
    expect(fake.gateway.token).toBe('token-11');
    expect(selectReady(fake.store.getState())).toBe(false);
    fake.gateway.listener?.dispatch('READY', readyFor('11'));
    await fake.settle();
    const state = fake.store.getState();
    expect(state.placeId).toBe(GUILD);
    expect(state.channelId).toBe(GENERAL);
    expect(state.locale).toBe('fr');
    expect(fake.indexLoads).toEqual([{ channelId: GENERAL, locale: 'fr' }]);
    expect(selectReady(state)).toBe(true);
  });

  it('starts as the first person when none is asked for, or an unknown one is', async () => {
    const fake = fakeClient(EXAMPLE_INDEX);
    await fake.store.getState().start('999');
    expect(fake.store.getState().actingUserId).toBe('10');
  });

  it('asks for the named person\'s session with the people, not after them, and opens it once only', async () => {
    const fake = fakeClient(EXAMPLE_INDEX);
    const asked: string[] = [];
    let listPeople!: () => void;
    const { listUsers, openSession } = fake.deps.host;
    fake.deps.host.listUsers = async (input) => {
      asked.push('listUsers');
      await new Promise<void>((resolve) => (listPeople = resolve));
      return listUsers(input);
    };
    fake.deps.host.openSession = async (input) => {
      asked.push(`openSession ${input.user_id}`);
      return openSession(input);
    };
    const started = fake.store.getState().start('11');
    await fake.settle();
    // Both out while the people are still on their way.
    expect(asked).toEqual(['openSession 11', 'listUsers']);
    listPeople();
    await started;
    expect(asked).toEqual(['openSession 11', 'listUsers']);
    expect(fake.gateway.token).toBe('token-11');

    // A person the world does not have: the host refuses the session, and the first person's is opened after the people.
    asked.length = 0;
    const unknown = fake.store.getState().start('999');
    await fake.settle();
    listPeople();
    await unknown;
    expect(asked).toEqual(['openSession 999', 'listUsers', 'openSession 10']);
    expect(fake.store.getState().actingUserId).toBe('10');
  });

  it('switching person closes the old session, forgets the old world and waits for the new READY', async () => {
    const fake = await startedClient(EXAMPLE_INDEX, '10');
    fake.store.getState().setDraft('/ec');
    await fake.store.getState().actAs('11');
    const state = fake.store.getState();
    expect(fake.gateway.closes).toBe(1);
    expect(fake.gateway.token).toBe('token-11');
    expect(state.guilds).toEqual([]);
    expect(state.commandIndex).toBeNull();
    expect(state.draft).toBe('');
    expect(selectReady(state)).toBe(false);
    fake.gateway.listener?.dispatch('READY', readyFor('11'));
    await fake.settle();
    expect(selectReady(fake.store.getState())).toBe(true);
    expect(fake.store.getState().channelId).toBe(GENERAL);
  });

  it('reconnects after the gateway drops, and on a world change', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const listener = fake.gateway.listener;
    listener?.closed(4009, 'Session timed out.');
    expect(fake.store.getState().connection).toBe('failed');
    expect(fake.timers.map((timer) => timer.ms)).toContain(RECONNECT_DELAY_MS);
    fake.runTimers();
    expect(fake.gateway.listener).not.toBe(listener);
    expect(fake.store.getState().connection).toBe('connecting');
    fake.gateway.listener?.dispatch('READY', readyFor('10'));
    await fake.settle();
    expect(fake.store.getState().connection).toBe('ready');
    const before = fake.gateway.listener;
    before?.dispatch('WORLD_UPDATE', { kind: 'role', id: '1' });
    expect(fake.gateway.listener).not.toBe(before);
    // The old connection's late events are ignored.
    before?.dispatch('MESSAGE_CREATE', message('90'));
    expect(fake.store.getState().messagesByChannel[GENERAL] ?? []).toEqual([]);
  });

  it('opens a new session when the gateway no longer knows the token', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const minted: string[] = [];
    const open = fake.deps.host.openSession;
    fake.deps.host.openSession = async (input) => {
      minted.push(input.user_id);
      return open(input);
    };
    fake.gateway.listener?.closed(4004, 'Authentication failed.');
    fake.runTimers();
    await fake.settle();
    expect(minted).toEqual(['10']);
    expect(fake.store.getState().connection).toBe('connecting');
  });

  it('reloads the index when the registry announces a change of commands or permissions', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    fake.gateway.listener?.dispatch('APPLICATION_COMMAND_INDEX_UPDATE', { application_id: APP, guild_id: null });
    fake.gateway.listener?.dispatch('APPLICATION_COMMAND_PERMISSIONS_UPDATE', { application_id: APP, guild_id: GUILD });
    await fake.settle();
    expect(fake.indexLoads).toHaveLength(3);
  });
});

describe('the picker and the options form', () => {
  it('moves through the entries with wrap-around and chooses the highlighted one', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const state = fake.store.getState();
    state.setDraft('/admin');
    expect(pickerEntries(fake.store.getState())).toHaveLength(3);
    state.movePicker(-1);
    expect(fake.store.getState().pickerIndex).toBe(2);
    state.movePicker(1);
    state.movePicker(1);
    state.choose();
    const chosen = fake.store.getState().chosen;
    expect(chosen).toMatchObject({ commandId: '41', path: ['user', 'ban'], label: '/administration utilisateur bannir', focused: 'target' });
    expect(fake.store.getState().draft).toBe('');
  });

  it('closes the picker on Esc until the draft changes', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    fake.store.getState().setDraft('/');
    fake.store.getState().dismissPicker();
    expect(pickerEntries(fake.store.getState())).toEqual([]);
    fake.store.getState().setDraft('/ec');
    expect(pickerEntries(fake.store.getState()).map((entry) => entry.label)).toEqual(['/echo']);
  });

  it('refuses invalid options with the shared messages and sends nothing', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    chooseByLabel(fake, 'ec', '/echo');
    fake.store.getState().setOptionValue('text', { text: 'x' });
    fake.store.getState().setOptionValue('times', { text: 'two' });
    await fake.store.getState().submit();
    expect(fake.invocations).toEqual([]);
    expect(fake.store.getState().composerErrors?.byOption).toEqual({
      text: [INVOCATION_MESSAGES.tooShort.text('text', 2)],
      times: [INVOCATION_MESSAGES.notInteger.text('times')],
    });
    fake.store.getState().setOptionValue('times', { text: '2' });
    expect(fake.store.getState().composerErrors?.byOption.times).toBeUndefined();
  });

  it('sends a valid command with the current version and clears the composer', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    chooseByLabel(fake, 'ec', '/echo');
    fake.store.getState().setOptionValue('text', { text: 'hello' });
    fake.store.getState().setOptionValue('loud', { text: 'true', label: 'True' });
    await fake.store.getState().submit();
    expect(fake.invocations).toEqual([{
      type: 2, application_id: APP, guild_id: GUILD, channel_id: GENERAL, nonce: '1',
      data: { id: '40', name: 'echo', type: 1, version: '400', options: [{ name: 'text', type: 3, value: 'hello' }, { name: 'loud', type: 5, value: true }] },
    }]);
    expect(fake.store.getState().chosen).toBeNull();
    expect(fake.store.getState().inspectorEntries).toMatchObject([{ nonce: '1', kind: 'command', label: '/echo', status: 'pending', http: { status: 204 } }]);
  });

  it('after a stale-version refusal, reloads the index, says so, and sends the new version next time', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    chooseByLabel(fake, 'ec', '/echo');
    fake.store.getState().setOptionValue('text', { text: 'hello' });
    fake.invokeAnswers.push({
      ok: false, status: 400,
      error: { code: 50035, message: 'Invalid Form Body', errors: { data: { version: { _errors: [{ code: 'INTERACTION_APPLICATION_COMMAND_INVALID_VERSION', message: 'outdated' }] } } } },
    });
    const echo = EXAMPLE_INDEX.application_commands[0]!;
    fake.index.current = { ...EXAMPLE_INDEX, application_commands: [{ ...echo, version: '401' }, ...EXAMPLE_INDEX.application_commands.slice(1)] };
    await fake.store.getState().submit();
    expect(fake.indexLoads).toHaveLength(2);
    expect(fake.store.getState().indexNotice).toBe(STALE_NOTICE);
    expect(fake.store.getState().chosen?.values.text).toEqual({ text: 'hello' });
    await fake.store.getState().submit();
    expect(fake.invocations.map((body) => body.data.version)).toEqual(['400', '401']);
    expect(fake.store.getState().indexNotice).toBeNull();
  });

  it('shows the registry\'s own refusal of options beside the fields, and other refusals as a message', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    chooseByLabel(fake, 'ec', '/echo');
    fake.store.getState().setOptionValue('text', { text: 'hello' });
    fake.invokeAnswers.push({
      ok: false, status: 400,
      error: { code: 50035, message: 'Invalid Form Body', errors: { data: { options: { 0: { value: { _errors: [{ code: 'X', message: 'not that' }] } } } } } },
    });
    await fake.store.getState().submit();
    expect(fake.store.getState().composerErrors?.byOption).toEqual({ text: ['not that'] });
    fake.invokeAnswers.push({ ok: false, status: 403, error: { code: 50013, message: 'Missing Permissions' } });
    await fake.store.getState().submit();
    expect(fake.store.getState().sendError).toBe('Missing Permissions');
  });

  it('sends plain text as the person\'s message, a reply when one was started, and shows it at once', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    fake.store.getState().setDraft('hello **there**');
    const sending = fake.store.getState().submit();
    // Emptied at once, as the real client's box is: the message may come over the gateway first.
    expect(fake.store.getState().draft).toBe('');
    await sending;
    expect(fake.invocations).toEqual([]);
    expect(fake.posted).toEqual([{ channelId: '21', body: { content: 'hello **there**' } }]);
    expect(fake.store.getState().draft).toBe('');
    expect(fake.store.getState().messagesByChannel['21']?.map((message) => message.content)).toContain('hello **there**');
    fake.store.getState().startReply('951');
    fake.store.getState().setDraft('and again');
    await fake.store.getState().submit();
    expect(fake.posted[1]).toEqual({ channelId: '21', body: { content: 'and again', message_reference: { message_id: '951' } } });
    expect(fake.store.getState().replyTo).toBeNull();
  });

  it('shows the registry\'s refusal of a plain message with its field, and gives the draft back', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    fake.postAnswers.push({
      ok: false, status: 400,
      error: { code: 50035, message: 'Invalid Form Body', errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } } },
    });
    fake.store.getState().setDraft('x'.repeat(2001));
    await fake.store.getState().submit();
    expect(fake.store.getState().sendError).toBe('The registry refused the message: content: Must be 2000 or fewer in length.');
    expect(fake.store.getState().draft).toHaveLength(2001);
  });
});

describe('autocomplete', () => {
  async function fruit(): Promise<Fake> {
    const fake = await startedClient(EXAMPLE_INDEX);
    chooseByLabel(fake, 'fr', '/fruit');
    fake.runTimers(); // the request made when the first field got the focus
    return fake;
  }

  it('asks the bot after a pause, once for a burst of typing, with the focused option', async () => {
    const fake = await fruit();
    const afterFocus = fake.invocations.length;
    fake.store.getState().setOptionValue('name', { text: 'a' });
    fake.store.getState().setOptionValue('name', { text: 'ap' });
    expect(fake.timers.filter((timer) => !timer.cancelled).map((timer) => timer.ms)).toEqual([AUTOCOMPLETE_DELAY_MS]);
    fake.runTimers();
    await fake.settle();
    const sent = fake.invocations.slice(afterFocus);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 4, data: { id: '42', version: '420', options: [{ name: 'name', type: 3, value: 'ap', focused: true }] } });
    expect(fake.store.getState().autocomplete?.status).toBe('loading');
  });

  it('shows the bot\'s choices, and fills the field with the chosen one', async () => {
    const fake = await fruit();
    fake.store.getState().setOptionValue('name', { text: 'ap' });
    fake.runTimers();
    await fake.settle();
    const nonce = fake.invocations.at(-1)?.nonce;
    fake.gateway.listener?.dispatch('APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE', { nonce, choices: [{ name: 'Apple', value: 'apple' }, { name: 'Apricot', value: 'apricot' }] });
    expect(fake.store.getState().autocomplete).toMatchObject({ status: 'loaded', choices: [{ name: 'Apple' }, { name: 'Apricot' }] });
    fake.store.getState().moveAutocomplete(1);
    fake.store.getState().chooseAutocomplete();
    expect(fake.store.getState().chosen?.values.name).toEqual({ text: 'apricot', label: 'Apricot' });
    expect(fake.store.getState().autocomplete).toBeNull();
  });

  it('ignores answers to older requests, and says "Loading options failed" when the bot fails', async () => {
    const fake = await fruit();
    fake.store.getState().setOptionValue('name', { text: 'b' });
    fake.runTimers();
    await fake.settle();
    const nonce = fake.invocations.at(-1)?.nonce;
    fake.gateway.listener?.dispatch('APPLICATION_COMMAND_AUTOCOMPLETE_RESPONSE', { nonce: 'older', choices: [{ name: 'Old', value: 'old' }] });
    expect(fake.store.getState().autocomplete?.choices).toEqual([]);
    fake.gateway.listener?.dispatch('INTERACTION_FAILURE', { id: '5', nonce, reason: 'deadline', detail: 'The app did not respond within 3 s.' });
    expect(fake.store.getState().autocomplete).toMatchObject({ status: 'failed', message: AUTOCOMPLETE_FAILED });
  });

  it('fails the same way when the registry refuses the request', async () => {
    const fake = await fruit();
    fake.invokeAnswers.push({ ok: false, status: 403, error: { code: 50013, message: 'Missing Permissions' } });
    fake.store.getState().setOptionValue('name', { text: 'c' });
    fake.runTimers();
    await fake.settle();
    expect(fake.store.getState().autocomplete).toMatchObject({ status: 'failed', message: AUTOCOMPLETE_FAILED });
  });

  it('does not send text a numeric option cannot take, and says why', async () => {
    const fake = await fruit();
    const before = fake.invocations.length;
    fake.store.getState().focusOption('count');
    fake.store.getState().setOptionValue('count', { text: 'abc' });
    fake.runTimers();
    await fake.settle();
    expect(fake.invocations).toHaveLength(before);
    expect(fake.store.getState().autocomplete).toMatchObject({ status: 'invalid', message: INVOCATION_MESSAGES.notInteger.text('count') });
  });

  it('leaves out other fields that do not check out yet', async () => {
    const fake = await fruit();
    fake.store.getState().setOptionValue('count', { text: 'abc', label: 'abc' });
    fake.store.getState().setOptionValue('name', { text: 'ch' });
    fake.runTimers();
    await fake.settle();
    expect(fake.invocations.at(-1)?.data.options).toEqual([{ name: 'name', type: 3, value: 'ch', focused: true }]);
  });
});

describe('messages and the inspector', () => {
  it('keeps messages in snowflake order, live, and ephemeral ones across a reload', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const { getState } = fake.store;
    fake.gateway.listener?.dispatch('MESSAGE_CREATE', message('100'));
    fake.gateway.listener?.dispatch('MESSAGE_CREATE', message('99'));
    fake.gateway.listener?.dispatch('MESSAGE_CREATE', message('1000', { flags: 64 }));
    fake.gateway.listener?.dispatch('MESSAGE_UPDATE', message('100', { content: 'edited' }));
    expect(getState().messagesByChannel[GENERAL]?.map((entry) => [entry.id, entry.content])).toEqual([
      ['99', 'message 99'], ['100', 'edited'], ['1000', 'message 1000'],
    ]);
    fake.gateway.listener?.dispatch('MESSAGE_DELETE', { id: '99', channel_id: GENERAL });
    fake.messages.current = [message('101'), message('100')];
    await getState().loadMessages(GENERAL);
    expect(getState().messagesByChannel[GENERAL]?.map((entry) => entry.id)).toEqual(['100', '101', '1000']);
    getState().dismissMessage(GENERAL, '1000');
    expect(getState().messagesByChannel[GENERAL]?.map((entry) => entry.id)).toEqual(['100', '101']);
  });

  it('presses a component: a type-3 interaction on the app\'s message', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    await fake.store.getState().pressComponent(message('100', { application_id: APP }), 'again');
    expect(fake.invocations).toEqual([{
      type: 3, application_id: APP, guild_id: GUILD, channel_id: GENERAL, nonce: '1', message_id: '100', data: { custom_id: 'again' },
    }]);
    expect(fake.store.getState().inspectorEntries[0]).toMatchObject({ kind: 'component', messageId: '100', customId: 'again' });
  });

  it('follows an interaction by nonce, then by id, to its success or failure', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    chooseByLabel(fake, 'ec', '/echo');
    fake.store.getState().setOptionValue('text', { text: 'hello' });
    await fake.store.getState().submit();
    const dispatch = (event: string, data: Record<string, unknown>) => fake.gateway.listener?.dispatch(event, data);
    fake.clock.now += 120;
    dispatch('INTERACTION_CREATE', { id: '500', nonce: '1' });
    dispatch('INTERACTION_DELIVERY', { id: '500', nonce: '1', method: 'gateway', payload: { id: '500' } });
    dispatch('INTERACTION_CALLBACK', { id: '500', nonce: null, status: 204, body: { type: 4 } });
    dispatch('INTERACTION_SUCCESS', { id: '500', nonce: '1' });
    dispatch('INTERACTION_SUCCESS', { id: '999', nonce: 'someone else' });
    const [entry] = fake.store.getState().inspectorEntries;
    expect(entry).toMatchObject({ id: '500', status: 'succeeded', finishedAt: 1_000_120 });
    expect(entry?.events.map((event) => event.type)).toEqual(['INTERACTION_CREATE', 'INTERACTION_DELIVERY', 'INTERACTION_CALLBACK', 'INTERACTION_SUCCESS']);
  });

  it('keeps the reason a refusal came with, whether the event or the HTTP answer arrives first', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const { getState } = fake.store;
    const request = { type: 2 as const, application_id: APP, channel_id: GENERAL, nonce: 'n1', data: {} };
    getState().interactionSent({ nonce: 'n1', kind: 'command', label: '/echo', userId: '10', channelId: GENERAL, applicationId: APP, request });
    getState().interactionEvent('INTERACTION_FAILURE', { id: null, nonce: 'n1', reason: 'permission', detail: 'member: no' });
    getState().interactionAnswered('n1', 403, { code: 50013, message: 'Missing Permissions' });
    expect(getState().inspectorEntries[0]).toMatchObject({ status: 'failed', failure: { reason: 'permission' }, http: { status: 403 } });
    getState().interactionSent({ nonce: 'n2', kind: 'command', label: '/echo', userId: '10', channelId: GENERAL, applicationId: APP, request });
    getState().interactionAnswered('n2', 404, { code: 10063, message: 'Unknown application command' });
    expect(getState().inspectorEntries[1]).toMatchObject({ status: 'failed', failure: { reason: 'http-404', detail: 'Unknown application command (10063)' } });
  });
});
