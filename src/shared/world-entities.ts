/**
 * One zod schema per entity of the simulated world. The world file is made of them and
 * the management API's bodies are cut from them, so a bad field is refused with the same
 * message whether it arrives in a file, an import or a single edit.
 */
import type { APIMessageInteractionMetadata } from 'discord-api-types/v10';
import { z } from 'zod';
import { isRegistryPath } from './activity-url.js';
import { isLocale } from './locales.js';
import { urlMappingsSchema } from './url-mappings.js';

/** Channel types a guild holds (api-facts.md, "Enumerations"): all but DM 1 and GROUP_DM 3. */
export const GUILD_CHANNEL_TYPES = [0, 2, 4, 5, 10, 11, 12, 13, 14, 15, 16] as const;
/** ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD: channels that live inside a parent channel. */
export const THREAD_CHANNEL_TYPES = [10, 11, 12] as const;
/** GUILD_CATEGORY: the only parent a channel other than a thread may have; it has none itself. */
export const CATEGORY_CHANNEL_TYPE = 4;
/** Channels a thread may be started in: text, announcement, forum, media. */
export const THREAD_PARENT_TYPES = [0, 5, 15, 16] as const;
/** A group DM holds its owner and at most nine others. */
export const GROUP_DM_RECIPIENTS_MAX = 10;
/** The longest message content the service accepts. */
export const MESSAGE_CONTENT_MAX = 2000;

/** Ids are strings of decimal digits; `params.code` gives the service's code for the refusal. */
export const snowflake = z
  .string()
  .refine((value) => /^\d{1,20}$/.test(value), {
    message: 'must be a snowflake (a string of decimal digits)',
    params: { code: 'NUMBER_TYPE_COERCE' },
  });
const locale = z.string().refine(isLocale, 'must be a known locale such as "en-US"');
const permissions = z
  .string()
  .refine((value) => /^\d{1,20}$/.test(value), 'must be a permission bit set as a decimal string');
const token = z.string().min(8);
const timestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 timestamp' });
const position = z.number().int().nonnegative();

/** A person: their session token (no prefix, as the real client sends it) is kept only as a digest. */
export const worldUserSchema = z.object({
  id: snowflake,
  username: z.string().min(1).max(32),
  global_name: z.string().min(1).max(32).nullable().optional(),
  locale: locale.optional(),
  token: token.optional(),
  /** Applications this user installed to their account (USER_INSTALL). */
  applications: z.array(snowflake).optional(),
});

/** An application and its bot (the bot user has the application's id). */
export const worldApplicationSchema = z.object({
  id: snowflake,
  name: z.string().min(1).max(100),
  owner_id: snowflake.optional(),
  /** Required for a new application; an existing one keeps its token when absent (exports carry none). */
  bot_token: token
    .refine((value) => !/^(bot|bearer)/i.test(value), 'must not start with "Bot" or "Bearer": discord.js strips that from a token')
    .optional(),
  client_secret: token.optional(),
  flags: z.number().int().nonnegative().optional(),
  interactions_endpoint_url: z.url().nullable().optional(),
  redirect_uris: z.array(z.url()).optional(),
  /**
   * The Portal's "Application URL Override": the page framed as it is, without the proxy. An
   * http(s) URL, or a path of the registry itself (activity-url.ts).
   */
  activity_url: z.string()
    .refine((value) => isRegistryPath(value) || z.url().safeParse(value).success, { message: 'Not a well formed URL.', params: { code: 'URL_TYPE_INVALID_URL' } })
    .nullable().optional(),
  /** The Activity's URL mappings (url-mappings.ts): with a root mapping (`/`), the Activity is framed through the proxy. */
  url_mappings: urlMappingsSchema.optional(),
});

/** A role's fields other than its id (which a management path names). */
export const roleFieldsSchema = z.object({
  name: z.string().min(1).max(100),
  permissions,
  position: position.optional(),
  /** RGB as an integer (0xRRGGBB); 0 is no colour. */
  color: z.number().int().min(0).max(0xffffff).optional(),
  /** Whether the member list shows the role's members apart. */
  hoist: z.boolean().optional(),
});
/** A role of a guild; the one whose id is the guild's is @everyone. */
export const worldRoleSchema = roleFieldsSchema.extend({ id: snowflake });

/** A guild channel's fields other than its id. */
export const guildChannelFieldsSchema = z.object({
  name: z.string().min(1).max(100),
  type: z.number().int().refine((type) => (GUILD_CHANNEL_TYPES as readonly number[]).includes(type), {
    message: `must be a guild channel type (${GUILD_CHANNEL_TYPES.join(', ')})`,
    params: { code: 'BASE_TYPE_CHOICES' },
  }),
  parent_id: snowflake.nullable().optional(),
  nsfw: z.boolean().optional(),
  position: position.optional(),
});
/** A channel of a guild; threads name their parent. */
export const worldChannelSchema = guildChannelFieldsSchema.extend({ id: snowflake });

/** A member's fields other than the guild and the user. */
export const memberFieldsSchema = z.object({
  roles: z.array(snowflake),
  nick: z.string().max(32).nullable().optional(),
  joined_at: timestamp.optional(),
});
/** A guild member; `joined_at` defaults to when the member first appeared. */
export const worldMemberSchema = memberFieldsSchema.extend({ user_id: snowflake });

/** A guild with everything in it: the file is the guild's truth when loaded. */
export const worldGuildSchema = z.object({
  id: snowflake,
  name: z.string().min(1).max(100),
  owner_id: snowflake,
  locale: locale.optional(),
  roles: z.array(worldRoleSchema),
  channels: z.array(worldChannelSchema),
  members: z.array(worldMemberSchema),
  applications: z.array(snowflake),
});

/** A DM (type 1, exactly two recipients) or group DM (type 3, 1-10 people, may be named). */
export const privateChannelFieldsSchema = z
  .object({
    type: z.literal([1, 3]),
    recipients: z.array(snowflake).min(1).max(GROUP_DM_RECIPIENTS_MAX),
    name: z.string().min(1).max(100).nullable().optional(),
  })
  .superRefine((channel, context) => {
    if (new Set(channel.recipients).size !== channel.recipients.length) {
      context.addIssue({ code: 'custom', path: ['recipients'], message: 'must not name a user twice' });
    }
    if (channel.type === 1 && channel.recipients.length !== 2) {
      context.addIssue({ code: 'custom', path: ['recipients'], message: 'a DM has exactly two recipients' });
    }
    if (channel.type === 1 && channel.name != null) {
      context.addIssue({ code: 'custom', path: ['name'], message: 'a DM has no name' });
    }
  });
/** A DM or group DM in a world file, with its id. */
export const worldPrivateChannelSchema = z.intersection(z.object({ id: snowflake }), privateChannelFieldsSchema);

const jsonObject = z.record(z.string(), z.unknown());

/** A message of any channel; the parts an app sends (embeds, components, interaction metadata) are kept as given. */
export const worldMessageSchema = z.object({
  id: snowflake,
  channel_id: snowflake,
  author_id: snowflake,
  content: z.string().max(MESSAGE_CONTENT_MAX),
  /** Defaults to the time the id carries, as the service's own ids do. */
  timestamp: timestamp.optional(),
  edited_timestamp: timestamp.nullable().optional(),
  type: z.number().int().nonnegative().optional(),
  flags: z.number().int().nonnegative().optional(),
  embeds: z.array(jsonObject).optional(),
  components: z.array(jsonObject).optional(),
  attachments: z.array(jsonObject).optional(),
  application_id: snowflake.nullable().optional(),
  webhook_id: snowflake.nullable().optional(),
  // Kept as given: a world file may hold what the service would have written.
  interaction_metadata: z.custom<APIMessageInteractionMetadata>((value) => jsonObject.safeParse(value).success).nullable().optional(),
});
