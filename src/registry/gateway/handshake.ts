/**
 * IDENTIFY (op 2) and RESUME (op 6): who the token names, whether the session can start
 * or continue, and what the connection is told. A bot token may come bare (as discord.js
 * sends it) or as `Bot <token>`; a person's client sends its session token bare.
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '../store/store.js';
import type { GatewayConnection } from './connection.js';
import { invalidSession } from './control-payloads.js';
import { CloseCode, Opcode, intentsProblem, parseShard } from './protocol.js';
import { botReady, clientReady } from './ready-payloads.js';
import { GatewaySession, type SessionOwner } from './session.js';
import type { SessionTable } from './session-table.js';
import type { SessionStarts } from './session-starts.js';

export interface HandshakeDeps {
  store: Store;
  sessions: SessionTable;
  starts: SessionStarts;
  /** Closes a connection with a code, deciding whether its session stays resumable. */
  end(connection: GatewayConnection, code: number, reason: string): void;
  /** Hears that an app's bot has a session now (a test waits for its bot to be ready). */
  botReady?(applicationId: string): void;
}

/** The bot or person a gateway token names. */
export async function ownerOfToken(store: Store, raw: unknown): Promise<SessionOwner | undefined> {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 512) return undefined;
  const token = raw.startsWith('Bot ') ? raw.slice(4).trim() : raw;
  const application = await store.world.applicationByBotToken(token);
  if (application) return { kind: 'bot', application };
  if (raw.startsWith('Bot ')) return undefined;
  const user = await store.personByToken(token);
  return user && !user.bot ? { kind: 'user', user } : undefined;
}

function sameOwner(first: SessionOwner, second: SessionOwner): boolean {
  if (first.kind === 'bot') return second.kind === 'bot' && second.application.id === first.application.id;
  return second.kind === 'user' && second.user.id === first.user.id;
}

function record(data: unknown): Record<string, unknown> | null {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

/** IDENTIFY: starts a session and sends READY (and a bot's GUILD_CREATEs), or closes with why not. */
export async function identify(deps: HandshakeDeps, connection: GatewayConnection, data: unknown): Promise<void> {
  const d = record(data);
  if (!d) return deps.end(connection, CloseCode.DecodeError, 'Error while decoding payload.');
  const owner = await ownerOfToken(deps.store, d.token);
  if (!owner) return deps.end(connection, CloseCode.AuthenticationFailed, 'Authentication failed.');
  let shard: [number, number] = [0, 1];
  let intents = 0;
  if (owner.kind === 'bot') {
    const parsed = parseShard(d.shard);
    if (!parsed) return deps.end(connection, CloseCode.InvalidShard, 'Invalid shard.');
    shard = parsed;
    const problem = intentsProblem(d.intents, owner.application.flags);
    if (problem !== null) {
      return deps.end(connection, problem, problem === CloseCode.InvalidIntents ? 'Invalid intent(s).' : 'Disallowed intent(s).');
    }
    intents = d.intents as number;
    if (!deps.starts.take(owner.application.id)) return deps.end(connection, CloseCode.RateLimited, 'Session start limit reached.');
  }
  if (d.compress === true) connection.payloadCompression = true;
  const session = new GatewaySession({ id: randomBytes(16).toString('hex'), owner, shard, intents });
  session.connection = connection;
  connection.session = session;
  deps.sessions.add(session);
  const context = { sessionId: session.id, gatewayUrl: connection.gatewayUrl, shard };
  if (owner.kind === 'user') {
    session.dispatch('READY', await clientReady(deps.store, owner.user, context));
    return;
  }
  const { ready, guilds } = await botReady(deps.store, owner.application, context);
  session.dispatch('READY', ready);
  for (const guild of guilds) session.dispatch('GUILD_CREATE', guild);
  deps.botReady?.(owner.application.id);
}

/**
 * RESUME: replays what the session missed after `seq`, then RESUMED. An unknown or
 * expired session, or another owner's, gets INVALID_SESSION `false`; a `seq` the session
 * never reached is 4007.
 */
export async function resume(deps: HandshakeDeps, connection: GatewayConnection, data: unknown): Promise<void> {
  const d = record(data);
  if (!d || typeof d.session_id !== 'string' || !(d.seq === null || (Number.isSafeInteger(d.seq) && (d.seq as number) >= 0))) {
    return deps.end(connection, CloseCode.DecodeError, 'Error while decoding payload.');
  }
  const owner = await ownerOfToken(deps.store, d.token);
  if (!owner) return deps.end(connection, CloseCode.AuthenticationFailed, 'Authentication failed.');
  const session = deps.sessions.get(d.session_id);
  const invalid = () => connection.send(invalidSession(false));
  if (!session || !sameOwner(session.owner, owner)) return invalid();
  const replay = session.replayAfter((d.seq as number | null) ?? 0);
  if (!replay.ok && replay.reason === 'future') return deps.end(connection, CloseCode.InvalidSeq, 'Invalid seq.');
  if (!replay.ok) return invalid();
  const previous = session.connection;
  if (previous && previous !== connection) {
    previous.session = null;
    previous.close(CloseCode.UnknownError, 'Session resumed on another connection.');
  }
  session.connection = connection;
  deps.sessions.resumed(session);
  connection.session = session;
  for (const entry of replay.dispatches) connection.send({ op: Opcode.Dispatch, ...entry });
  session.resumed();
}
