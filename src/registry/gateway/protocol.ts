/**
 * The gateway's wire rules in one place (api-facts.md, "Gateway"): opcodes and close codes
 * come from discord-api-types; the limits, the intent checks and the shard formula are the
 * service's, kept here so a change to one of them is a change to one line.
 */
import { ApplicationFlags, GatewayCloseCodes, GatewayIntentBits, GatewayOpcodes } from 'discord-api-types/v10';

export { GatewayCloseCodes as CloseCode, GatewayOpcodes as Opcode };

/** A payload the server sends: `s` and `t` always there, null unless it is a dispatch (control-payloads.ts). */
export interface ServerPayload {
  op: number;
  d: unknown;
  s: number | null;
  t: string | null;
}

/** The heartbeat interval HELLO announces when the registry is not told otherwise, as the service's. */
export const DEFAULT_HEARTBEAT_INTERVAL = 41_250;
/** A session that sends no heartbeat for this many intervals is a zombie and is closed with 4009. */
export const HEARTBEAT_GRACE = 1.5;
/** Largest payload a client may send (bytes), as the service's; past it the connection closes with 4002. */
export const MAX_CLIENT_PAYLOAD = 4096;
/** Client sends per connection per window; the next one closes with 4008. */
export const SEND_LIMIT = { count: 120, windowMs: 60_000 } as const;
/** How long a dropped session stays resumable. */
export const DEFAULT_RESUME_WINDOW = 120_000;
/** Dispatches kept per session for a resume; an older `seq` cannot be resumed. */
export const REPLAY_BUFFER = 1000;
/** IDENTIFYs a bot may make per day (`session_start_limit.total`). */
export const SESSION_START_TOTAL = 1000;
/** The largest shard count a bot may ask for. */
export const MAX_SHARDS = 1024;

/** Opcodes a client may send; any other is 4001. */
export const CLIENT_OPCODES: ReadonlySet<number> = new Set([
  GatewayOpcodes.Heartbeat, GatewayOpcodes.Identify, GatewayOpcodes.PresenceUpdate, GatewayOpcodes.VoiceStateUpdate,
  GatewayOpcodes.Resume, GatewayOpcodes.RequestGuildMembers, GatewayOpcodes.RequestSoundboardSounds,
  GatewayOpcodes.RequestChannelInfo,
]);

/** Every intent bit the API defines. */
const KNOWN_INTENTS = Object.values(GatewayIntentBits)
  .filter((value): value is number => typeof value === 'number')
  .reduce((all, bit) => all | bit, 0);

/** Privileged intents, each with the application flags that enable it (full or limited). */
const PRIVILEGED: ReadonlyArray<{ intent: number; flags: number }> = [
  { intent: GatewayIntentBits.GuildMembers, flags: ApplicationFlags.GatewayGuildMembers | ApplicationFlags.GatewayGuildMembersLimited },
  { intent: GatewayIntentBits.GuildPresences, flags: ApplicationFlags.GatewayPresence | ApplicationFlags.GatewayPresenceLimited },
  { intent: GatewayIntentBits.MessageContent, flags: ApplicationFlags.GatewayMessageContent | ApplicationFlags.GatewayMessageContentLimited },
];

/**
 * Why a bot's IDENTIFY `intents` cannot be used: 4013 when it is not a bit set of known
 * intents, 4014 when it asks for a privileged intent the app's flags do not enable
 * (set them in the world file's `flags`, as in the developer portal).
 */
export function intentsProblem(intents: unknown, applicationFlags: number): GatewayCloseCodes | null {
  if (typeof intents !== 'number' || !Number.isSafeInteger(intents) || intents < 0) return GatewayCloseCodes.InvalidIntents;
  if (intents > 0xffffffff || (intents & ~KNOWN_INTENTS) !== 0) return GatewayCloseCodes.InvalidIntents;
  const missing = PRIVILEGED.some((entry) => (intents & entry.intent) !== 0 && (applicationFlags & entry.flags) === 0);
  return missing ? GatewayCloseCodes.DisallowedIntents : null;
}

/** IDENTIFY's `shard` as `[id, count]`, `[0, 1]` when absent, or null when it is not a valid pair (4010). */
export function parseShard(shard: unknown): [number, number] | null {
  if (shard === undefined || shard === null) return [0, 1];
  if (!Array.isArray(shard) || shard.length !== 2) return null;
  const [id, count] = shard as unknown[];
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(count)) return null;
  const [shardId, shardCount] = [id as number, count as number];
  return shardCount >= 1 && shardCount <= MAX_SHARDS && shardId >= 0 && shardId < shardCount ? [shardId, shardCount] : null;
}

/** The shard a guild's events go to; DMs (no guild) go to shard 0. */
export function shardOf(guildId: string | null, shardCount: number): number {
  if (guildId === null) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}
