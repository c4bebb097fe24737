/**
 * The world file: users, applications and guilds in one JSON document, loaded with
 * `--world FILE` and shared between QA setups. One schema for the registry's loader
 * and the client's importer, so both refuse the same files with the same messages.
 */
import { z } from 'zod';
import { isLocale } from './locales.js';

const snowflake = z.string().regex(/^\d{1,20}$/, 'must be a snowflake (a string of decimal digits)');
const locale = z.string().refine(isLocale, 'must be a known locale such as "en-US"');
const permissions = z.string().regex(/^\d{1,20}$/, 'must be a permission bit set as a decimal string');

export const worldUserSchema = z.object({
  id: snowflake,
  username: z.string().min(1).max(32),
  global_name: z.string().min(1).max(32).nullable().optional(),
  locale: locale.optional(),
  token: z.string().min(8, 'must be at least 8 characters').optional(),
});

export const worldApplicationSchema = z.object({
  id: snowflake,
  name: z.string().min(1).max(100),
  owner_id: snowflake.optional(),
  bot_token: z.string().min(8, 'must be at least 8 characters'),
  client_secret: z.string().min(8, 'must be at least 8 characters').optional(),
  flags: z.number().int().nonnegative().optional(),
  interactions_endpoint_url: z.url().nullable().optional(),
  redirect_uris: z.array(z.url()).optional(),
  activity_url: z.url().nullable().optional(),
});

export const worldGuildSchema = z.object({
  id: snowflake,
  name: z.string().min(1).max(100),
  owner_id: snowflake,
  locale: locale.optional(),
  roles: z.array(z.object({ id: snowflake, name: z.string().min(1).max(100), permissions })),
  channels: z.array(
    z.object({
      id: snowflake,
      name: z.string().min(1).max(100),
      type: z.number().int().nonnegative(),
      parent_id: snowflake.nullable().optional(),
      nsfw: z.boolean().optional(),
    }),
  ),
  members: z.array(z.object({ user_id: snowflake, roles: z.array(snowflake), nick: z.string().max(32).nullable().optional() })),
  applications: z.array(snowflake),
});

export const worldFileSchema = z.object({
  users: z.array(worldUserSchema).default([]),
  applications: z.array(worldApplicationSchema).default([]),
  guilds: z.array(worldGuildSchema).default([]),
});

export type WorldFile = z.infer<typeof worldFileSchema>;

/** Parses a world document, or explains the first problems with the field paths that hold them. */
export function parseWorldFile(input: unknown): { ok: true; world: WorldFile } | { ok: false; message: string } {
  const result = worldFileSchema.safeParse(input);
  if (result.success) return { ok: true, world: result.data };
  const problems = result.error.issues.slice(0, 5).map((issue) => `${formatPath(issue.path)}: ${issue.message}`);
  return { ok: false, message: problems.join('; ') };
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  return text || '(root)';
}
