/**
 * Whether a session survives its connection's close, by who closed it and with what code.
 * It mirrors what discord.js does next: after 4000, 4001, 4002 and 4009 (a zombie whose
 * heartbeats stopped) it RESUMEs, so those sessions stay resumable; after a client's own
 * 1000/1001 the session is over, as the service ends it; the other server codes make
 * discord.js identify anew or stop, so their sessions go at once. A dropped network
 * (1006) or discord.js's resume close (4200) keeps the session.
 */
import { CloseCode } from './protocol.js';

/** Server close codes after which discord.js sends RESUME. */
const RESUMED_AFTER: ReadonlySet<number> = new Set([
  CloseCode.UnknownError, CloseCode.UnknownOpcode, CloseCode.DecodeError, CloseCode.SessionTimedOut,
]);

/** Who closed the connection. */
export type Initiator = 'client' | 'server';

export function resumableAfter(code: number, initiator: Initiator): boolean {
  if (initiator === 'server') return RESUMED_AFTER.has(code);
  return code !== 1000 && code !== 1001;
}
