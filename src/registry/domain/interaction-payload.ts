/**
 * The interaction object as the service sends it to apps (api-facts.md, "Interaction
 * payload"): every field bots read, in one pure function, so gateway and HTTP delivery send
 * the same bytes. Names are always the defaults, never localized.
 */
import type { APIGuildMember, APIMessage, APIUser } from 'discord-api-types/v10';
import { ATTACHMENT_SIZE_LIMIT } from '../../shared/attachment-limits.js';

export interface PayloadFacts {
  id: string;
  token: string;
  applicationId: string;
  /** 2 command, 3 component, 4 autocomplete, 5 modal submit. */
  type: number;
  data: Record<string, unknown>;
  user: APIUser;
  /** The user's client language. */
  locale: string;
  /** GUILD 0, BOT_DM 1, PRIVATE_CHANNEL 2. */
  context: number;
  authorizingIntegrationOwners: Record<string, string>;
  /** What the app may do in the channel. */
  appPermissions: string;
  channel: Record<string, unknown>;
  /** In a guild: the guild and the invoking member with their permissions in the channel. */
  guild?: { id: string; locale: string; member: APIGuildMember & { permissions: string } };
  /** The message a component was on. */
  message?: APIMessage;
}

export function interactionPayload(facts: PayloadFacts): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    id: facts.id,
    application_id: facts.applicationId,
    type: facts.type,
    data: facts.data,
    channel: facts.channel,
    channel_id: facts.channel.id,
    token: facts.token,
    version: 1,
    app_permissions: facts.appPermissions,
    locale: facts.locale,
    entitlements: [],
    authorizing_integration_owners: facts.authorizingIntegrationOwners,
    context: facts.context,
    attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
  };
  if (facts.guild) {
    payload.guild = { id: facts.guild.id, features: [], locale: facts.guild.locale };
    payload.guild_id = facts.guild.id;
    payload.guild_locale = facts.guild.locale;
    payload.member = facts.guild.member;
  } else {
    payload.user = facts.user;
  }
  if (facts.message) payload.message = facts.message;
  return payload;
}

export interface WireOption {
  name: string;
  type: number;
  value?: unknown;
  focused?: boolean;
  options?: WireOption[];
}

/**
 * Leaf options put back under the chosen group and subcommand, as `data.options` nests them.
 * A subcommand given no options has no `options` key: the service sends
 * `{"type": 1, "name": "…"}` there (discord-api-types#241, observed in an interaction).
 */
export function nestOptions(path: ReadonlyArray<{ name: string; type: number }>, leaves: WireOption[]): WireOption[] {
  let options = leaves;
  for (const step of [...path].reverse()) {
    options = [options.length > 0 ? { name: step.name, type: step.type, options } : { name: step.name, type: step.type }];
  }
  return options;
}
