/**
 * The commands an Activity's SDK sends, and what the client answers: each one reads its
 * args as untrusted input and answers data in the SDK's shape or an RPC error. Commands that
 * read the person's world need the scopes the Activity authenticated with, as the SDK's
 * docs say (`getChannel` needs `guilds`, `setActivity` needs `rpc.activities.write`). A
 * command the client does not handle is INVALID_COMMAND (4002), the SDK's own refusal.
 */
import { isLockState, type LockState } from './activity-display.js';
import { authenticatedUser, channelView, participantView } from './sdk-views.js';
import type { FrameHost } from './frame-host.js';
import { RPC_ERROR, SUBSCRIBABLE_EVENTS } from './frame-messages.js';

/** A command's answer data, or the RPC error it gets. */
export type CommandResult = { ok: true; data: unknown } | { ok: false; code: number; message: string };

/** What a command may read and change of its frame's session. */
export interface CommandSession {
  host: FrameHost;
  /** The scopes of the token the Activity authenticated with; null before `authenticate()`. */
  scopes: string[] | null;
  subscriptions: Set<string>;
}

type Handler = (args: Record<string, unknown>, session: CommandSession, evt: string | null) => CommandResult | Promise<CommandResult>;

const ok = (data: unknown): CommandResult => ({ ok: true, data });
const refuse = (code: number, message: string): CommandResult => ({ ok: false, code, message });
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A refusal when the authenticated token lacks a scope the command needs. */
function missingScope(session: CommandSession, command: string, needed: readonly string[]): CommandResult | undefined {
  const absent = needed.filter((scope) => !session.scopes?.includes(scope));
  if (absent.length === 0) return undefined;
  const how = session.scopes === null ? 'call authenticate() first, with a token that has it' : 'authorize it, then authenticate() with the new token';
  return refuse(RPC_ERROR.INVALID_PERMISSIONS, `${command} needs the ${absent.join(' and ')} scope: ${how}.`);
}

const authorize: Handler = async (args, { host }) => {
  if (args.client_id !== host.applicationId) return refuse(RPC_ERROR.INVALID_CLIENTID, `Invalid client id: this Activity is ${host.applicationId}.`);
  const scope = args.scope;
  if (!Array.isArray(scope) || scope.length === 0 || !scope.every((entry) => typeof entry === 'string')) {
    return refuse(RPC_ERROR.INVALID_PAYLOAD, 'authorize() needs scope: a list of OAuth2 scopes, such as ["identify"].');
  }
  if (args.response_type !== undefined && args.response_type !== 'code') return refuse(RPC_ERROR.INVALID_PAYLOAD, 'response_type must be "code".');
  const query = new URLSearchParams({ client_id: host.applicationId, response_type: 'code', scope: scope.join(' ') });
  for (const name of ['state', 'code_challenge', 'code_challenge_method', 'prompt'] as const) {
    if (typeof args[name] === 'string') query.set(name, args[name]);
  }
  const outcome = await host.authorize(query);
  return outcome.ok ? ok({ code: outcome.code }) : refuse(RPC_ERROR.OAUTH2_ERROR, outcome.message);
};

const authenticate: Handler = async (args, session) => {
  const { host } = session;
  const accessToken = text(args.access_token);
  if (accessToken === undefined) return refuse(RPC_ERROR.INVALID_TOKEN, 'authenticate() needs the access_token your server got for the code.');
  const outcome = await host.tokenGrant(accessToken);
  if (!outcome.ok) return refuse(RPC_ERROR.INVALID_TOKEN, outcome.message);
  const { grant } = outcome;
  if (grant.application.id !== host.applicationId) return refuse(RPC_ERROR.INVALID_TOKEN, `The token is another app's (${grant.application.id}), not this Activity's.`);
  const me = host.me();
  if (!me) return refuse(RPC_ERROR.INVALID_USER, 'Nobody is signed in to the client.');
  if (grant.user && grant.user.id !== me.id) return refuse(RPC_ERROR.INVALID_TOKEN, 'The token belongs to someone else, not the person in this client.');
  session.scopes = grant.scopes;
  const { application } = grant;
  return ok({
    access_token: accessToken, user: authenticatedUser(grant.user ?? me), scopes: grant.scopes, expires: grant.expires,
    application: { id: application.id, name: application.name, description: application.description ?? '', icon: application.icon ?? null },
  });
};

const getChannel: Handler = (args, session) => {
  const channelId = text(args.channel_id);
  if (channelId === undefined) return refuse(RPC_ERROR.INVALID_PAYLOAD, 'getChannel() needs channel_id.');
  const found = session.host.channel(channelId);
  if (!found) return refuse(RPC_ERROR.INVALID_CHANNEL, `Invalid channel id: ${channelId}.`);
  const refusal = missingScope(session, 'getChannel', found.guildId === null ? ['guilds', 'dm_channels.read'] : ['guilds']);
  return refusal ?? ok(channelView(found.channel, found.guildId));
};

const setActivity: Handler = (args, session) => {
  const activity = args.activity;
  if (typeof activity !== 'object' || activity === null || Array.isArray(activity)) return refuse(RPC_ERROR.INVALID_PAYLOAD, 'setActivity() needs activity: an object.');
  const refusal = missingScope(session, 'setActivity', ['rpc.activities.write']);
  const fields = activity as Record<string, unknown>;
  return refusal ?? ok({ ...fields, name: session.host.applicationName, type: typeof fields.type === 'number' ? fields.type : 0, application_id: session.host.applicationId });
};

const openExternalLink: Handler = (args, { host }) => {
  const url = text(args.url);
  let parsed: URL | undefined;
  try {
    parsed = url === undefined ? undefined : new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) return refuse(RPC_ERROR.INVALID_PAYLOAD, 'openExternalLink() takes an http or https url.');
  host.openExternalLink(parsed.href);
  return ok({ opened: true });
};

/** An optional lock: omitted keeps it (undefined), null clears it, else a lock state; false when it is none of these. */
function optionalLock(value: unknown): LockState | null | undefined | false {
  if (value === undefined || value === null) return value;
  return isLockState(value) ? value : false;
}

/**
 * UNLOCKED 1, PORTRAIT 2, LANDSCAPE 3 (the SDK's OrientationLockStateTypeObject), for the
 * focused Activity and, optionally, its PIP and grid tiles. A refusal is INVALID_PAYLOAD,
 * on which the SDK tries again with `lock_state` and `picture_in_picture_lock_state` alone.
 */
const setOrientationLockState: Handler = (args, { host }) => {
  const pip = optionalLock(args.picture_in_picture_lock_state);
  const grid = optionalLock(args.grid_lock_state);
  if (!isLockState(args.lock_state) || pip === false || grid === false) {
    return refuse(RPC_ERROR.INVALID_PAYLOAD, 'lock_state must be 1 (unlocked), 2 (portrait) or 3 (landscape); picture_in_picture_lock_state and grid_lock_state one of those, null or left out.');
  }
  host.lockOrientation({ focused: args.lock_state, ...(pip === undefined ? {} : { pip }), ...(grid === undefined ? {} : { grid }) });
  return ok(null);
};

const subscription = (adding: boolean): Handler => (_args, { subscriptions }, evt) => {
  if (evt === null || !(SUBSCRIBABLE_EVENTS as readonly string[]).includes(evt)) return refuse(RPC_ERROR.INVALID_EVENT, `Invalid event: ${String(evt)}.`);
  if (adding) subscriptions.add(evt);
  else subscriptions.delete(evt);
  return ok({ evt });
};

const HANDLERS: Readonly<Record<string, Handler>> = {
  AUTHORIZE: authorize,
  AUTHENTICATE: authenticate,
  GET_CHANNEL: getChannel,
  GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS: (_args, { host }) => ok({ participants: host.participants() }),
  GET_USER: (args, { host }) => {
    const user = host.user(text(args.id) ?? '');
    return ok(user ? participantView(user, undefined) : null);
  },
  USER_SETTINGS_GET_LOCALE: (_args, { host }) => ok({ locale: host.locale() }),
  SET_ACTIVITY: setActivity,
  SET_ORIENTATION_LOCK_STATE: setOrientationLockState,
  OPEN_EXTERNAL_LINK: openExternalLink,
  SET_CONFIG: (args) => ok({ use_interactive_pip: args.use_interactive_pip === true }),
  GET_PLATFORM_BEHAVIORS: () => ok({}),
  ENCOURAGE_HW_ACCELERATION: () => ok({ enabled: true }),
  // The SDK forwards console.* here; the inspector shows them with the other messages.
  CAPTURE_LOG: () => ok(null),
  SUBSCRIBE: subscription(true),
  UNSUBSCRIBE: subscription(false),
};

/** The commands the client answers, as the invalid-command error lists them. */
export const HANDLED_COMMANDS = Object.keys(HANDLERS);

/** Runs one command. */
export async function runCommand(cmd: string, args: Record<string, unknown>, evt: string | null, session: CommandSession): Promise<CommandResult> {
  const handler = Object.hasOwn(HANDLERS, cmd) ? HANDLERS[cmd] : undefined;
  if (!handler) return refuse(RPC_ERROR.INVALID_COMMAND, `Invalid command: ${cmd}. This client handles ${HANDLED_COMMANDS.join(', ')}.`);
  return handler(args, session, evt);
}
