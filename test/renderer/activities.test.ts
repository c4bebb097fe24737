/**
 * Activities in the client's store: what the app launcher and the `/` picker offer (entry
 * point commands), launching one (sent like any command, recorded by the inspector), the
 * panel that opens only in the session that launched, its participants, closing it (which
 * leaves the instance), and how the frame is sandboxed.
 */
import { describe, expect, it } from 'vitest';
import type { CommandIndex, IndexedCommand } from '../../src/renderer/api/wire-types.js';
import { activityFrame, framedActivity } from '../../src/renderer/features/activities/activity-frame.js';
import { FRAME_RECORD_DELAY_MS } from '../../src/renderer/features/activities/activity-frame-slice.js';
import { inspectable } from '../../src/renderer/features/activities/frame-record.js';
import { frameMessages } from '../../src/renderer/features/inspector/entry-facts.js';
import { FRAME_MESSAGE_LIMIT } from '../../src/renderer/features/inspector/inspector-slice.js';
import { launcherEntries } from '../../src/renderer/features/activities/launcher-entries.js';
import { participantsAt } from '../../src/renderer/features/activities/participants.js';
import { filterPicker } from '../../src/renderer/features/commands/picker-entries.js';
import { clientGuild } from '../../src/renderer/features/world/world-model.js';
import { EXAMPLE_INDEX } from './example-index.js';
import { GENERAL, GUILD, readyFor, startedClient, type Fake } from './fake-deps.js';

const GAME = '32';
const QUIZ = '33';

const INDEX: CommandIndex = {
  applications: [...EXAMPLE_INDEX.applications, { id: GAME, name: 'Dice Game' }, { id: QUIZ, name: 'Quiz Night' }],
  application_commands: [
    ...EXAMPLE_INDEX.application_commands,
    { id: '50', application_id: QUIZ, version: '500', type: 4, name: 'Play', description: 'Start a quiz', description_localized: 'Lancer un quiz', handler: 1 },
    { id: '51', application_id: GAME, version: '510', type: 4, name: 'Launch', description: 'Launch an activity', handler: 2 },
  ],
};

function command(id: string): IndexedCommand {
  const found = INDEX.application_commands.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no command ${id}`);
  return found;
}

const LAUNCHED = {
  application_id: GAME, channel_id: GENERAL, guild_id: GUILD, instance_id: 'i-1', frame_id: 'f-1',
  url: `https://dice.example/?instance_id=i-1&frame_id=f-1&channel_id=${GENERAL}&guild_id=${GUILD}&platform=desktop`, proxied: false, participants: ['10'],
};

function dispatch(fake: Fake, event: string, data: unknown): void {
  fake.gateway.listener?.dispatch(event, data);
}

describe('the app launcher and the picker', () => {
  it('lists each app\'s entry point in the index\'s app order, as the person reads it', () => {
    expect(launcherEntries(INDEX).map((entry) => [entry.application.name, entry.label, entry.description])).toEqual([
      ['Dice Game', 'Launch', 'Launch an activity'],
      ['Quiz Night', 'Play', 'Lancer un quiz'],
    ]);
    expect(launcherEntries(null)).toEqual([]);
  });

  it('offers entry points in the `/` picker too; choosing one launches at once, with no options form', async () => {
    const groups = filterPicker(INDEX, 'pla');
    expect(groups.map((group) => [group.application.name, group.entries.map((entry) => entry.label)])).toEqual([['Quiz Night', ['Play']]]);
    const fake = await startedClient(INDEX);
    fake.store.getState().setDraft('/pla');
    fake.store.getState().choose();
    await fake.settle();
    expect(fake.store.getState().chosen).toBeNull();
    expect(fake.store.getState().draft).toBe('');
    expect(fake.invocations).toEqual([{
      type: 2, application_id: QUIZ, guild_id: GUILD, channel_id: GENERAL, nonce: '1', data: { id: '50', name: 'Play', type: 4, version: '500' },
    }]);
    expect(fake.store.getState().inspectorEntries[0]).toMatchObject({ kind: 'command', label: 'Play' });
  });

  it('moves through the launcher with the keyboard, wrapping around', async () => {
    const fake = await startedClient(INDEX);
    fake.store.getState().toggleLauncher();
    expect(fake.store.getState().launcherOpen).toBe(true);
    fake.store.getState().moveLauncher(1);
    expect(fake.store.getState().launcherIndex).toBe(1);
    fake.store.getState().moveLauncher(1);
    expect(fake.store.getState().launcherIndex).toBe(0);
    fake.store.getState().moveLauncher(-1);
    expect(fake.store.getState().launcherIndex).toBe(1);
    await fake.store.getState().launchEntryPoint(command('50'));
    expect(fake.store.getState().launcherOpen).toBe(false);
  });
});

describe('launching', () => {
  it('opens the panel when the registry launches what this session sent, and records the launch in the inspector', async () => {
    const fake = await startedClient(INDEX);
    await fake.store.getState().launchEntryPoint(command('51'));
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', LAUNCHED);
    expect(fake.store.getState().activity).toEqual({
      instanceId: 'i-1', applicationId: GAME, applicationName: 'Dice Game', channelId: GENERAL, guildId: GUILD,
      url: LAUNCHED.url, proxied: false, proxyPort: null, frameId: 'f-1', participants: ['10'], launchNonce: '1',
      platform: 'desktop',
    });
    const [entry] = fake.store.getState().inspectorEntries;
    expect(entry?.events.map((event) => event.type)).toEqual(['EMBEDDED_ACTIVITY_LAUNCH']);
    dispatch(fake, 'INTERACTION_SUCCESS', { id: null, nonce: '1' });
    expect(fake.store.getState().inspectorEntries[0]?.status).toBe('succeeded');
  });

  it('keeps whether the frame starts on the app\'s proxy origin (a root URL mapping), as the registry says', async () => {
    const fake = await startedClient(INDEX);
    await fake.store.getState().launchEntryPoint(command('51'));
    const url = `/?instance_id=i-1&frame_id=f-1&channel_id=${GENERAL}&guild_id=${GUILD}&platform=desktop`;
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', { ...LAUNCHED, url, proxied: true });
    expect(fake.store.getState().activity).toMatchObject({ url, proxied: true });
  });

  it('ignores a launch another session of the person sent, and one whose interaction already ended otherwise', async () => {
    const fake = await startedClient(INDEX);
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', LAUNCHED);
    expect(fake.store.getState().activity).toBeNull();
    // APP_HANDLER answered with a message: the interaction succeeded without a launch.
    await fake.store.getState().launchEntryPoint(command('50'));
    dispatch(fake, 'INTERACTION_SUCCESS', { id: '900', nonce: '1' });
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', { ...LAUNCHED, application_id: QUIZ });
    expect(fake.store.getState().activity).toBeNull();
    // A failure (an error, a missed deadline): no panel either.
    await fake.store.getState().launchEntryPoint(command('50'));
    dispatch(fake, 'INTERACTION_FAILURE', { id: '901', nonce: '2', reason: 'deadline', detail: 'The app did not respond within 3 s.' });
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', { ...LAUNCHED, application_id: QUIZ });
    expect(fake.store.getState().activity).toBeNull();
  });

  it('follows the participants, and closing leaves the instance', async () => {
    const fake = await startedClient(INDEX);
    await fake.store.getState().launchEntryPoint(command('51'));
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', LAUNCHED);
    dispatch(fake, 'EMBEDDED_ACTIVITY_UPDATE', { instance_id: 'i-other', participants: ['11'] });
    expect(fake.store.getState().activity?.participants).toEqual(['10']);
    dispatch(fake, 'EMBEDDED_ACTIVITY_UPDATE', { instance_id: 'i-1', participants: ['10', '11'] });
    expect(fake.store.getState().activity?.participants).toEqual(['10', '11']);
    // Launching the same app again in the same channel does not send another launch.
    await fake.store.getState().launchEntryPoint(command('51'));
    expect(fake.invocations).toHaveLength(1);
    fake.store.getState().closeActivity();
    expect(fake.store.getState().activity).toBeNull();
    expect(fake.activityLeaves).toEqual(['i-1']);
  });

  it('leaves the Activity when the client switches person', async () => {
    const fake = await startedClient(INDEX);
    await fake.store.getState().launchEntryPoint(command('51'));
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', LAUNCHED);
    await fake.store.getState().actAs('11');
    expect(fake.store.getState().activity).toBeNull();
    expect(fake.activityLeaves).toEqual(['i-1']);
  });

  it('names the participants as this client knows them at the Activity\'s place', () => {
    const guild = clientGuild(readyFor('10').guilds[0]!);
    expect(participantsAt(['11', '10', '99'], { guild, channel: undefined, me: null })).toEqual([
      { id: '11', name: 'bob' }, { id: '10', name: 'Alice' }, { id: '99', name: '99' },
    ]);
  });
});

describe('the Activity\'s frame', () => {
  const CLIENT = 'http://127.0.0.1:8484';

  it('runs an app on its own origin with that origin, scripts, forms and popups, and no referrer', () => {
    expect(activityFrame('https://dice.example/?instance_id=i-1', CLIENT)).toEqual({
      ok: true, src: 'https://dice.example/?instance_id=i-1', sandbox: 'allow-scripts allow-forms allow-popups allow-same-origin',
      allow: 'autoplay', referrerPolicy: 'no-referrer', ownOrigin: true, activityOrigin: 'https://dice.example',
    });
    expect(activityFrame('http://127.0.0.1:9000/activity.html', CLIENT)).toMatchObject({ ok: true, ownOrigin: true, activityOrigin: 'http://127.0.0.1:9000' });
  });

  it('gives a page the client\'s own server serves an opaque origin, under any loopback name', () => {
    for (const url of [`${CLIENT}/assets/probe.svg`, 'http://localhost:8484/', 'http://[::1]:8484/x', 'http://127.0.0.2:8484/']) {
      expect(activityFrame(url, CLIENT)).toMatchObject({ ok: true, sandbox: 'allow-scripts allow-forms allow-popups', ownOrigin: false, activityOrigin: 'null' });
    }
    expect(activityFrame('https://app.example:8484/', CLIENT)).toMatchObject({ ownOrigin: true });
  });

  it('refuses what is not a web page', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<p>hi</p>', 'file:///etc/passwd', 'not a url']) {
      expect(activityFrame(url, CLIENT)).toMatchObject({ ok: false });
    }
  });

  it('frames a proxied Activity on its own port of the registry\'s host, and an override as it is', () => {
    const proxied = framedActivity({ url: '/?instance_id=i-1&frame_id=f', proxied: true, proxyPort: 21234 }, CLIENT, CLIENT);
    expect(proxied).toMatchObject({ ok: true, src: 'http://127.0.0.1:21234/?instance_id=i-1&frame_id=f', ownOrigin: true, activityOrigin: 'http://127.0.0.1:21234' });
    // The host the client reaches the registry by: the same site as the client, so its storage is first-party.
    expect(framedActivity({ url: '/?frame_id=f', proxied: true, proxyPort: 21234 }, 'http://localhost:8484', 'http://localhost:8484'))
      .toMatchObject({ ok: true, src: 'http://localhost:21234/?frame_id=f' });
    const override = framedActivity({ url: 'https://dice.example/?frame_id=f', proxied: false, proxyPort: null }, CLIENT, CLIENT);
    expect(override).toMatchObject({ ok: true, src: 'https://dice.example/?frame_id=f' });
    expect(framedActivity({ url: '/?frame_id=f', proxied: true, proxyPort: null }, CLIENT, CLIENT)).toMatchObject({ ok: false });
  });
});

describe('frame messages in the inspector', () => {
  it('keeps each message in the launch\'s entry, with access tokens masked, and only the newest of a flood', async () => {
    const fake = await startedClient(INDEX);
    await fake.store.getState().launchEntryPoint(command('51'));
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', LAUNCHED);
    const { recordFrameMessage } = fake.store.getState();
    recordFrameMessage({ direction: 'in', message: [1, { cmd: 'AUTHENTICATE', args: { access_token: 'secret-token' }, nonce: 'n' }] });
    recordFrameMessage({ direction: 'in', message: 'hello', note: 'not an [opcode, payload] array' });
    const frames = () => fake.store.getState().inspectorEntries[0]?.events.filter((event) => event.type === 'ACTIVITY_FRAME') ?? [];
    // Gathered, then taken by the inspector at once.
    expect(frames()).toEqual([]);
    expect(fake.timers.map((timer) => timer.ms)).toEqual([FRAME_RECORD_DELAY_MS]);
    fake.runTimers();
    expect(frames().map((event) => event.data)).toEqual([
      { direction: 'in', message: [1, { cmd: 'AUTHENTICATE', args: { access_token: '[access token, 12 characters]' }, nonce: 'n' }] },
      { direction: 'in', message: 'hello', note: 'not an [opcode, payload] array' },
    ]);
    recordFrameMessage({ direction: 'out', message: [1, { cmd: 'DISPATCH', evt: 'READY', nonce: null, data: {} }] });
    recordFrameMessage({ direction: 'out', message: [1, { cmd: 'START_PURCHASE', evt: 'ERROR', nonce: 'p', data: { code: 4002 } }] });
    recordFrameMessage({ direction: 'out', message: [2, { code: 4000, message: 'Invalid client id' }] });
    fake.runTimers();
    const entry = fake.store.getState().inspectorEntries[0];
    expect(entry && frameMessages(entry).map((fact) => [fact.direction, fact.label, fact.note])).toEqual([
      ['in', 'AUTHENTICATE', null], ['in', 'not a protocol message', 'not an [opcode, payload] array'],
      ['out', 'DISPATCH READY', null], ['out', 'START_PURCHASE → ERROR 4002', null], ['out', 'CLOSE 4000', null],
    ]);
    for (let count = 0; count < FRAME_MESSAGE_LIMIT; count += 1) recordFrameMessage({ direction: 'in', message: [1, { cmd: 'CAPTURE_LOG', args: { message: String(count) }, nonce: String(count) }] });
    fake.runTimers();
    expect(frames()).toHaveLength(FRAME_MESSAGE_LIMIT);
    expect(frames()[0]?.data.message).toEqual([1, { cmd: 'CAPTURE_LOG', args: { message: '0' }, nonce: '0' }]);
    // The launch's own events stay.
    expect(fake.store.getState().inspectorEntries[0]?.events[0]?.type).toBe('EMBEDDED_ACTIVITY_LAUNCH');
  });

  it('keeps what postMessage carries and JSON cannot as something it can show', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(inspectable(cycle)).toBe('(a message that cannot be shown as JSON)');
    expect(inspectable([1, { big: 10n }])).toEqual([1, { big: '10' }]);
    expect(inspectable(undefined)).toBeNull();
    expect(inspectable({ text: 'x'.repeat(20_000) })).toEqual({ truncated: '20011 characters', preview: expect.stringMatching(/^\{"text":"x+$/) });
  });

  it('fails a waiting authorize() when the refused request or a closed Activity ends it', async () => {
    const fake = await startedClient(INDEX);
    await fake.store.getState().launchEntryPoint(command('51'));
    dispatch(fake, 'EMBEDDED_ACTIVITY_LAUNCH', LAUNCHED);
    const host = fake.store.getState().activityFrameHost();
    expect(await host?.authorize(new URLSearchParams({ client_id: GAME }))).toEqual({ ok: false, message: 'The authorize request was refused: no registry in this test' });
    fake.store.getState().closeActivity();
    expect(fake.store.getState().activityFrameHost()).toBeNull();
  });
});
