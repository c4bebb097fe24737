/**
 * Builds the registry's HTTP server without listening, with its dependencies injected
 * (store, clock, id generator), so tests drive it through `inject` and the CLI, the
 * desktop app and the benchmarks listen on whatever address they choose.
 */
import type { Server } from 'node:http';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyServerFactory, type RouteOptions } from 'fastify';
import { createActivityProxy } from './activity-proxy/activity-proxy.js';
import { DELIVERY_TIMEOUT_MS } from './delivery/deliver-over-http.js';
import { EndpointVerifications } from './delivery/endpoint-verifications.js';
import { createSnowflakeGenerator } from './domain/snowflake.js';
import type { AdjustableClock } from './driver/adjustable-clock.js';
import { machineTimers, type Timers } from './timers.js';
import { EventBus } from './events.js';
import { createGateway } from './gateway/gateway.js';
import type { GatewayHub } from './gateway/hub.js';
import { SessionStarts } from './gateway/session-starts.js';
import { relayBus, waitsForFeed, type ChangeFeed } from './feed/change-feed.js';
import { sessionRegistry } from './feed/gateway-sessions.js';
import type { Heartbeat } from './feed/process-heartbeat.js';
import { startFeed } from './feed/start-feed.js';
import { ActivityLauncher } from './interactions/activities.js';
import { DeadlineTimers } from './interactions/deadline-timers.js';
import { InlineAnswers } from './interactions/inline-answers.js';
import { InteractionLedger } from './interactions/ledger.js';
import { DEFAULT_BODY_LIMIT, registerJsonBody } from './http/json-body.js';
import { registerMultipartBodies } from './http/multipart-body.js';
import { logSettings, type LogSettings } from './http/log-redaction.js';
import { isDiscontinued, routedUrl } from './http/api-version.js';
import { plainPathEscapes } from './http/path-escapes.js';
import { answeredError, answerFrameworkError, MAX_PATH_VALUE } from './http/framework-errors.js';
import { endConnectionsOnClose } from './http/closing-connections.js';
import { KEEP_ALIVE_TIMEOUT_MS } from './http/held-server.js';
import { answerWrongMethods } from './http/resource.js';
import { RateLimiter, type RouteLimit } from './http/rate-limits.js';
import { ServiceError } from './http/service-error.js';
import { registerCors } from './http/cors.js';
import { registerJsonType } from './http/json-type.js';
import { RedirectInbox } from './host/redirect-inbox.js';
import { memorySettings, type SettingsKeeper } from './host/settings-file.js';
import { registerActivityInstanceRoutes } from './routes/activity-instances.js';
import { registerApplicationRoutes } from './routes/applications.js';
import { registerAttachmentRoutes } from './routes/attachments.js';
import { defaultClientDirectory, pageSettingsOf, registerClientFileRoutes } from './routes/client-files.js';
import { registerCommandRoutes } from './routes/commands.js';
import { registerCommandIndexRoutes } from './routes/command-index.js';
import { registerDriverRoutes } from './routes/management-driver.js';
import { registerGatewayRoutes } from './routes/gateway.js';
import { registerAuthorizeCallbackRoutes } from './routes/authorize-callback.js';
import { registerHostAuthorizationRoutes } from './routes/host-authorization.js';
import { registerHostSessionRoutes } from './routes/host-session.js';
import { registerOAuthManagementRoutes } from './routes/management-oauth.js';
import { registerHostSettingsRoutes } from './routes/host-settings.js';
import { INVOCATIONS, registerInteractionRoutes } from './routes/interactions.js';
import { registerInteractionWebhookRoutes } from './routes/interaction-webhooks.js';
import { registerOAuthRoutes } from './routes/oauth.js';
import { registerPermissionRoutes } from './routes/command-permissions.js';
import { registerWorldRoutes } from './routes/world-routes.js';
import type { RegistryContext } from './registry-context.js';
import type { Store } from './store/store.js';

export interface RegistryOptions {
  store: Store;
  now?: () => number;
  /** A clock tests move forward (`POST /_slashbench/driver/clock`); its `now` is then the registry's, and its timers the deadlines'. */
  clock?: AdjustableClock;
  /** This process's heartbeat on a SQLite file, begun with its store (start.ts); the change feed carries it on. */
  heartbeat?: Heartbeat;
  nextId?: () => string;
  /** Per-route limits on command routes; the service's global bot limit by default. */
  routeLimit?: RouteLimit;
  bus?: EventBus;
  /** Off by default; `true` or settings (a stream, a level) log with credentials redacted. */
  logger?: boolean | LogSettings;
  /** Hears every route as it is registered: tests derive the route table from the running app. */
  onRoute?: (route: RouteOptions) => void;
  /** The HTTP client for interactions endpoints (verification and delivery); global fetch by default. */
  fetch?: typeof fetch;
  /** The endpoint's deadline; the service's 3 s by default. */
  deliveryTimeoutMs?: number;
  /** The inline answers being applied (tests hold one to see who waits for it). */
  inlineAnswers?: InlineAnswers;
  /** A gateway to use instead of the one built here (tests inject a fake, or a real one they drive). */
  gateway?: GatewayHub;
  /** The day's IDENTIFY budget `GET /gateway/bot` reports; give the same one to a gateway passed in. */
  sessionStarts?: SessionStarts;
  /** HELLO's heartbeat interval in ms (41250 by default); tests use a short one. */
  heartbeatInterval?: number;
  /** How long a dropped gateway session stays resumable, in ms (2 minutes by default). */
  resumeWindow?: number;
  /** The built client served at `/` (browser mode); `out/renderer` by default, null to serve none. */
  clientDirectory?: string | null;
  /** Where the client's settings are kept (`settings.json` in the data directory); in memory by default. */
  settings?: SettingsKeeper;
  /** Where the Authorize flow's redirects land (the desktop app shares it with its deep links); a fresh one by default. */
  redirects?: RedirectInbox;
  /** The HTTP server, already listening (start.ts): the app adds its listeners to it. Fastify makes its own by default. */
  server?: Server;
  /** How long an Activity's mapped target has to begin answering its proxied request (30 s by default). */
  activityProxyTimeoutMs?: number;
  /** The address the Activity proxy's listeners bind: the registry's own host (127.0.0.1 by default). */
  host?: string;
}

export const DEFAULT_ROUTE_LIMIT: RouteLimit = { limit: 50, windowMs: 1000 };

/**
 * Several processes on one store are one registry (feed/change-feed.ts): the feed starts
 * when the app is ready, carries the bus's events both ways, and with PostgreSQL every
 * request first waits until this process knows every change committed before it came.
 */
function connectFeed(app: FastifyInstance, context: RegistryContext, holder: { feed: ChangeFeed | null }, heartbeat: Heartbeat | undefined): void {
  let relay: ReturnType<typeof relayBus> | undefined;
  app.addHook('onReady', async () => {
    // On stderr, as the heartbeat's: the registry's logger says only errors, and a feed that
    // cannot read or write leaves the processes deaf to each other.
    const feed = await startFeed(context.store, (event) => relay?.deliver(event), (problem) => console.error(`slashbench: ${problem}`), heartbeat);
    if (feed === null) return;
    relay = relayBus(context.bus, feed, context.store);
    holder.feed = feed;
    context.feed = feed;
  });
  if (waitsForFeed(context.store)) {
    app.addHook('onRequest', async () => {
      await context.feed?.caughtUp();
    });
  }
  app.addHook('onClose', async () => {
    relay?.stop();
    await context.feed?.close();
  });
}

export function buildApp(options: RegistryOptions): FastifyInstance {
  const now = options.clock?.now ?? options.now ?? Date.now;
  // Deadlines (an interaction's, its delivery's, a heartbeat's) fall due on the test clock when there is one.
  const timers: Timers = options.clock ?? machineTimers;
  const nextId = options.nextId ?? createSnowflakeGenerator(now);
  const deadlineMs = options.deliveryTimeoutMs ?? DELIVERY_TIMEOUT_MS;
  const bus = options.bus ?? new EventBus();
  const sessionStarts = options.sessionStarts ?? new SessionStarts(now);
  // The feed starts with the app (onReady below); sessions are recorded for it once it has.
  const feedHolder: { feed: ChangeFeed | null } = { feed: null };
  const gateway = options.gateway ?? createGateway({
    store: options.store, bus, now, timers, sessionStarts,
    sessionObserver: sessionRegistry(options.store, () => feedHolder.feed, (error) => console.error(`slashbench: a gateway session could not be recorded: ${(error as Error).message}`)),
    ...(options.heartbeatInterval === undefined ? {} : { heartbeatInterval: options.heartbeatInterval }),
    ...(options.resumeWindow === undefined ? {} : { resumeWindow: options.resumeWindow }),
  });
  const context: RegistryContext = {
    store: options.store,
    bus,
    now,
    nextId,
    limiter: new RateLimiter(options.routeLimit ?? DEFAULT_ROUTE_LIMIT, now),
    verifications: new EndpointVerifications({
      ...(options.fetch ? { fetch: options.fetch } : {}),
      timeoutMs: deadlineMs,
      timers,
      now,
      nextId,
    }),
    ledger: new InteractionLedger(options.store.interactions, now),
    activities: new ActivityLauncher(options.store, nextId, now),
    activityProxy: createActivityProxy({
      store: options.store, bus, ...(options.host === undefined ? {} : { host: options.host }),
      ...(options.activityProxyTimeoutMs === undefined ? {} : { timeoutMs: options.activityProxyTimeoutMs }),
    }),
    deadlineMs,
    deadlines: new DeadlineTimers(timers),
    inlineAnswers: options.inlineAnswers ?? new InlineAnswers(),
    gateway,
    settings: options.settings ?? memorySettings(),
    redirects: options.redirects ?? new RedirectInbox(now),
    ...(options.clock ? { clock: options.clock } : {}),
  };
  const app = Fastify({
    logger: logSettings(options.logger ?? false),
    bodyLimit: DEFAULT_BODY_LIMIT,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    ...(options.server ? { serverFactory: serveOn(options.server) } : {}),
    routerOptions: { maxParamLength: MAX_PATH_VALUE },
    frameworkErrors: answerFrameworkError,
    // Every API version the service still serves (and no version) is answered as v10, and
    // `%40me` names the same route as `@me`.
    rewriteUrl: (request) => routedUrl(plainPathEscapes(request.url ?? '/')),
    // Tokens travel in headers; never echo request details into logs.
    logController: new LogController({ disableRequestLogging: true }),
    // No route declares a Fastify schema (bodies are checked by the service's own rules, which
    // answer with its error bodies); without these Fastify loads Ajv and fast-json-stringify at
    // every start, a twentieth of it.
    schemaController: { compilersFactory: { buildValidator: noSchemas, buildSerializer: noSchemas } },
  });
  // A close's first step, before the gateway closes and the driver's waits end: every answer
  // made from then on is its connection's last (set below, once the server's listeners are in place).
  let endConnections: () => void = () => undefined;
  app.addHook('preClose', async () => endConnections());
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  connectFeed(app, context, feedHolder, options.heartbeat);
  // An app's inline answer being applied comes before every request but an invocation
  // (inline-answers.ts; most come ahead of Fastify, lean-route.ts): the app's next
  // request must find it.
  app.addHook('onRequest', (request, _reply, done) => {
    const settled = request.method === 'POST' && request.routeOptions.url === INVOCATIONS ? undefined : context.inlineAnswers.settled();
    if (settled === undefined) done();
    else void settled.then(() => done());
  });
  registerJsonBody(app);
  registerMultipartBodies(app);
  registerCors(app);
  registerJsonType(app);
  gateway.attach(app.server);
  // Before the HTTP server closes: it would wait for the upgraded gateway sockets.
  app.addHook('preClose', () => gateway.close());
  app.addHook('preClose', () => context.activityProxy.close());
  // Before the store closes (after the app, in start.ts and startBench): a deadline then could only fail.
  app.addHook('onClose', () => context.deadlines.close());
  app.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
    const known = answeredError(error, request.log);
    return reply.code(known.status).headers(known.headers).send(known.body());
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new ServiceError(isDiscontinued(request.url) ? 'badRequest' : 'notFound');
    return reply.code(error.status).send(error.body());
  });
  registerCommandRoutes(app, context);
  registerPermissionRoutes(app, context);
  registerCommandIndexRoutes(app, context);
  registerInteractionRoutes(app, context);
  registerActivityInstanceRoutes(app, context);
  registerAttachmentRoutes(app, context);
  registerInteractionWebhookRoutes(app, context);
  registerApplicationRoutes(app, context);
  registerOAuthRoutes(app, context);
  registerWorldRoutes(app, context);
  registerHostSessionRoutes(app, context);
  registerHostSettingsRoutes(app, context);
  registerHostAuthorizationRoutes(app, context);
  registerAuthorizeCallbackRoutes(app, context);
  registerOAuthManagementRoutes(app, context);
  registerDriverRoutes(app, context);
  const clientDirectory = options.clientDirectory === undefined ? defaultClientDirectory() : options.clientDirectory;
  if (clientDirectory !== null) registerClientFileRoutes(app, clientDirectory, () => pageSettingsOf(context.settings));
  registerGatewayRoutes(app, context, sessionStarts);
  // Last, once every path is known; after CORS, so a page on another origin reads a 405 as any answer.
  answerWrongMethods(app, MAX_PATH_VALUE);
  // After the lean route has taken the server's request listeners.
  endConnections = endConnectionsOnClose(app.server);
  return app;
}

/** Fastify's handler on a server made outside it (as Fastify adds it to its own). */
function serveOn(server: Server): FastifyServerFactory {
  return (handler) => {
    server.on('request', handler);
    return server;
  };
}

function noSchemas(): never {
  throw new Error('Slashbench routes declare no Fastify schema: check a body with the service rules (src/shared) instead');
}
