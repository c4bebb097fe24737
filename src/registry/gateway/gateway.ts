/**
 * The gateway: WebSocket sessions for bots and for the simulated client on the registry's
 * own HTTP server (`/gateway`), and the `GatewayHub` the rest of the registry dispatches
 * through. Built on `ws` in noServer mode so it shares the registry's port.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { EventBus } from '../events.js';
import type { Store } from '../store/store.js';
import { machineTimers, type Timers } from '../timers.js';
import { channelViewerIds } from './audience.js';
import { bridgeBus } from './bus-bridge.js';
import { GatewayConnection } from './connection.js';
import { heartbeatAck, heartbeatRequest, hello, reconnect } from './control-payloads.js';
import { decodeFrame, parseConnectQuery } from './frames.js';
import { inOrder } from '../in-order.js';
import { gatewayUrl, isGatewayPath } from './gateway-url.js';
import { identify, resume, type HandshakeDeps } from './handshake.js';
import type { GatewayHub } from './hub.js';
import { memberChunks, parseMemberRequest } from './member-chunks.js';
import {
  CLIENT_OPCODES, CloseCode, DEFAULT_HEARTBEAT_INTERVAL, DEFAULT_RESUME_WINDOW, HEARTBEAT_GRACE, MAX_CLIENT_PAYLOAD, Opcode, shardOf,
} from './protocol.js';
import type { SessionConnection } from './session.js';
import { SessionTable, type SessionObserver } from './session-table.js';
import { sharedData } from './shared-data.js';
import { SessionStarts } from './session-starts.js';
import { resumableAfter } from './session-policy.js';

/** How long `close()` waits for clients to answer the close frame. */
const CLOSE_TIMEOUT_MS = 1000;

export interface GatewayDeps {
  store: Store;
  bus: EventBus;
  now?: () => number;
  /** Where heartbeat deadlines are set: the machine's timers by default, a test clock in a test (timers.ts). */
  timers?: Timers;
  /** HELLO's `heartbeat_interval` in ms (41250 by default; tests use a short one). */
  heartbeatInterval?: number;
  /** How long a dropped session stays resumable, in ms (2 minutes by default). */
  resumeWindow?: number;
  /** The day's IDENTIFY budget per bot, shared with `GET /gateway/bot`. */
  sessionStarts?: SessionStarts;
  /** Hears bot sessions come and go (a team registry records which process holds them). */
  sessionObserver?: SessionObserver;
}

/** The hub, plus what only tests and tools ask of a real gateway. */
export interface Gateway extends GatewayHub {
  /** Sends op 1 to a session: its client must heartbeat now. False when it is not connected. */
  requestHeartbeat(sessionId: string): boolean;
  /** Sends RECONNECT (op 7) to a session, which should then resume. False when it is not connected. */
  reconnect(sessionId: string): boolean;
  /** The ids of an app's bot sessions that are connected now (for `reconnect`). */
  liveBotSessions(applicationId: string): string[];
}

export function createGateway(deps: GatewayDeps): Gateway {
  const now = deps.now ?? Date.now;
  const heartbeatInterval = deps.heartbeatInterval ?? DEFAULT_HEARTBEAT_INTERVAL;
  // A person whose last client session is gone (closed and past its resume window) has
  // left the client: whatever they were in, such as an Activity, must forget them.
  const sessions: SessionTable = new SessionTable(deps.resumeWindow ?? DEFAULT_RESUME_WINDOW, (removed) => {
    if (removed.owner.kind !== 'user') return;
    if (sessions.clients().some((session) => session.userId === removed.userId)) return;
    deps.bus.emit('personLeft', { user_id: removed.userId });
  }, deps.sessionObserver, now);
  const server = new WebSocketServer({ noServer: true, maxPayload: 16 * MAX_CLIENT_PAYLOAD, perMessageDeflate: false });
  const attached: Array<{ server: Server; listener: (request: IncomingMessage, socket: Duplex, head: Buffer) => void }> = [];
  const connections = new Set<GatewayConnection>();
  let closed = false;

  // A session's connection is a SessionConnection (session.ts): what ending one touches.
  const end = (connection: SessionConnection, code: number, reason: string) => {
    const session = connection.session;
    connection.close(code, reason);
    if (session && session.connection === connection) sessions.release(session, resumableAfter(code, 'server'));
    connection.session = null;
  };
  const handshake: HandshakeDeps = {
    store: deps.store, sessions, starts: deps.sessionStarts ?? new SessionStarts(now), end,
    botReady: (applicationId) => deps.bus.emit('botConnected', { application_id: applicationId }),
  };

  const onMessage = async (connection: GatewayConnection, data: RawData) => {
    if (connection.closedWith !== null) return;
    if (!connection.countReceived(now())) return end(connection, CloseCode.RateLimited, 'You are being rate limited.');
    const frame = decodeFrame(data);
    if (!frame.ok) return end(connection, frame.code, frame.reason);
    const { op, d } = frame.payload;
    if (!CLIENT_OPCODES.has(op)) return end(connection, CloseCode.UnknownOpcode, 'Unknown opcode.');
    if (op === Opcode.Heartbeat) {
      connection.heartbeatReceived();
      return connection.send(heartbeatAck());
    }
    const session = connection.session;
    if (op === Opcode.Identify || op === Opcode.Resume) {
      if (session) return end(connection, CloseCode.AlreadyAuthenticated, 'You sent more than one identify payload.');
      return op === Opcode.Identify ? await identify(handshake, connection, d) : await resume(handshake, connection, d);
    }
    if (!session) return end(connection, CloseCode.NotAuthenticated, 'You sent a payload prior to identifying.');
    if (op === Opcode.RequestGuildMembers) {
      const request = parseMemberRequest(d);
      if (!request) return end(connection, CloseCode.DecodeError, 'Error while decoding payload.');
      for (const chunk of await memberChunks(deps.store, session, request)) session.dispatch('GUILD_MEMBERS_CHUNK', chunk);
    }
    // Presence, voice state, soundboard and channel info requests change nothing in the simulated world.
  };

  const onConnection = (socket: WebSocket, request: IncomingMessage) => {
    const query = parseConnectQuery(request.url);
    if (!query.ok) return socket.close(query.code, query.reason);
    const connection = new GatewayConnection(socket, {
      compression: query.compression,
      gatewayUrl: gatewayUrl(request.headers.host, request.socket.localAddress, request.socket.localPort),
      heartbeatTimeoutMs: Math.round(heartbeatInterval * HEARTBEAT_GRACE),
      timers: deps.timers ?? machineTimers,
      onHeartbeatTimeout: (timedOut) => end(timedOut, CloseCode.SessionTimedOut, 'Session timed out.'),
    });
    connections.add(connection);
    // A session's frames are handled one at a time, in order: IDENTIFY reads the store before the frames after it count.
    const frames = inOrder((error) => {
      console.error(`slashbench: a gateway frame failed: ${(error as Error).message ?? String(error)}`);
      end(connection, CloseCode.UnknownError, 'Unknown error.');
    });
    socket.on('message', (data) => frames(() => onMessage(connection, data)));
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      const session = connection.session;
      const initiator = connection.closedWith === null ? 'client' : 'server';
      connection.dispose();
      connections.delete(connection);
      if (session && session.connection === connection) sessions.release(session, resumableAfter(code, initiator));
    });
    connection.send(hello(heartbeatInterval));
  };

  /** Live and resumable sessions of an app that a guild's events go to. */
  const botSessionsFor = (applicationId: string, guildId: string | null) =>
    sessions.bots(applicationId).filter((session) => shardOf(guildId, session.shard[1]) === session.shard[0]);

  const hub: Gateway = {
    hasBotSession: (applicationId) => sessions.bots(applicationId).some((session) => session.live),
    hasResumableBotSession: (applicationId, guildId) => botSessionsFor(applicationId, guildId).some((session) => !session.live),
    // Each dispatch's data is encoded once for all the sessions it goes to (shared-data.ts).
    dispatchToBot(applicationId, event, data, guildId, intent = 0, withoutIntent = 0) {
      const shared = sharedData(data);
      let taken = false;
      for (const session of botSessionsFor(applicationId, guildId)) {
        if ((session.intents & intent) === intent && (session.intents & withoutIntent) === 0) taken = session.dispatch(event, shared) || taken;
      }
      return taken;
    },
    dispatchToUser(userId, event, data) {
      const shared = sharedData(data);
      for (const session of sessions.clients()) if (session.userId === userId) session.dispatch(event, shared);
    },
    async dispatchToChannel(channelId, event, data) {
      // Who can view the channel is read from the world only when someone is here to hear it.
      if (!sessions.hasClients()) return;
      const viewers = await channelViewerIds(deps.store, channelId);
      const shared = sharedData(data);
      for (const session of sessions.clients()) if (viewers.has(session.userId)) session.dispatch(event, shared);
    },
    requestHeartbeat(sessionId) {
      const session = sessions.get(sessionId);
      if (!session?.live) return false;
      session.connection?.send(heartbeatRequest());
      return true;
    },
    liveBotSessions: (applicationId) => sessions.bots(applicationId).filter((session) => session.live).map((session) => session.id),
    reconnect(sessionId) {
      const session = sessions.get(sessionId);
      if (!session?.live) return false;
      session.connection?.send(reconnect());
      return true;
    },
    attach(http) {
      const listener = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (!isGatewayPath(request.url)) {
          // Another handler may own other paths; refuse only when none does.
          if (http.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
          return;
        }
        if (closed) return void socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
        server.handleUpgrade(request, socket, head, (websocket) => onConnection(websocket, request));
      };
      http.on('upgrade', listener);
      attached.push({ server: http, listener });
    },
    async close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      for (const { server: http, listener } of attached) http.off('upgrade', listener);
      for (const connection of connections) connection.close(1001, 'Going away.');
      sessions.clear();
      // A client that never answers the close frame must not hold the registry open.
      const force = setTimeout(() => server.clients.forEach((socket) => socket.terminate()), CLOSE_TIMEOUT_MS);
      force.unref();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(force);
    },
  };
  // A reset token ends the bot's sessions as the service does: live ones close with 4004, and
  // resumable ones go (a RESUME with the old token would fail the same way).
  const tokenReset = ({ application_id: applicationId }: { application_id: string }) => {
    for (const session of sessions.bots(applicationId)) {
      if (session.connection) end(session.connection, CloseCode.AuthenticationFailed, 'Authentication failed.');
      else sessions.remove(session);
    }
  };
  deps.bus.on('botTokenReset', tokenReset);
  const unsubscribeBus = bridgeBus(deps.bus, deps.store, hub, sessions);
  const unsubscribe = () => {
    deps.bus.off('botTokenReset', tokenReset);
    unsubscribeBus();
  };
  return hub;
}
