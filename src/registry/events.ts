/**
 * The registry's internal bus: what changed, for whoever must hear it live (the gateway's
 * bot and client sessions). Routes publish; they never know who listens.
 */
import { EventEmitter } from 'node:events';
import type { GuildEdits } from './domain/guild-diff.js';
import type { CommandPermissions } from './store/permission-store.js';
import type { MessageRecord } from './store/records.js';

export interface RegistryEvents {
  /** A scope's command list changed (create, edit, delete, bulk overwrite). */
  commandsChanged: [{ application_id: string; guild_id: string | null }];
  /** A command's (or the app's) permission overwrites in a guild were replaced: APPLICATION_COMMAND_PERMISSIONS_UPDATE. */
  permissionsChanged: [CommandPermissions];
  /**
   * Something the simulated client and its inspector should see live: a message created or
   * edited, an interaction's progress (payload sent, bot answer, success, failure and why),
   * autocomplete results, a modal, an activity launch. The gateway forwards it to client sessions.
   */
  clientEvent: [ClientEvent];
  /** The world changed through the management API (users, roles, channels, members, installs). */
  worldChanged: [{ kind: string; id: string }];
  /**
   * What a world edit changed inside one guild (installs, roles, channels, members), for
   * bots: the gateway sends each the matching GUILD_CREATE, GUILD_DELETE, GUILD_UPDATE, GUILD_ROLE_*,
   * CHANNEL_*, THREAD_* or GUILD_MEMBER_* event.
   */
  guildEdited: [GuildEdits];
  /** An app's bot token was reset: its gateway sessions end with 4004, as the old token's would. */
  botTokenReset: [{ application_id: string }];
  /** A person's last client session ended (closed, and not resumed in time). */
  personLeft: [{ user_id: string }];
  /** An app's bot identified on the gateway (its READY went out): what a test waits for before acting. */
  botConnected: [{ application_id: string }];
  /**
   * A dispatch for an app's bot sessions that this process may not hold (an interaction
   * invoked here, for a bot connected to another process of a team): every process sends it
   * to the sessions it holds.
   */
  botDispatch: [BotDispatch];
  /**
   * A message in a channel was created, edited or deleted (by a bot, a person or an
   * interaction response): bots hear MESSAGE_CREATE / _UPDATE / _DELETE by their intents.
   */
  channelMessage: [ChannelMessageEvent];
  /** A person added or removed a vote on a poll: bots hear MESSAGE_POLL_VOTE_ADD / _REMOVE. */
  pollVote: [PollVoteEvent];
}

export interface BotDispatch {
  application_id: string;
  event: string;
  data: unknown;
  guild_id: string | null;
}

export interface ChannelMessageEvent {
  change: 'create' | 'update' | 'delete';
  message: MessageRecord;
}

export interface PollVoteEvent {
  change: 'add' | 'remove';
  user_id: string;
  channel_id: string;
  message_id: string;
  answer_id: number;
}

/** Who a client event is for: one user's sessions, or everyone who can view a channel. */
export interface ClientEvent {
  to: { userId: string } | { channelId: string };
  /** A gateway dispatch name, e.g. MESSAGE_CREATE or the simulator's INTERACTION_FAILURE. */
  type: string;
  data: unknown;
}

/** A typed event emitter for `RegistryEvents`. */
export class EventBus extends EventEmitter<RegistryEvents> {}
