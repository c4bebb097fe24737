/**
 * The rows the store hands out, already decoded from SQLite: what the routes and the
 * domain rules work with.
 */
import type { APIMessageReference } from 'discord-api-types/v10';
import type { CommandDefinition } from '../../shared/command-rules/definition.js';
import type { UrlMapping } from '../../shared/url-mappings.js';
import type { StoredInteractionMetadata } from '../domain/interaction-metadata.js';

export interface ApplicationRecord {
  id: string;
  name: string;
  owner_id: string | null;
  flags: number;
  interactions_endpoint_url: string | null;
  redirect_uris: string[];
  /** The Portal's Application URL Override: framed as it is, without the proxy. */
  activity_url: string | null;
  /** The Activity's URL mappings, in the app's order: the proxy tries them so, the root last. */
  url_mappings: UrlMapping[];
  /** Ed25519 public key, hex: the app's `verify_key`. */
  public_key: string;
  /** Ed25519 private key, PKCS#8 DER in base64: signs deliveries to the app. */
  private_key: string;
}

export interface UserRecord {
  id: string;
  username: string;
  global_name: string | null;
  locale: string | null;
  bot: boolean;
}

export interface GuildRecord {
  id: string;
  name: string;
  owner_id: string;
  locale: string;
}

export interface RoleRecord {
  id: string;
  guild_id: string;
  name: string;
  permissions: string;
  position: number;
  /** RGB as a number; 0 (or absent when written) is no colour. Reads always fill it. */
  color?: number;
  /** Whether the member list shows its members apart; absent when written is false. Reads always fill it. */
  hoist?: boolean;
}

export interface ChannelRecord {
  id: string;
  guild_id: string | null;
  name: string | null;
  type: number;
  parent_id: string | null;
  nsfw: boolean;
  position: number;
}

export interface MemberRecord {
  guild_id: string;
  user_id: string;
  roles: string[];
  nick: string | null;
  joined_at: string;
}

/** A message in a guild channel, thread, DM or group DM; JSON parts are kept as the sender gave them. */
export interface MessageRecord {
  id: string;
  channel_id: string;
  author_id: string;
  content: string;
  /** ISO 8601. */
  timestamp: string;
  edited_timestamp: string | null;
  type: number;
  flags: number;
  embeds: Array<Record<string, unknown>>;
  components: Array<Record<string, unknown>>;
  attachments: Array<Record<string, unknown>>;
  /** Set on messages an app sent (interaction responses, follow-ups). */
  application_id: string | null;
  webhook_id: string | null;
  interaction_metadata: StoredInteractionMetadata | null;
  /** A reply's reference (`{type, message_id, channel_id, guild_id?}`); absent or null otherwise. */
  message_reference?: APIMessageReference | null;
}

export interface StoredCommand {
  id: string;
  application_id: string;
  /** null for a global command. */
  guild_id: string | null;
  version: string;
  definition: CommandDefinition;
}

export interface OAuthTokenRecord {
  application_id: string;
  user_id: string | null;
  scopes: string[];
  expires_at: number;
}
