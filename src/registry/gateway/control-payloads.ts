/**
 * The gateway's payloads that are not dispatches, as the service sends them: `t` and `s` are
 * there and null (discord-api-types' `_NonDispatchPayload`). Libraries rely on it:
 * detritus-client takes any payload's `s` as its sequence unless it is null, so a payload
 * without `s` (a HEARTBEAT_ACK, a RECONNECT) made it RESUME from nothing and get its whole
 * session replayed.
 */
import type {
  GatewayHeartbeatAck, GatewayHeartbeatRequest, GatewayHello, GatewayInvalidSession, GatewayReconnect,
} from 'discord-api-types/v10';
import { Opcode } from './protocol.js';

/** `d` goes as null where discord-api-types types it as absent: JSON has no undefined. */
type OnWire<Payload extends { d: unknown }> = Omit<Payload, 'd'> & { d: null };

/** HELLO (op 10): how often to heartbeat. */
export const hello = (heartbeatInterval: number) =>
  ({ t: null, s: null, op: Opcode.Hello, d: { heartbeat_interval: heartbeatInterval } }) satisfies GatewayHello;

/** HEARTBEAT_ACK (op 11). */
export const heartbeatAck = () => ({ t: null, s: null, op: Opcode.HeartbeatAck, d: null }) satisfies OnWire<GatewayHeartbeatAck>;

/** HEARTBEAT (op 1) from the server: heartbeat now. */
export const heartbeatRequest = () => ({ t: null, s: null, op: Opcode.Heartbeat, d: null }) satisfies OnWire<GatewayHeartbeatRequest>;

/** RECONNECT (op 7): reconnect and resume. */
export const reconnect = () => ({ t: null, s: null, op: Opcode.Reconnect, d: null }) satisfies OnWire<GatewayReconnect>;

/** INVALID_SESSION (op 9): whether the session may still be resumed. */
export const invalidSession = (resumable: boolean) =>
  ({ t: null, s: null, op: Opcode.InvalidSession, d: resumable }) satisfies GatewayInvalidSession;
