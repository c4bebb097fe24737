/**
 * Builds the registry's HTTP server without listening, with its dependencies injected
 * (store, clock, id generator), so tests drive it through `inject` and the CLI, the
 * desktop app and the benchmarks listen on whatever address they choose.
 */
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import { createSnowflakeGenerator } from './domain/snowflake.js';
import { EventBus } from './events.js';
import { DEFAULT_BODY_LIMIT, registerJsonBody } from './http/json-body.js';
import { RateLimiter, type RouteLimit } from './http/rate-limits.js';
import { ServiceError } from './http/service-error.js';
import { registerApplicationRoutes } from './routes/applications.js';
import { registerCommandRoutes } from './routes/commands.js';
import { registerCommandIndexRoutes } from './routes/command-index.js';
import { registerPermissionRoutes } from './routes/command-permissions.js';
import { registerWorldRoutes } from './routes/world-routes.js';
import type { Store } from './store/store.js';

export interface RegistryOptions {
  store: Store;
  now?: () => number;
  nextId?: () => string;
  /** Per-route limits on command routes; the service's global bot limit by default. */
  routeLimit?: RouteLimit;
  bus?: EventBus;
  logger?: boolean;
}

/** What every route module gets: the state and the injected dependencies. */
export interface RegistryContext {
  store: Store;
  bus: EventBus;
  now: () => number;
  nextId: () => string;
  limiter: RateLimiter;
}

export const DEFAULT_ROUTE_LIMIT: RouteLimit = { limit: 50, windowMs: 1000 };

export function buildApp(options: RegistryOptions): FastifyInstance {
  const now = options.now ?? Date.now;
  const context: RegistryContext = {
    store: options.store,
    bus: options.bus ?? new EventBus(),
    now,
    nextId: options.nextId ?? createSnowflakeGenerator(now),
    limiter: new RateLimiter(options.routeLimit ?? DEFAULT_ROUTE_LIMIT, now),
  };
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Tokens travel in headers; never echo request details into logs.
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerJsonBody(app);
  app.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
    const known = error instanceof ServiceError ? error : fromFastify(error);
    if (known.status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(known.status).headers(known.headers).send(known.body());
  });
  app.setNotFoundHandler((_request, reply) => {
    const error = new ServiceError('notFound');
    return reply.code(error.status).send(error.body());
  });
  registerCommandRoutes(app, context);
  registerPermissionRoutes(app, context);
  registerCommandIndexRoutes(app, context);
  registerApplicationRoutes(app, context);
  registerWorldRoutes(app, context);
  return app;
}

/** Fastify's own errors (body too large, bad media type) in the service's shape. */
function fromFastify(error: FastifyError): ServiceError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ServiceError('entityTooLarge');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ServiceError('invalidJson');
    default:
      return new ServiceError('internal');
  }
}
