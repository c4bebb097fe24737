/**
 * What the rest of the registry asks of the gateway: send a dispatch to an app's bot
 * sessions, to a user's client sessions, or to everyone who can see a channel. Routes and
 * interaction delivery depend on this interface only, never on WebSocket details.
 */
import type { Server } from 'node:http';

export interface GatewayHub {
  /** Whether the app has a live, identified bot session (it would receive INTERACTION_CREATE). */
  hasBotSession(applicationId: string): boolean;
  /**
   * Whether the app has a bot session for that guild's shard that lost its connection and may
   * still RESUME (op 7, a network drop): it keeps what it misses and replays it on resuming.
   */
  hasResumableBotSession(applicationId: string, guildId: string | null): boolean;
  /**
   * Sends a dispatch (`op: 0, t: event`) to the app's bot sessions for that guild's shard
   * (shard 0 when `guildId` is null: DMs) that identified with `intent` (none needed when
   * absent). Returns false when no live session took it; a dropped session still keeps it
   * for its RESUME. Sessions holding any bit of `withoutIntent` are skipped: a message's
   * full and content-less views go to sessions with and without MESSAGE_CONTENT.
   */
  dispatchToBot(applicationId: string, event: string, data: unknown, guildId: string | null, intent?: number, withoutIntent?: number): boolean;
  /** Sends a dispatch to every client session of a user (the simulated chat client). */
  dispatchToUser(userId: string, event: string, data: unknown): void;
  /** Sends a dispatch to every client session whose user can view the channel (who can is read first). */
  dispatchToChannel(channelId: string, event: string, data: unknown): Promise<void>;
  /** Starts answering WebSocket upgrades on the registry's HTTP server at `/gateway`. */
  attach(server: Server): void;
  /** Closes every session (close code 1001) and stops accepting new ones. */
  close(): Promise<void>;
}
