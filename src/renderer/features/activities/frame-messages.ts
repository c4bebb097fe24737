/**
 * The Embedded App SDK's postMessage protocol as the client speaks it (parent side), read
 * from the SDK's own source (`Discord.ts`, `schema/*` in @discord/embedded-app-sdk 2.x):
 * every message is an `[opcode, payload]` array. The frame sends HANDSHAKE, commands as
 * FRAME `{cmd, args, nonce}` (SUBSCRIBE and UNSUBSCRIBE name their event in `evt`), CLOSE
 * and the legacy HELLO; the client answers FRAME `{cmd, evt: null, nonce, data}`, errors
 * `{cmd, evt: "ERROR", nonce, data: {code, message}}`, events `{cmd: "DISPATCH", evt,
 * nonce: null, data}`, and CLOSE `{code, message}`. The SDK checks each answer against its
 * zod schemas and drops one missing a required key (`evt: null`, `nonce: null` included).
 *
 * A frame is untrusted: what it sends is read here, field by field, before anything acts.
 * The numbers are the SDK's (`Opcodes`, `RPCErrorCodes`, `RPCCloseCodes`; a test pins them).
 */

export const OPCODE = { HANDSHAKE: 0, FRAME: 1, CLOSE: 2, HELLO: 3 } as const;

/** RPC error codes (the SDK's `RPCErrorCodes`, plus the RPC docs' OAUTH2_ERROR). */
export const RPC_ERROR = {
  INVALID_PAYLOAD: 4000, INVALID_COMMAND: 4002, INVALID_EVENT: 4004, INVALID_CHANNEL: 4005,
  INVALID_PERMISSIONS: 4006, INVALID_CLIENTID: 4007, INVALID_TOKEN: 4009, INVALID_USER: 4010, OAUTH2_ERROR: 5000,
} as const;

/** RPC close codes (the SDK's `RPCCloseCodes`). */
export const RPC_CLOSE = { CLOSE_NORMAL: 1000, INVALID_CLIENTID: 4000, INVALID_VERSION: 4004, INVALID_ENCODING: 4005 } as const;

/** The events an Activity may subscribe to (the SDK's `Events`, READY aside: it comes unasked). */
export const SUBSCRIBABLE_EVENTS = [
  'VOICE_STATE_UPDATE', 'SPEAKING_START', 'SPEAKING_STOP', 'ACTIVITY_LAYOUT_MODE_UPDATE', 'ORIENTATION_UPDATE',
  'CURRENT_USER_UPDATE', 'CURRENT_GUILD_MEMBER_UPDATE', 'ENTITLEMENT_CREATE', 'THERMAL_STATE_UPDATE',
  'ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', 'RELATIONSHIP_UPDATE', 'ACTIVITY_JOIN', 'QUEST_ENROLLMENT_STATUS_UPDATE',
] as const;

/** A message the client sends a frame. */
export type OutgoingMessage = [typeof OPCODE.FRAME, Record<string, unknown>] | [typeof OPCODE.CLOSE, { code: number; message: string }];

/** A frame's message, read. `ignored` says why nothing answers it. */
export type IncomingMessage =
  | { kind: 'handshake'; version: unknown; encoding: unknown; clientId: unknown; frameId: unknown }
  | { kind: 'command'; cmd: string; nonce: string; args: Record<string, unknown>; evt: string | null }
  | { kind: 'close'; code: number; message: string }
  | { kind: 'hello' }
  | { kind: 'ignored'; reason: string };

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Names the SDK and the RPC docs use: upper case words, nothing else. */
const COMMAND_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

/** Reads what a frame posted; anything not shaped as the SDK sends it is ignored, with the reason. */
export function readMessage(data: unknown): IncomingMessage {
  if (!Array.isArray(data) || data.length !== 2) return { kind: 'ignored', reason: 'not an [opcode, payload] array' };
  const [opcode, payload] = data as [unknown, unknown];
  if (!isFields(payload)) return { kind: 'ignored', reason: 'the payload is not an object' };
  switch (opcode) {
    case OPCODE.HANDSHAKE:
      return { kind: 'handshake', version: payload.v, encoding: payload.encoding, clientId: payload.client_id, frameId: payload.frame_id };
    case OPCODE.FRAME:
      return readCommand(payload);
    case OPCODE.CLOSE:
      return { kind: 'close', code: typeof payload.code === 'number' ? payload.code : RPC_CLOSE.CLOSE_NORMAL, message: typeof payload.message === 'string' ? payload.message : '' };
    case OPCODE.HELLO:
      return { kind: 'hello' };
    default:
      return { kind: 'ignored', reason: `unknown opcode ${JSON.stringify(opcode)}` };
  }
}

function readCommand(payload: Fields): IncomingMessage {
  const { cmd, nonce, args, evt } = payload;
  if (typeof cmd !== 'string' || !COMMAND_NAME.test(cmd)) return { kind: 'ignored', reason: 'a FRAME without a command name (cmd)' };
  if (typeof nonce !== 'string' || nonce === '' || nonce.length > 64) return { kind: 'ignored', reason: `${cmd} without a nonce to answer to` };
  if (args !== undefined && args !== null && !isFields(args)) return { kind: 'ignored', reason: `${cmd} with args that are not an object` };
  return { kind: 'command', cmd, nonce, args: isFields(args) ? args : {}, evt: typeof evt === 'string' ? evt : null };
}

/** A command's answer. */
export function answerFrame(cmd: string, nonce: string, data: unknown): OutgoingMessage {
  return [OPCODE.FRAME, { cmd, evt: null, nonce, data }];
}

/** A command's refusal: the SDK rejects the command's promise with `data` (`{code, message}`). */
export function errorFrame(cmd: string, nonce: string | null, code: number, message: string): OutgoingMessage {
  return [OPCODE.FRAME, { cmd, evt: 'ERROR', nonce, data: { code, message } }];
}

/** An event: READY, or one the frame subscribed to. */
export function dispatchFrame(evt: string, data: Fields): OutgoingMessage {
  return [OPCODE.FRAME, { cmd: 'DISPATCH', evt, nonce: null, data }];
}

/** Ends the conversation, with the SDK's close code (a refused handshake). */
export function closeFrame(code: number, message: string): OutgoingMessage {
  return [OPCODE.CLOSE, { code, message }];
}
