/**
 * Requests Fastify refuses before any route sees them, answered in the service's format
 * instead of Fastify's own (`{error, code: "FST_ERR_...", message}`, which also echoes the
 * path, where interaction and webhook tokens travel). Path values up to `MAX_PATH_VALUE`
 * reach their route, so an overlong id is the route's 50035 like any other non-snowflake;
 * a longer one, or a path that is not valid percent-encoding, names no route: 404.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError } from './service-error.js';

/** The longest path value a route reads (Fastify's default stops at 100, shorter than some tokens). */
export const MAX_PATH_VALUE = 2048;

/** Fastify's `frameworkErrors`: the service's 404 for a URL the router cannot read. */
export function answerFrameworkError(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const refusal = new ServiceError('notFound');
  void reply.code(refusal.status).send(refusal.body());
}
