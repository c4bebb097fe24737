/**
 * Registers a path with its handlers per method, and answers the service's 405 for the
 * path's other methods, so a known route with a wrong method is told apart from an unknown one.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { ServiceError } from './service-error.js';

export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

export interface MethodHandler {
  handler: Handler;
  /** Largest accepted body in bytes, refused before parsing past it. */
  bodyLimit?: number;
}

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function resource(app: FastifyInstance, url: string, methods: Partial<Record<HTTPMethods, Handler | MethodHandler>>): void {
  for (const method of METHODS) {
    const entry = methods[method];
    if (entry === undefined) continue;
    const { handler, bodyLimit } = typeof entry === 'function' ? { handler: entry, bodyLimit: undefined } : entry;
    app.route({ method, url, handler, ...(bodyLimit === undefined ? {} : { bodyLimit }) });
  }
  const others = METHODS.filter((method) => methods[method] === undefined && !(method === 'HEAD'));
  if (others.length > 0) {
    app.route({
      method: others,
      url,
      bodyLimit: 1024,
      handler: () => {
        throw new ServiceError('methodNotAllowed');
      },
    });
  }
}
