/**
 * One Activity frame's conversation with the client, as the SDK expects it: the frame's
 * HANDSHAKE (version 1, JSON, this app's client id, this frame's id) is answered with the
 * READY event, which resolves `discordSdk.ready()`; then each command gets its answer or
 * error under its nonce, and events the frame subscribed to are dispatched. A handshake
 * with a wrong version, encoding or client id is answered with CLOSE and its code, as the
 * SDK's close codes name them. A page that reloads handshakes again and starts afresh.
 *
 * Subscribed frames hear the participants when they change, and how they are shown: the
 * phone's orientation (ORIENTATION_UPDATE, on a phone only: a desktop frame has no screen to
 * turn) and the layout (ACTIVITY_LAYOUT_MODE_UPDATE, focused or PIP). Those two also come at
 * once when a frame subscribes: Discord's Layout guide says the current orientation is
 * published upon subscription, and the layout mode is treated alike, since no command reads
 * it. (SDK 2.x subscribes to layout modes with ACTIVITY_LAYOUT_MODE_UPDATE alone; 1.x's
 * ACTIVITY_PIP_MODE_UPDATE is gone from its events, and is refused as any unknown event.)
 *
 * Every message, in and out, is recorded for the inspector, with the reason when one is
 * ignored. No DOM here: the panel posts and listens (ActivityFrame.tsx).
 */
import { runCommand, type CommandSession } from './frame-commands.js';
import type { FrameDisplay, FrameHost } from './frame-host.js';
import {
  answerFrame, closeFrame, dispatchFrame, errorFrame, readMessage, RPC_CLOSE, RPC_ERROR, type IncomingMessage, type OutgoingMessage,
} from './frame-messages.js';
import { layoutModeUpdate, orientationUpdate, readyUser, type SdkReady } from './sdk-views.js';

/** One message for the inspector: `note` says why it was ignored; `proxy` is the registry's Activity proxy reporting on the frame's requests. */
export interface FrameRecord {
  direction: 'in' | 'out' | 'proxy';
  message: unknown;
  note?: string;
}

/** What a session needs: the client's facts, its frame, and where its messages go. */
/** One frame's conversation, as the panel drives it. */
export interface FrameSessionOptions {
  host: FrameHost;
  frameId: string;
  /** Posts a message into the frame. */
  post(message: OutgoingMessage): void;
  record(entry: FrameRecord): void;
  /** The Activity closed itself (the SDK's `close(code, message)`). */
  onClose(code: number, message: string): void;
  /** The frame's SDK said hello (a HANDSHAKE for this frame), whatever the answer. */
  onHandshake?(): void;
}

export interface FrameSession {
  /** Reads what the frame posted and answers it; resolves once answered. */
  receive(data: unknown): Promise<void>;
  /** The people in the Activity changed: subscribed frames hear it. */
  participantsChanged(): void;
  /** The frame is gone: nothing more is sent to it. */
  close(): void;
}

const PARTICIPANTS_EVENT = 'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE';
const ORIENTATION_EVENT = 'ORIENTATION_UPDATE';
const LAYOUT_EVENT = 'ACTIVITY_LAYOUT_MODE_UPDATE';

/** What a display event tells the frame now; undefined when it has nothing to tell. */
function displayData(evt: string, display: FrameDisplay): Record<string, unknown> | undefined {
  if (evt === ORIENTATION_EVENT) return display.platform === 'mobile' ? orientationUpdate(display.orientation) : undefined;
  return evt === LAYOUT_EVENT ? layoutModeUpdate(display.layout) : undefined;
}

type HandshakeVerdict = { kind: 'ready' } | { kind: 'close'; code: number; message: string } | { kind: 'ignore'; reason: string };

function judgeHandshake(message: Extract<IncomingMessage, { kind: 'handshake' }>, host: FrameHost, frameId: string): HandshakeVerdict {
  if (message.frameId !== frameId) return { kind: 'ignore', reason: `a handshake for frame ${JSON.stringify(message.frameId)}, not this one` };
  if (message.version !== 1) return { kind: 'close', code: RPC_CLOSE.INVALID_VERSION, message: `Invalid version ${JSON.stringify(message.version)}: the SDK speaks version 1.` };
  if (message.encoding !== undefined && message.encoding !== 'json') {
    return { kind: 'close', code: RPC_CLOSE.INVALID_ENCODING, message: `Invalid encoding ${JSON.stringify(message.encoding)}: only json.` };
  }
  if (message.clientId !== host.applicationId) {
    return {
      kind: 'close', code: RPC_CLOSE.INVALID_CLIENTID,
      message: `Invalid client id ${JSON.stringify(message.clientId)}: this frame is ${host.applicationName}'s Activity, client id ${host.applicationId}.`,
    };
  }
  return { kind: 'ready' };
}

/** READY's data: the protocol version, where the API is, and who is signed in. */
function readyData(host: FrameHost): SdkReady {
  const me = host.me();
  return {
    v: 1,
    config: { cdn_host: host.registryHost(), api_endpoint: `//${host.registryHost()}/api`, environment: 'production' },
    ...(me ? { user: readyUser(me) } : {}),
  } satisfies SdkReady;
}

/** A session for one frame, waiting for its handshake. */
export function createFrameSession(options: FrameSessionOptions): FrameSession {
  const { host, frameId, post, record } = options;
  const session: CommandSession = { host, scopes: null, subscriptions: new Set() };
  let handshaken = false;
  let closed = false;
  const send = (message: OutgoingMessage) => {
    if (closed) return;
    record({ direction: 'out', message });
    post(message);
  };

  let shown = host.display();
  /** Tells a subscribed frame how it is shown, as `evt` says it. */
  const tell = (evt: string) => {
    const data = displayData(evt, shown);
    if (handshaken && data && session.subscriptions.has(evt)) send(dispatchFrame(evt, data));
  };
  const stopWatching = host.watchDisplay(() => {
    const before = shown;
    shown = host.display();
    if (shown.orientation !== before.orientation || shown.platform !== before.platform) tell(ORIENTATION_EVENT);
    if (shown.layout !== before.layout) tell(LAYOUT_EVENT);
  });

  const command = async (message: Extract<IncomingMessage, { kind: 'command' }>) => {
    if (!handshaken) {
      send(errorFrame(message.cmd, message.nonce, RPC_ERROR.INVALID_PAYLOAD, 'No handshake yet: new DiscordSDK(clientId) sends it; await discordSdk.ready() before commands.'));
      return;
    }
    const result = await runCommand(message.cmd, message.args, message.evt, session);
    send(result.ok ? answerFrame(message.cmd, message.nonce, result.data) : errorFrame(message.cmd, message.nonce, result.code, result.message));
    // The current value follows the subscription's answer (the SDK listens before it asks).
    if (result.ok && message.cmd === 'SUBSCRIBE' && message.evt !== null) tell(message.evt);
  };

  return {
    async receive(data) {
      if (closed) return;
      const message = readMessage(data);
      const verdict = message.kind === 'handshake' ? judgeHandshake(message, host, frameId) : undefined;
      const note = message.kind === 'ignored' ? message.reason : verdict?.kind === 'ignore' ? verdict.reason : undefined;
      record({ direction: 'in', message: data, ...(note === undefined ? {} : { note }) });
      if (verdict !== undefined && verdict.kind !== 'ignore') options.onHandshake?.();
      if (verdict?.kind === 'close') send(closeFrame(verdict.code, verdict.message));
      if (verdict?.kind === 'ready') {
        handshaken = true;
        session.scopes = null;
        session.subscriptions.clear();
        send(dispatchFrame('READY', readyData(host)));
      }
      if (message.kind === 'command') await command(message);
      if (message.kind === 'close') options.onClose(message.code, message.message);
    },

    participantsChanged() {
      if (handshaken && session.subscriptions.has(PARTICIPANTS_EVENT)) send(dispatchFrame(PARTICIPANTS_EVENT, { participants: host.participants() }));
    },

    close() {
      closed = true;
      stopWatching();
    },
  };
}
