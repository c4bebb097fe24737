/**
 * Registers a path with its handlers per method, and answers the service's 405 for the
 * path's other methods, so a known route with a wrong method is told apart from an unknown one.
 *
 * The 405s are not routes: registering every path's other methods in Fastify's router (two
 * thirds of its routes) was a large part of the registry's start (docs/benchmarks.md), for
 * requests a working client never sends. A request no route takes is matched, before its
 * body is read, against a router of the paths' other methods, built at the first such
 * request. The few pairs another route would take instead (`PATCH .../commands/permissions`
 * would reach `PATCH .../commands/:commandId`) stay routes, where the router finds them first.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import FindMyWay from 'find-my-way';
import type { Server } from 'node:http';
import { hasBody } from './has-body.js';
import { ServiceError } from './service-error.js';

export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

export interface MethodHandler {
  handler: Handler;
  /** Largest accepted body in bytes, refused before parsing past it. */
  bodyLimit?: number;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = typeof METHODS[number];

/** A path and the methods it lacks, as `resource` registered it. */
interface WrongMethods {
  url: string;
  methods: Method[];
}

/** Per server, so that a plugin's encapsulated scope (which shares its app's server) adds to its app's list. */
const wrongMethodsByServer = new WeakMap<Server, WrongMethods[]>();

function wrongMethodsOf(app: FastifyInstance): WrongMethods[] {
  let list = wrongMethodsByServer.get(app.server);
  if (list === undefined) wrongMethodsByServer.set(app.server, (list = []));
  return list;
}

export function resource(app: FastifyInstance, url: string, methods: Partial<Record<HTTPMethods, Handler | MethodHandler>>): void {
  for (const method of METHODS) {
    const entry = methods[method];
    if (entry === undefined) continue;
    const { handler, bodyLimit } = typeof entry === 'function' ? { handler: entry, bodyLimit: undefined } : entry;
    app.route({ method, url, handler, ...(bodyLimit === undefined ? {} : { bodyLimit }) });
  }
  const others = METHODS.filter((method) => methods[method] === undefined);
  if (others.length > 0) wrongMethodsOf(app).push({ url, methods: others });
}

function methodNotAllowed(): never {
  throw new ServiceError('methodNotAllowed');
}

/**
 * Answers 405 for every path `resource` registered, for the methods it lacks. Called after
 * every route is registered: its check runs once the plugins before it have added theirs.
 * `maxParamLength` as the app's router has it, so both routers read a path alike.
 */
export function answerWrongMethods(app: FastifyInstance, maxParamLength: number): void {
  void app.register(async (scope) => {
    for (const { url, methods } of wrongMethodsOf(app)) {
      // The path with a value in each parameter: a route of the method that takes it would shadow the 405.
      const sample = url.replace(/:\w+/g, '0');
      const shadowed = methods.filter((method) => scope.findRoute({ method, url: sample }) !== null);
      if (shadowed.length > 0) scope.route({ method: shadowed, url, bodyLimit: 1024, handler: methodNotAllowed });
    }
  });
  let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1> | undefined;
  // Every other request passes untouched (a 404 goes on to the not-found handler).
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404 || !METHODS.includes(request.method as Method)) return done();
    if (router === undefined) {
      router = FindMyWay({ maxParamLength });
      for (const { url, methods } of wrongMethodsOf(app)) router.on(methods, url, methodNotAllowed);
    }
    if (router.find(request.method as Method, request.url) === null) return done();
    // The body is never read: the connection ends with the answer, or a client still sending
    // it would hold the connection (and the registry's close) open, waiting for bytes it never reads.
    if (hasBody(request.headers)) reply.header('connection', 'close');
    done(new ServiceError('methodNotAllowed'));
  });
}

/** Each method-and-path pair `answerWrongMethods` answers 405, for tests that visit them all. */
export function wrongMethodRoutes(app: FastifyInstance): Array<{ method: Method; url: string }> {
  return wrongMethodsOf(app).flatMap(({ url, methods }) => methods.map((method) => ({ method, url })));
}
