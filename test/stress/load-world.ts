/**
 * The world the load runs use: one guild with a text channel, `people` users who invoke,
 * `bots` applications (gateway bots, one guild command each, installed in the guild), and
 * one more application whose global commands the command-route load reads and writes.
 * Written to a temporary file for the CLI's `--world`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSnowflakeGenerator } from '../../src/registry/domain/snowflake.js';
import type { z } from 'zod';
import type { worldFileSchema } from '../../src/shared/world-file.js';

/** An application as the load drives it. */
export interface LoadApp {
  id: string;
  token: string;
}

export interface LoadWorld {
  /** The world file's path. */
  file: string;
  guild: string;
  channel: string;
  people: Array<{ id: string; token: string }>;
  bots: LoadApp[];
  /** The application whose global commands the command-route load uses. */
  commandApp: LoadApp;
}

// VIEW_CHANNEL | SEND_MESSAGES | USE_APPLICATION_COMMANDS for @everyone.
const EVERYONE = String((1n << 10n) | (1n << 11n) | (1n << 31n));

/** Writes the world into `directory` and answers its ids and tokens. */
export async function writeLoadWorld(directory: string, counts: { people: number; bots: number }): Promise<LoadWorld> {
  const nextId = createSnowflakeGenerator(Date.now);
  const guild = nextId();
  const channel = nextId();
  const people = Array.from({ length: counts.people }, (_, index) => ({ id: nextId(), token: `load-person-${index}` }));
  const bots = Array.from({ length: counts.bots }, (_, index) => ({ id: nextId(), token: `load-bot-${index}` }));
  const commandApp = { id: nextId(), token: 'load-command-app' };
  const world: z.input<typeof worldFileSchema> = {
    users: people.map((person, index) => ({ id: person.id, username: `person${index}`, token: person.token })),
    applications: [...bots, commandApp].map((app, index) => ({ id: app.id, name: `Load App ${index}`, bot_token: app.token })),
    guilds: [{
      id: guild, name: 'Load', owner_id: people[0]!.id,
      roles: [{ id: guild, name: '@everyone', permissions: EVERYONE }],
      channels: [{ id: channel, name: 'load', type: 0 }],
      members: people.map((person) => ({ user_id: person.id, roles: [] })),
      applications: [...bots, commandApp].map((app) => app.id),
    }],
  };
  const file = join(directory, 'load-world.json');
  await writeFile(file, JSON.stringify(world));
  return { file, guild, channel, people, bots, commandApp };
}
