/**
 * The world file: users, applications, guilds, private channels and messages in one JSON
 * document, loaded with `--world FILE`, exported and imported by the management API, and
 * shared between QA setups. One schema for the registry's loader and the client's
 * importer, so both refuse the same files with the same messages.
 */
import { z } from 'zod';
import {
  worldApplicationSchema, worldGuildSchema, worldMessageSchema, worldPrivateChannelSchema, worldUserSchema,
} from './world-entities.js';
import { formatWorldPath, WORLD_PARSE, worldIssues } from './world-issues.js';

export {
  worldApplicationSchema, worldChannelSchema, worldGuildSchema, worldMemberSchema, worldMessageSchema,
  worldPrivateChannelSchema, worldRoleSchema, worldUserSchema,
} from './world-entities.js';

/** The whole document; every top-level list may be left out. */
export const worldFileSchema = z.object({
  users: z.array(worldUserSchema).default([]),
  applications: z.array(worldApplicationSchema).default([]),
  guilds: z.array(worldGuildSchema).default([]),
  /** DMs and group DMs (guild channels sit inside their guild). */
  channels: z.array(worldPrivateChannelSchema).optional(),
  messages: z.array(worldMessageSchema).optional(),
});

/** A parsed world file, as the loader takes it and the exporter makes it. */
export type WorldFile = z.infer<typeof worldFileSchema>;

/** Parses a world document, or explains the first problems with the field paths that hold them. */
export function parseWorldFile(input: unknown): { ok: true; world: WorldFile } | { ok: false; message: string } {
  const result = worldFileSchema.safeParse(input, WORLD_PARSE);
  if (result.success) return { ok: true, world: result.data };
  const problems = worldIssues(result.error).slice(0, 5).map((issue) => `${formatWorldPath(issue.path)}: ${issue.message}`);
  return { ok: false, message: problems.join('; ') };
}
