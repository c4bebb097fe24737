/**
 * The client's side of the Embedded App SDK's frame protocol, message in and message out,
 * against the SDK itself: a real `DiscordSDK` (@discord/embedded-app-sdk) runs in a stand-in
 * for the frame's window, posting to the client's frame session and reading its answers
 * through its own schemas, so an answer the real SDK would drop fails here too. The host is
 * the store's (its channels, people and participants), with the two registry steps
 * (consent, the token's grant) answered by the test; activity-consent.test.ts runs those
 * against a registry.
 */
import type { APIUser } from 'discord-api-types/v10';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityPlatform } from '../../src/renderer/features/activities/activity-display.js';
import { LAYOUT_MODE, LOCK_STATE, SCREEN_ORIENTATION } from '../../src/renderer/features/activities/activity-display.js';
import type { FrameHost } from '../../src/renderer/features/activities/frame-host.js';
import { RPC_CLOSE, RPC_ERROR, SUBSCRIBABLE_EVENTS, type OutgoingMessage } from '../../src/renderer/features/activities/frame-messages.js';
import { createFrameSession, type FrameRecord, type FrameSession } from '../../src/renderer/features/activities/frame-session.js';
import type { AppStore } from '../../src/renderer/store/create-app-store.js';
import { GENERAL, GUILD, PEOPLE, startedClient } from './fake-deps.js';
import { EXAMPLE_INDEX } from './example-index.js';

const CLIENT = 'http://127.0.0.1:8484';
const APP = '1184503000000000007';
const FRAME_ID = '5b2f7a44-0000-4000-8000-000000000001';
const INSTANCE = 'i-42';

type Listener = (event: { origin: string; data: unknown; source: unknown }) => void;

/** The frame's window as the SDK reads it: its address, its listeners, and its parent (the client). */
const frame = {
  listeners: [] as Listener[],
  deliverToClient: (_message: unknown) => undefined as unknown,
  location: { origin: CLIENT, search: '' },
  addEventListener(type: string, listener: Listener) {
    if (type === 'message') frame.listeners.push(listener);
  },
  removeEventListener(type: string, listener: Listener) {
    frame.listeners = frame.listeners.filter((entry) => entry !== listener);
  },
  parent: { opener: null, postMessage: (message: unknown) => queueMicrotask(() => frame.deliverToClient(structuredClone(message))) },
};
Object.assign(globalThis, { window: frame, document: { referrer: '' } });
// After the stand-in exists: the SDK reads its window when it loads.
const { Common, DiscordSDK, Events, RPCCloseCodes, RPCErrorCodes } = await import('@discord/embedded-app-sdk');

type Sdk = InstanceType<typeof DiscordSDK>;

interface Connection {
  sdk: Sdk;
  session: FrameSession;
  records: FrameRecord[];
  closed: Array<{ code: number; message: string }>;
  /** Resolves once `condition` holds, checked as each message is recorded or the frame closes. */
  until(condition: () => boolean): Promise<void>;
}

const ALICE: APIUser = { id: '10', username: 'alice', global_name: 'Alice', discriminator: '0', avatar: null };

/** The store of the last storeHost(): the panel's buttons act on it. */
let shownIn: AppStore;

/** The store's host for an Activity launched in #general on `platform`, with the registry steps given here. */
async function storeHost(
  steps: Partial<Pick<FrameHost, 'authorize' | 'tokenGrant' | 'openExternalLink'>> = {}, platform: ActivityPlatform = 'desktop',
): Promise<FrameHost> {
  const fake = await startedClient(EXAMPLE_INDEX);
  shownIn = fake.store;
  fake.store.setState({
    activity: {
      instanceId: INSTANCE, applicationId: APP, applicationName: 'Demo Activity', channelId: GENERAL, guildId: GUILD,
      url: `${CLIENT}/a/`, proxied: false, proxyPort: null, frameId: FRAME_ID, participants: ['10'], launchNonce: '1',
      platform,
    },
  });
  const host = fake.store.getState().activityFrameHost();
  if (!host) throw new Error('no host for the open Activity');
  return {
    ...host,
    authorize: async () => ({ ok: true, code: 'code-from-consent' }),
    tokenGrant: async (token) => (token === 'good-token'
      ? { ok: true, grant: { application: { id: APP, name: 'Demo Activity' }, scopes: ['identify', 'guilds'], expires: '2030-01-01T00:00:00.000Z', user: ALICE } }
      : { ok: false, message: 'The registry does not take this access token: 401 0 401: Unauthorized' }),
    ...steps,
    participants: () => participants.map((id) => ({ id, username: id === '10' ? 'alice' : 'bob', discriminator: '0', flags: 0, bot: false })),
  };
}

let participants = ['10'];

/** A frame session for `host`, and an SDK constructed in the frame with `clientId`. */
function connect(host: FrameHost, clientId = APP, search: Record<string, string> = {}): Connection {
  frame.listeners = [];
  frame.location.search = `?${new URLSearchParams({ frame_id: FRAME_ID, instance_id: INSTANCE, platform: 'desktop', channel_id: GENERAL, guild_id: GUILD, ...search })}`;
  const records: FrameRecord[] = [];
  const closed: Array<{ code: number; message: string }> = [];
  let waiters: Array<{ condition: () => boolean; resolve: () => void }> = [];
  const check = () => {
    const met = waiters.filter((waiter) => waiter.condition());
    waiters = waiters.filter((waiter) => !met.includes(waiter));
    for (const waiter of met) waiter.resolve();
  };
  const session = createFrameSession({
    host, frameId: FRAME_ID,
    post: (message) => queueMicrotask(() => {
      for (const listener of frame.listeners) listener({ origin: CLIENT, data: structuredClone(message), source: frame.parent });
    }),
    record: (entry) => {
      records.push(entry);
      check();
    },
    onClose: (code, message) => {
      closed.push({ code, message });
      check();
    },
  });
  frame.deliverToClient = (message) => session.receive(message);
  const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  const until = (condition: () => boolean) => new Promise<void>((resolve) => {
    waiters.push({ condition, resolve });
    check();
  });
  return { sdk, session, records, closed, until };
}

/** Whatever the frame session answered, in order. */
const sent = (records: FrameRecord[]) => records.filter((entry) => entry.direction === 'out').map((entry) => entry.message as OutgoingMessage);

/** Resolves once the session has sent `count` answers. */
async function answers(connection: Connection, count: number): Promise<OutgoingMessage[]> {
  await connection.until(() => sent(connection.records).length >= count);
  return sent(connection.records);
}

beforeEach(() => {
  participants = ['10'];
});

describe('the handshake', () => {
  it('answers the SDK\'s HANDSHAKE with READY, so ready() resolves', async () => {
    const { sdk, records } = connect(await storeHost());
    await sdk.ready();
    const [handshake, ready] = records;
    expect(handshake).toEqual({ direction: 'in', message: [0, { v: 1, encoding: 'json', client_id: APP, frame_id: FRAME_ID, sdk_version: expect.any(String) }] });
    expect(ready).toEqual({
      direction: 'out',
      message: [1, {
        cmd: 'DISPATCH', evt: 'READY', nonce: null,
        data: { v: 1, config: { cdn_host: 'registry.invalid', api_endpoint: '//registry.invalid/api', environment: 'production' }, user: { id: '10', username: 'alice', discriminator: '0' } },
      }],
    });
    expect(sdk.instanceId).toBe(INSTANCE);
    expect(sdk.channelId).toBe(GENERAL);
  });

  it('closes a frame whose SDK names another client id, with the SDK\'s INVALID_CLIENTID', async () => {
    const connection = connect(await storeHost(), '1184503000000000099');
    const [close] = await answers(connection, 1);
    expect(close).toEqual([2, { code: RPCCloseCodes.INVALID_CLIENTID, message: expect.stringContaining('this frame is Demo Activity\'s Activity, client id 1184503000000000007') }]);
  });

  it('closes a handshake of another version or encoding, and ignores one for another frame', async () => {
    const connection = connect(await storeHost());
    const { session, records } = connection;
    await answers(connection, 1);
    await session.receive([0, { v: 2, client_id: APP, frame_id: FRAME_ID }]);
    await session.receive([0, { v: 1, encoding: 'etf', client_id: APP, frame_id: FRAME_ID }]);
    await session.receive([0, { v: 1, client_id: APP, frame_id: 'another-frame' }]);
    expect(sent(records).slice(1)).toEqual([
      [2, { code: RPCCloseCodes.INVALID_VERSION, message: 'Invalid version 2: the SDK speaks version 1.' }],
      [2, { code: RPCCloseCodes.INVALID_ENCODING, message: 'Invalid encoding "etf": only json.' }],
    ]);
    expect(records.at(-1)).toEqual({ direction: 'in', message: [0, { v: 1, client_id: APP, frame_id: 'another-frame' }], note: 'a handshake for frame "another-frame", not this one' });
  });

  it('uses the SDK\'s own numbers', () => {
    expect(RPC_ERROR).toEqual(Object.fromEntries(Object.entries(RPC_ERROR).map(([name, code]) => [name, name === 'OAUTH2_ERROR' ? code : RPCErrorCodes[name as keyof typeof RPCErrorCodes]])));
    expect(RPC_CLOSE).toEqual(Object.fromEntries(Object.keys(RPC_CLOSE).map((name) => [name, RPCCloseCodes[name as keyof typeof RPCCloseCodes]])));
    expect([...SUBSCRIBABLE_EVENTS].sort()).toEqual(Object.values(Events).filter((event) => event !== 'READY').sort());
    expect(LOCK_STATE).toEqual({ UNLOCKED: Common.OrientationLockStateTypeObject.UNLOCKED, PORTRAIT: Common.OrientationLockStateTypeObject.PORTRAIT, LANDSCAPE: Common.OrientationLockStateTypeObject.LANDSCAPE });
    expect(SCREEN_ORIENTATION).toEqual({ portrait: Common.OrientationTypeObject.PORTRAIT, landscape: Common.OrientationTypeObject.LANDSCAPE });
    expect(LAYOUT_MODE).toEqual({ focused: Common.LayoutModeTypeObject.FOCUSED, pip: Common.LayoutModeTypeObject.PIP });
  });
});

describe('authorize() and authenticate()', () => {
  it('asks the person through the consent screen and answers the code', async () => {
    const queries: string[] = [];
    const { sdk } = connect(await storeHost({ authorize: async (query) => (queries.push(query.toString()), { ok: true, code: 'code-1' }) }));
    await sdk.ready();
    const { code } = await sdk.commands.authorize({ client_id: APP, response_type: 'code', state: '', prompt: 'none', scope: ['identify', 'guilds'] });
    expect(code).toBe('code-1');
    // No redirect_uri: the registry sends the code to the app's first registered one, and it is exchanged without one.
    expect(queries).toEqual([`client_id=${APP}&response_type=code&scope=identify+guilds&state=&prompt=none`]);
  });

  it('refuses another app\'s client id, and says why the person gave no code', async () => {
    const { sdk } = connect(await storeHost({ authorize: async () => ({ ok: false, message: 'access_denied: The resource owner or authorization server denied the request.' }) }));
    await sdk.ready();
    await expect(sdk.commands.authorize({ client_id: '1', scope: ['identify'] })).rejects.toEqual({ code: RPCErrorCodes.INVALID_CLIENTID, message: `Invalid client id: this Activity is ${APP}.` });
    await expect(sdk.commands.authorize({ client_id: APP, scope: ['identify'] }))
      .rejects.toEqual({ code: 5000, message: 'access_denied: The resource owner or authorization server denied the request.' });
  });

  it('authenticates with a token of this app and this person, as the SDK parses it', async () => {
    const { sdk } = connect(await storeHost());
    await sdk.ready();
    await expect(sdk.commands.authenticate({ access_token: 'good-token' })).resolves.toEqual({
      access_token: 'good-token',
      user: { id: '10', username: 'alice', discriminator: '0', global_name: 'Alice', avatar: null, public_flags: 0 },
      scopes: ['identify', 'guilds'], expires: '2030-01-01T00:00:00.000Z',
      application: { id: APP, name: 'Demo Activity', description: '', icon: null },
    });
    await expect(sdk.commands.authenticate({ access_token: 'bad-token' })).rejects.toMatchObject({ code: RPCErrorCodes.INVALID_TOKEN });
  });

  it('refuses a token another app or another person holds', async () => {
    const grant = (application: string, user: APIUser) => async () => ({ ok: true as const, grant: { application: { id: application, name: 'x' }, scopes: ['identify'], expires: 'soon', user } });
    const other = connect(await storeHost({ tokenGrant: grant('1184503000000000099', ALICE) }));
    await other.sdk.ready();
    await expect(other.sdk.commands.authenticate({ access_token: 't' })).rejects.toMatchObject({ code: RPCErrorCodes.INVALID_TOKEN, message: expect.stringContaining('another app') });
    const bob = connect(await storeHost({ tokenGrant: grant(APP, { ...ALICE, id: '11', username: 'bob' }) }));
    await bob.sdk.ready();
    await expect(bob.sdk.commands.authenticate({ access_token: 't' })).rejects.toMatchObject({ code: RPCErrorCodes.INVALID_TOKEN, message: expect.stringContaining('someone else') });
  });
});

describe('commands', () => {
  it('answers getChannel once authenticated with guilds, and refuses before', async () => {
    const { sdk } = connect(await storeHost());
    await sdk.ready();
    await expect(sdk.commands.getChannel({ channel_id: GENERAL })).rejects.toEqual({
      code: RPCErrorCodes.INVALID_PERMISSIONS, message: 'getChannel needs the guilds scope: call authenticate() first, with a token that has it.',
    });
    await sdk.commands.authenticate({ access_token: 'good-token' });
    await expect(sdk.commands.getChannel({ channel_id: GENERAL })).resolves.toEqual({
      id: GENERAL, type: 0, guild_id: GUILD, name: 'general', position: 1, voice_states: [], messages: [],
    });
    await expect(sdk.commands.getChannel({ channel_id: '999' })).rejects.toEqual({ code: RPCErrorCodes.INVALID_CHANNEL, message: 'Invalid channel id: 999.' });
  });

  it('lists the participants, and tells a subscribed frame when they change until it unsubscribes', async () => {
    const { sdk, session } = connect(await storeHost());
    await sdk.ready();
    await expect(sdk.commands.getInstanceConnectedParticipants()).resolves.toEqual({
      participants: [{ id: '10', username: 'alice', discriminator: '0', flags: 0, bot: false }],
    });
    const heard: string[][] = [];
    let first: (value?: unknown) => void = () => undefined;
    const arrived = new Promise((resolve) => (first = resolve));
    const listener = (update: { participants: Array<{ id: string }> }) => {
      heard.push(update.participants.map((person) => person.id));
      first();
    };
    await sdk.subscribe(Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, listener);
    participants = ['10', '11'];
    session.participantsChanged();
    await arrived;
    expect(heard).toEqual([['10', '11']]);
    await sdk.unsubscribe(Events.ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE, listener);
    participants = ['10'];
    session.participantsChanged();
    await sdk.commands.getPlatformBehaviors();
    expect(heard).toEqual([['10', '11']]);
  });

  it('answers the common commands in the shapes the SDK parses', async () => {
    const opened: string[] = [];
    const { sdk } = connect(await storeHost({ openExternalLink: (url) => void opened.push(url) }));
    await sdk.ready();
    await expect(sdk.commands.setOrientationLockState({ lock_state: 3 })).resolves.toBeNull();
    await expect(sdk.commands.openExternalLink({ url: 'https://example.com/docs' })).resolves.toEqual({ opened: true });
    expect(opened).toEqual(['https://example.com/docs']);
    await expect(sdk.commands.userSettingsGetLocale()).resolves.toEqual({ locale: 'en-US' });
    await expect(sdk.commands.encourageHardwareAcceleration()).resolves.toEqual({ enabled: true });
    await expect(sdk.commands.getPlatformBehaviors()).resolves.toEqual({});
    await expect(sdk.commands.setConfig({ use_interactive_pip: true })).resolves.toEqual({ use_interactive_pip: true });
    await expect(sdk.commands.captureLog({ level: 'log', message: 'hello from the frame' })).resolves.toBeNull();
    await expect(sdk.commands.getUser({ id: '11' })).resolves.toMatchObject({ id: '11', username: PEOPLE[1]?.username });
    await expect(sdk.commands.openExternalLink({ url: 'javascript:alert(1)' })).rejects.toMatchObject({ code: RPCErrorCodes.INVALID_PAYLOAD });
    await expect(sdk.commands.setOrientationLockState({ lock_state: 9 as never })).rejects.toMatchObject({ code: RPCErrorCodes.INVALID_PAYLOAD });
  });

  it('asks for rpc.activities.write before setActivity', async () => {
    const { sdk } = connect(await storeHost());
    await sdk.ready();
    await sdk.commands.authenticate({ access_token: 'good-token' });
    await expect(sdk.commands.setActivity({ activity: { type: 0, details: 'Rolling dice' } })).rejects.toEqual({
      code: RPCErrorCodes.INVALID_PERMISSIONS, message: 'setActivity needs the rpc.activities.write scope: authorize it, then authenticate() with the new token.',
    });
  });

  it('answers a command it does not handle with the SDK\'s INVALID_COMMAND, which the SDK rejects with', async () => {
    const { sdk, records } = connect(await storeHost());
    await sdk.ready();
    await expect(sdk.commands.startPurchase({ sku_id: '1' })).rejects.toEqual({
      code: RPCErrorCodes.INVALID_COMMAND, message: expect.stringMatching(/^Invalid command: START_PURCHASE\. This client handles AUTHORIZE, AUTHENTICATE, GET_CHANNEL, /),
    });
    expect(sent(records).at(-1)).toEqual([1, { cmd: 'START_PURCHASE', evt: 'ERROR', nonce: expect.any(String), data: { code: 4002, message: expect.any(String) } }]);
  });
});

describe('how the frame is shown', () => {
  /** The data of every `evt` the session dispatched, in order. */
  const dispatched = (records: FrameRecord[], evt: string) => sent(records)
    .map((message) => message[1] as Record<string, unknown>)
    .filter((payload) => payload.cmd === 'DISPATCH' && payload.evt === evt)
    .map((payload) => payload.data);

  it('on a phone, tells a frame its orientation as soon as it subscribes, and again when the phone turns', async () => {
    const { sdk, records } = connect(await storeHost({}, 'mobile'), APP, { platform: 'mobile' });
    await sdk.ready();
    expect(sdk.platform).toBe('mobile');
    const heard: unknown[] = [];
    await sdk.subscribe(Events.ORIENTATION_UPDATE, (update) => void heard.push(update));
    await vi.waitFor(() => expect(heard).toHaveLength(1));
    expect(sent(records).slice(-2)).toEqual([
      [1, { cmd: 'SUBSCRIBE', evt: null, nonce: expect.any(String), data: { evt: 'ORIENTATION_UPDATE' } }],
      [1, { cmd: 'DISPATCH', evt: 'ORIENTATION_UPDATE', nonce: null, data: { screen_orientation: 0, orientation: 'portrait' } }],
    ]);
    shownIn.getState().rotateActivity();
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    // As the SDK's schema parsed them.
    expect(heard).toEqual([{ screen_orientation: 0, orientation: 'portrait' }, { screen_orientation: 1, orientation: 'landscape' }]);
    // Shrinking to a tile does not turn the phone.
    shownIn.getState().setActivityLayout('pip');
    await sdk.commands.getPlatformBehaviors();
    expect(dispatched(records, 'ORIENTATION_UPDATE')).toHaveLength(2);
  });

  it('locks the phone with setOrientationLockState: a lock turns it and holds it, unlocking frees it', async () => {
    const { sdk, records } = connect(await storeHost({}, 'mobile'), APP, { platform: 'mobile' });
    await sdk.ready();
    await sdk.subscribe(Events.ORIENTATION_UPDATE, () => undefined);
    const display = () => shownIn.getState().activityDisplay;
    await expect(sdk.commands.setOrientationLockState({ lock_state: Common.OrientationLockStateTypeObject.LANDSCAPE })).resolves.toBeNull();
    expect(display()).toMatchObject({ orientation: 'landscape', locks: { focused: 3, pip: null, grid: null } });
    expect(dispatched(records, 'ORIENTATION_UPDATE')).toEqual([{ screen_orientation: 0, orientation: 'portrait' }, { screen_orientation: 1, orientation: 'landscape' }]);
    shownIn.getState().rotateActivity();
    expect(display().orientation).toBe('landscape');
    // Unlocked, with locks for the tiles; the phone stays as it is until turned.
    await sdk.commands.setOrientationLockState({ lock_state: 1, picture_in_picture_lock_state: 2, grid_lock_state: 3 });
    expect(display()).toMatchObject({ orientation: 'landscape', locks: { focused: 1, pip: 2, grid: 3 } });
    // Left out keeps a tile's lock; null clears it.
    await sdk.commands.setOrientationLockState({ lock_state: 1, grid_lock_state: null });
    expect(display().locks).toEqual({ focused: 1, pip: 2, grid: null });
    shownIn.getState().rotateActivity();
    expect(display().orientation).toBe('portrait');
    // A lock the SDK does not have is INVALID_PAYLOAD, on which the SDK asks again without grid_lock_state.
    await expect(sdk.commands.setOrientationLockState({ lock_state: 2, picture_in_picture_lock_state: 9 as never })).rejects.toMatchObject({ code: RPCErrorCodes.INVALID_PAYLOAD });
    await expect(sdk.commands.setOrientationLockState({ lock_state: 2, grid_lock_state: 9 as never })).resolves.toBeNull();
    const answers = sent(records).map((message) => message[1] as Record<string, unknown>).filter((payload) => payload.cmd === 'SET_ORIENTATION_LOCK_STATE');
    expect(answers.slice(-3).map((payload) => payload.evt)).toEqual(['ERROR', 'ERROR', null]);
    expect(display().locks).toEqual({ focused: 2, pip: 2, grid: null });
  });

  it('tells a frame its layout mode as soon as it subscribes and on each change, on the desktop too, where no orientation is told', async () => {
    const { sdk, session, records } = connect(await storeHost());
    await sdk.ready();
    const layouts: unknown[] = [];
    const listener = (update: { layout_mode: number }) => void layouts.push(update.layout_mode);
    await sdk.subscribe(Events.ACTIVITY_LAYOUT_MODE_UPDATE, listener);
    await sdk.subscribe(Events.ORIENTATION_UPDATE, () => undefined);
    shownIn.getState().setActivityLayout('pip');
    // A desktop has no phone to turn.
    shownIn.getState().rotateActivity();
    expect(shownIn.getState().activityDisplay.orientation).toBe('portrait');
    shownIn.getState().setActivityLayout('focused');
    await vi.waitFor(() => expect(layouts).toEqual([Common.LayoutModeTypeObject.FOCUSED, Common.LayoutModeTypeObject.PIP, Common.LayoutModeTypeObject.FOCUSED]));
    expect(dispatched(records, 'ACTIVITY_LAYOUT_MODE_UPDATE')).toEqual([{ layout_mode: 0 }, { layout_mode: 1 }, { layout_mode: 0 }]);
    expect(dispatched(records, 'ORIENTATION_UPDATE')).toEqual([]);
    await sdk.unsubscribe(Events.ACTIVITY_LAYOUT_MODE_UPDATE, listener);
    shownIn.getState().setActivityLayout('pip');
    await sdk.commands.getPlatformBehaviors();
    expect(dispatched(records, 'ACTIVITY_LAYOUT_MODE_UPDATE')).toHaveLength(3);
    // SDK 1.x's PIP event is no SDK 2.x event: refused as any unknown one.
    await session.receive([1, { cmd: 'SUBSCRIBE', args: {}, evt: 'ACTIVITY_PIP_MODE_UPDATE', nonce: 'pip' }]);
    expect(sent(records).at(-1)).toEqual([1, { cmd: 'SUBSCRIBE', evt: 'ERROR', nonce: 'pip', data: { code: RPCErrorCodes.INVALID_EVENT, message: 'Invalid event: ACTIVITY_PIP_MODE_UPDATE.' } }]);
    // A frame that is gone hears nothing more.
    await sdk.subscribe(Events.ACTIVITY_LAYOUT_MODE_UPDATE, listener);
    session.close();
    const count = sent(records).length;
    shownIn.getState().setActivityLayout('focused');
    expect(sent(records)).toHaveLength(count);
  });
});

describe('messages read as untrusted', () => {
  it('answers a command no SDK knows with the same error, under its nonce', async () => {
    const connection = connect(await storeHost());
    const { session, records } = connection;
    await answers(connection, 1);
    // The SDK itself could not read it: its schema takes only the commands it lists (and logs the failure).
    frame.listeners = [];
    await session.receive([1, { cmd: 'GET_SELECTED_VOICE_CHANNEL', args: {}, nonce: 'n-1' }]);
    expect(sent(records).at(-1)).toEqual([1, {
      cmd: 'GET_SELECTED_VOICE_CHANNEL', evt: 'ERROR', nonce: 'n-1', data: { code: RPCErrorCodes.INVALID_COMMAND, message: expect.stringContaining('Invalid command: GET_SELECTED_VOICE_CHANNEL.') },
    }]);
  });

  it('refuses commands before the handshake, and an event the SDK does not have', async () => {
    frame.listeners = [];
    const records: FrameRecord[] = [];
    const session = createFrameSession({ host: await storeHost(), frameId: FRAME_ID, post: () => undefined, record: (entry) => records.push(entry), onClose: () => undefined });
    await session.receive([1, { cmd: 'GET_CHANNEL', args: { channel_id: GENERAL }, nonce: 'early' }]);
    await session.receive([0, { v: 1, encoding: 'json', client_id: APP, frame_id: FRAME_ID }]);
    await session.receive([1, { cmd: 'SUBSCRIBE', args: {}, evt: 'MESSAGE_CREATE', nonce: 'sub' }]);
    expect(sent(records)).toEqual([
      [1, { cmd: 'GET_CHANNEL', evt: 'ERROR', nonce: 'early', data: { code: 4000, message: expect.stringContaining('No handshake yet') } }],
      [1, expect.objectContaining({ cmd: 'DISPATCH', evt: 'READY' })],
      [1, { cmd: 'SUBSCRIBE', evt: 'ERROR', nonce: 'sub', data: { code: RPCErrorCodes.INVALID_EVENT, message: 'Invalid event: MESSAGE_CREATE.' } }],
    ]);
  });

  it('ignores what is not shaped as the SDK sends it, saying why, and answers nothing', async () => {
    const connection = connect(await storeHost());
    const { session, records } = connection;
    await answers(connection, 1);
    const before = sent(records).length;
    for (const message of ['hello', [1], [7, {}], [1, 'frame'], [1, { cmd: 'AUTHORIZE', args: {} }], [1, { cmd: 'x<y', nonce: 'n' }], [1, { cmd: 'GET_CHANNEL', nonce: 'n', args: [] }]]) {
      await session.receive(message);
    }
    expect(sent(records).length).toBe(before);
    expect(records.slice(-7).map((entry) => entry.note)).toEqual([
      'not an [opcode, payload] array', 'not an [opcode, payload] array', 'unknown opcode 7', 'the payload is not an object',
      'AUTHORIZE without a nonce to answer to', 'a FRAME without a command name (cmd)', 'GET_CHANNEL with args that are not an object',
    ]);
  });

  it('lets the Activity close itself, and sends nothing after the frame is gone', async () => {
    const { sdk, session, records, closed, until } = connect(await storeHost());
    await sdk.ready();
    sdk.close(RPCCloseCodes.CLOSE_NORMAL, 'You exited the game');
    await until(() => closed.length > 0);
    expect(closed).toEqual([{ code: 1000, message: 'You exited the game' }]);
    session.close();
    const count = sent(records).length;
    session.participantsChanged();
    await session.receive([0, { v: 1, client_id: APP, frame_id: FRAME_ID }]);
    expect(sent(records).length).toBe(count);
  });
});
