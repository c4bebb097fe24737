/**
 * The world a bench starts with: a world file's object or path, or the demo world. Every
 * person gets a session token and every app a bot token where the file gives none, so a
 * test can act as anyone and start any app's bot; the tokens live only in the bench.
 */
import { generateToken } from '../registry/store/secrets.js';
import { readWorldFile } from '../registry/start.js';
import { demoWorld } from '../registry/world/demo-world.js';
import { parseWorldFile, type WorldFile } from '../shared/world-file.js';

/** A world file as an object (parsed or not), or the path of one. */
export type WorldInput = WorldFile | Record<string, unknown> | string;

/** The world, checked, with tokens where it had none. */
export function benchWorld(input: WorldInput | undefined, nextId: () => string): WorldFile {
  let world: WorldFile;
  if (input === undefined) world = demoWorld(nextId);
  else if (typeof input === 'string') world = readWorldFile(input);
  else {
    const parsed = parseWorldFile(input);
    if (!parsed.ok) throw new Error(`startBench: the world does not fit the world file schema: ${parsed.message}`);
    world = parsed.world;
  }
  return {
    ...world,
    users: world.users.map((user) => ({ ...user, token: user.token ?? generateToken(user.id) })),
    applications: world.applications.map((app) => ({ ...app, bot_token: app.bot_token ?? generateToken(app.id) })),
  };
}
