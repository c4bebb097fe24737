/**
 * `GET /_slashbench/world` exports the whole world (no tokens or secrets);
 * `PUT /_slashbench/world` imports a world file: checked whole, then written in one
 * transaction, or refused with a 50035 naming the bad field and nothing written.
 */
import type { FastifyInstance } from 'fastify';
import { worldFileSchema } from '../../shared/world-file.js';
import type { RegistryContext } from '../app.js';
import { resource } from '../http/resource.js';
import { parseWorldBody, worldProblemError } from '../http/world-body.js';
import { exportWorld } from '../world/export-world.js';
import { loadWorld, WorldError } from '../world/load-world.js';
import { announceChange, MANAGEMENT_BASE, worldEditor } from './management-access.js';

/** A world file may be large: a whole QA setup with its messages. */
export const WORLD_BODY_LIMIT = 32 * 1024 * 1024;

/** Registers the world export and import. */
export function registerWorldManagementRoutes(app: FastifyInstance, context: RegistryContext): void {
  resource(app, `${MANAGEMENT_BASE}/world`, {
    GET: (request) => {
      worldEditor(context, request);
      return exportWorld(context.store);
    },
    PUT: {
      bodyLimit: WORLD_BODY_LIMIT,
      handler: (request) => {
        worldEditor(context, request);
        const world = parseWorldBody(worldFileSchema, request.body);
        try {
          loadWorld(context.store, world, { now: context.now, nextId: context.nextId });
        } catch (error) {
          if (error instanceof WorldError) throw worldProblemError(error.problem);
          throw error;
        }
        announceChange(context, 'world', '');
        return exportWorld(context.store);
      },
    },
  });
}
