/**
 * The inspector keeps what each interaction made (its messages, and a button's edit of the
 * message it was on) and exports the session as a scenario with the registry's world.
 */
import { describe, expect, it } from 'vitest';
import type { WireMessage } from '../../src/renderer/api/wire-types.js';
import { parseScenarioFile } from '../../src/shared/scenario/scenario-file.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { APP, GENERAL, GUILD, startedClient } from './fake-deps.js';

const WORLD = {
  users: [{ id: '10', username: 'alice' }, { id: '11', username: 'bob' }],
  applications: [{ id: APP, name: 'Bot', owner_id: '10' }],
  guilds: [{ id: GUILD, name: 'Guild', owner_id: '10', roles: [], channels: [{ id: GENERAL, name: 'general', type: 0 }], members: [{ user_id: '10', roles: [] }], applications: [APP] }],
  messages: [],
};

function message(id: string, interactionId: string, content: string): WireMessage {
  return {
    id, channel_id: GENERAL, content, type: 20, flags: 0, timestamp: '2026-01-01T00:00:00.000Z', application_id: APP,
    author: { id: APP, username: 'Bot', global_name: null, discriminator: '0', avatar: null, bot: true },
    interaction_metadata: { id: interactionId, type: 2, user: { id: '10' } },
    components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Yes', custom_id: 'yes' }] }],
  } as unknown as WireMessage;
}

describe('a scenario exported from the inspector', () => {
  it('holds each interaction\'s messages, a button\'s edit with the button\'s entry, and the world', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const state = () => fake.store.getState();
    const dispatch = (event: string, data: unknown) => fake.gateway.listener?.dispatch(event, data);
    state().interactionSent({
      nonce: 'n1', kind: 'command', label: '/vote', userId: '10', channelId: GENERAL, applicationId: APP,
      request: { type: 2, application_id: APP, guild_id: GUILD, channel_id: GENERAL, nonce: 'n1', data: { id: '900', name: 'vote', type: 1, version: '900' } },
    });
    state().interactionAnswered('n1', 204, null);
    dispatch('INTERACTION_CREATE', { id: '501', nonce: 'n1' });
    dispatch('MESSAGE_CREATE', message('601', '501', 'Vote?'));
    dispatch('INTERACTION_SUCCESS', { id: '501', nonce: 'n1' });
    await state().pressComponent(message('601', '501', 'Vote?'), 'yes', undefined, 2);
    const click = state().inspectorEntries.at(-1);
    dispatch('INTERACTION_CREATE', { id: '502', nonce: click?.nonce });
    dispatch('MESSAGE_UPDATE', message('601', '501', 'voted yes'));
    dispatch('INTERACTION_SUCCESS', { id: '502', nonce: click?.nonce });
    dispatch('INTERACTION_CALLBACK', { id: '502', nonce: click?.nonce, status: 204, body: { type: 7 } });
    await fake.settle();

    const [command, pressed] = state().inspectorEntries;
    expect(command?.events.filter((event) => event.type.startsWith('MESSAGE_')).map((event) => event.data.content)).toEqual(['Vote?']);
    expect(pressed?.events.filter((event) => event.type.startsWith('MESSAGE_')).map((event) => event.data.content)).toEqual(['voted yes']);

    fake.management.answer = (call) => (call.path === '/world' ? { ok: true, status: 200, body: WORLD } : { ok: false, status: 404, error: { message: 'no', code: 0 } });
    const exported = await state().scenarioExport();
    if (!exported.ok) throw new Error(exported.error);
    expect(exported.file.filename).toMatch(/^slashbench-scenario-\d{8}-\d{6}\.json$/);
    const parsed = parseScenarioFile(JSON.parse(exported.file.json));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.scenario.steps.map((step) => step.action)).toEqual([
      { action: 'command', channel: GENERAL, name: 'vote', options: [] },
      { action: 'click', channel: GENERAL, message: { step: 's1', message: 'reply' }, custom_id: 'yes' },
    ]);
    expect(parsed.scenario.steps[1]?.expect).toMatchObject({ status: 'succeeded', response_type: 7, reply: { content: 'voted yes' } });
  });

  it('carries a file option\'s file, read back from the URL the app was given; a file no longer served leaves its step out', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    const state = () => fake.store.getState();
    const dispatch = (event: string, data: unknown) => fake.gateway.listener?.dispatch(event, data);
    const url = (id: string) => `http://registry/attachments/${GENERAL}/${id}/notes.txt?hm=00ff`;
    const sendWithFile = (nonce: string, interactionId: string, fileId: string) => {
      state().interactionSent({
        nonce, kind: 'command', label: '/upload', userId: '10', channelId: GENERAL, applicationId: APP,
        request: {
          type: 2, application_id: APP, guild_id: GUILD, channel_id: GENERAL, nonce,
          data: { id: '901', name: 'upload', type: 1, version: '901', options: [{ name: 'file', type: 11, value: fileId }] },
        },
      });
      state().interactionAnswered(nonce, 204, null);
      dispatch('INTERACTION_CREATE', { id: interactionId, nonce });
      dispatch('INTERACTION_DELIVERY', {
        id: interactionId, nonce, method: 'gateway',
        payload: { data: { resolved: { attachments: { [fileId]: { id: fileId, filename: 'notes.txt', content_type: 'text/plain', size: 5, url: url(fileId) } } } } },
      });
      dispatch('MESSAGE_CREATE', message(String(Number(interactionId) + 100), interactionId, 'Got notes.txt (5 bytes)'));
      dispatch('INTERACTION_SUCCESS', { id: interactionId, nonce });
    };
    fake.files.set(url('701'), new Uint8Array([104, 101, 108, 108, 111]));
    sendWithFile('n1', '501', '701');
    sendWithFile('n2', '502', '702');
    await fake.settle();

    fake.management.answer = (call) => (call.path === '/world' ? { ok: true, status: 200, body: WORLD } : { ok: false, status: 404, error: { message: 'no', code: 0 } });
    const exported = await state().scenarioExport();
    if (!exported.ok) throw new Error(exported.error);
    expect(exported.file.skipped).toEqual(['/upload: its file (attachment 702) could not be read back from the registry, so it cannot be uploaded again']);
    const parsed = parseScenarioFile(JSON.parse(exported.file.json));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.scenario.steps.map((step) => step.action)).toEqual([{
      action: 'command', channel: GENERAL, name: 'upload',
      options: [{ name: 'file', type: 11, value: { filename: 'notes.txt', content_type: 'text/plain', data: 'aGVsbG8=' } }],
    }]);
    expect(parsed.scenario.steps[0]?.expect.reply).toMatchObject({ content: 'Got notes.txt (5 bytes)' });
  });

  it('says why it cannot export before anything was sent', async () => {
    const fake = await startedClient(EXAMPLE_INDEX);
    expect(await fake.store.getState().scenarioExport()).toEqual({ ok: false, error: 'Nothing to export yet: use a command first.' });
  });
});
