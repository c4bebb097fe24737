/**
 * The shapes the client reads from the registry, as the service sends them: the command
 * index (localized views: `name_localized`, no dictionaries), READY, channels, members and
 * messages. Only the fields the client uses are named; the rest pass through untouched.
 */
import type { APIEmbed, APIMessage, APIRole, APIUser } from 'discord-api-types/v10';
import type { ErrorTree } from '../../shared/command-rules/error-tree.js';
import type { CommandWarning } from '../../shared/command-rules/warning-messages.js';

export interface IndexedChoice {
  name: string;
  name_localized?: string;
  value: string | number;
}

export interface IndexedOption {
  type: number;
  name: string;
  name_localized?: string;
  description: string;
  description_localized?: string;
  required?: boolean;
  choices?: IndexedChoice[];
  options?: IndexedOption[];
  channel_types?: number[];
  min_value?: number;
  max_value?: number;
  min_length?: number;
  max_length?: number;
  autocomplete?: boolean;
}

export interface IndexedCommand {
  id: string;
  application_id: string;
  version: string;
  type: number;
  name: string;
  name_localized?: string;
  description: string;
  description_localized?: string;
  options?: IndexedOption[];
  guild_id?: string;
  nsfw?: boolean;
  integration_types?: number[];
  contexts?: number[] | null;
  default_member_permissions?: string | null;
  dm_permission?: boolean;
  handler?: 1 | 2;
}

export interface IndexedApplication {
  id: string;
  name: string;
  bot_id?: string;
}

/** A command the index leaves out here (`include_hidden=true`), with the first rule it fails. */
export interface HiddenCommand {
  id: string;
  application_id: string;
  name: string;
  type: number;
  rule?: string;
  reason?: string;
}

/** `GET /channels/{id}/application-command-index?include_hidden=true`. */
export interface CommandIndex {
  applications: IndexedApplication[];
  application_commands: IndexedCommand[];
  hidden_commands?: HiddenCommand[];
}

/**
 * `GET /_slashbench/explain`: every visibility check of one command here, with its verdict,
 * and what the command stores that the service accepts but ignores (its warnings).
 */
export interface Explanation {
  command: IndexedCommand;
  visible: boolean;
  checks: Array<{ rule: string; verdict: 'pass' | 'fail' | 'skip'; detail: string }>;
  /** Absent from registries older than the warnings. */
  warnings?: CommandWarning[];
}

/** An uploaded file, as `POST /channels/{id}/attachments` answers it. */
export interface WireAttachment {
  id: string;
  filename: string;
  size: number;
  url: string;
  content_type?: string;
}

/** A channel as READY and the read endpoints give it (guild channels, threads, DMs, group DMs). */
export interface WireChannel {
  id: string;
  type: number;
  guild_id?: string;
  name?: string | null;
  position?: number;
  parent_id?: string | null;
  nsfw?: boolean;
  recipients?: APIUser[];
}

export interface WireMember {
  user: APIUser;
  nick?: string | null;
  roles: string[];
}

/** A guild in a client's READY: whole, with channels, threads, roles and members. */
export interface WireGuild {
  id: string;
  name: string;
  owner_id: string;
  preferred_locale?: string;
  roles: APIRole[];
  channels: WireChannel[];
  threads: WireChannel[];
  members: WireMember[];
}

/** The current user, with their locale (READY's `user`). */
export interface CurrentUser extends APIUser {
  locale?: string;
}

export interface ReadyPayload {
  user: CurrentUser;
  user_settings?: { locale?: string };
  guilds: WireGuild[];
  private_channels: WireChannel[];
  session_id: string;
  /** The Activity instances running where this person is (the registry's client READY). */
  embedded_activities?: Array<{ instance_id: string; application_id: string; channel_id: string; participants: string[] }>;
}

export type WireMessage = APIMessage;
export type WireEmbed = APIEmbed;

/** The body of `POST /interactions`. */
export interface InvokeBody {
  type: 2 | 3 | 4 | 5;
  application_id: string;
  guild_id?: string;
  channel_id: string;
  nonce: string;
  message_id?: string;
  data: Record<string, unknown>;
}

/** The service's error body: `{code, message}`, with the 50035 tree under `errors`. */
export interface ServiceErrorBody {
  code: number;
  message: string;
  errors?: ErrorTree;
}
