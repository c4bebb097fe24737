/**
 * Every route of the simulated world in one registration: the API's read endpoints for
 * bots and people, and the management API the client simulator edits the world with.
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { registerChannelRoutes } from './channels.js';
import { registerPollRoutes } from './polls.js';
import { registerGuildRoutes } from './guilds.js';
import { registerApplicationManagementRoutes } from './management-applications.js';
import { registerChannelManagementRoutes } from './management-channels.js';
import { registerCommandManagementRoutes } from './management-commands.js';
import { registerGuildManagementRoutes } from './management-guilds.js';
import { registerUserManagementRoutes } from './management-users.js';
import { registerWorldManagementRoutes } from './management-world.js';
import { registerUserRoutes } from './users.js';
import { registerDirectMessageRoutes } from './direct-messages.js';

/** Registers every world route on `app`; buildApp calls it once. */
export function registerWorldRoutes(app: FastifyInstance, context: RegistryContext): void {
  registerUserRoutes(app, context);
  registerDirectMessageRoutes(app, context);
  registerGuildRoutes(app, context);
  registerChannelRoutes(app, context);
  registerPollRoutes(app, context);
  registerWorldManagementRoutes(app, context);
  registerUserManagementRoutes(app, context);
  registerGuildManagementRoutes(app, context);
  registerChannelManagementRoutes(app, context);
  registerCommandManagementRoutes(app, context);
  registerApplicationManagementRoutes(app, context);
}
