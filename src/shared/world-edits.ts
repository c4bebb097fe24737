/**
 * Bodies of the management API (`/_slashbench/*`), cut from the world file's entity
 * schemas so that an edit and a world file are refused with the same messages. The
 * entity's id (and its guild, for roles and members) comes from the path.
 */
import type { z } from 'zod';
import {
  guildChannelFieldsSchema, memberFieldsSchema, privateChannelFieldsSchema, roleFieldsSchema, snowflake, worldApplicationSchema,
  worldUserSchema,
} from './world-entities.js';

/** `POST /_slashbench/users`: a new person; the id and the session token are made when absent. */
export const userCreateBody = worldUserSchema.omit({ applications: true }).extend({ id: snowflake.optional() });

/** `PATCH /_slashbench/users/{id}`: any of the fields; `locale: null` goes back to the client's default. */
export const userEditBody = worldUserSchema
  .omit({ id: true, applications: true, locale: true })
  .partial()
  .extend({ locale: worldUserSchema.shape.locale.unwrap().nullable().optional() });

/**
 * `PATCH /_slashbench/applications/{id}`: any of the fields an app's settings page edits
 * (`url_mappings` whole: `[]` clears them). Its tokens, secret and keys are reset by their
 * own routes, never set here.
 */
export const applicationEditBody = worldApplicationSchema
  .pick({ name: true, flags: true, interactions_endpoint_url: true, redirect_uris: true, activity_url: true, url_mappings: true })
  .partial();

/** `PUT /_slashbench/guilds/{guild}/roles/{role}`. */
export const roleBody = roleFieldsSchema;

/** `PUT /_slashbench/guilds/{guild}/members/{user}`. */
export const memberBody = memberFieldsSchema;

/** `PUT /_slashbench/channels/{id}` for a guild channel (any type but 1 and 3). */
export const guildChannelBody = guildChannelFieldsSchema.extend({ guild_id: snowflake });

/** `PUT /_slashbench/channels/{id}` for a DM (type 1) or group DM (type 3). */
export const privateChannelBody = privateChannelFieldsSchema;

/** Which channel body a request means: DMs and group DMs by their type, everything else a guild channel. */
export function isPrivateChannelBody(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const type = (body as { type?: unknown }).type;
  return type === 1 || type === 3;
}

export type UserCreateBody = z.infer<typeof userCreateBody>;
export type UserEditBody = z.infer<typeof userEditBody>;
export type ApplicationEditBody = z.infer<typeof applicationEditBody>;
