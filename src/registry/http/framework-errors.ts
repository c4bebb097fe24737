/**
 * Requests Fastify refuses before any route sees them, answered in the service's format
 * instead of Fastify's own (`{error, code: "FST_ERR_...", message}`, which also echoes the
 * path, where interaction and webhook tokens travel). Path values up to `MAX_PATH_VALUE`
 * reach their route, so an overlong id is the route's 50035 like any other non-snowflake;
 * a longer one, or a path that is not valid percent-encoding, names no route: 404.
 */
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ServiceError, storageRefusal } from './service-error.js';

/** The longest path value a route reads (Fastify's default stops at 100, shorter than some tokens). */
export const MAX_PATH_VALUE = 2048;

/** Fastify's `frameworkErrors`: the service's 404 for a URL the router cannot read. */
export function answerFrameworkError(_error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const refusal = new ServiceError('notFound');
  void reply.code(refusal.status).send(refusal.body());
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

/** The service's answer to whatever a route threw: its own refusal, a refused write, Fastify's, or a 500. */
export function serviceErrorOf(error: unknown): ServiceError {
  return error instanceof ServiceError ? error : (storageRefusal(error) ?? fromFastify(error as FastifyError));
}

/**
 * The service's answer to `error`, as the app's error handler gives it: a 500 is a fault of
 * the registry's own, logged with its cause; the faults a registry expects (507 disk full,
 * 503 database unavailable) are answered with a body that says so, no stack.
 */
export function answeredError(error: unknown, log: Pick<FastifyBaseLogger, 'error'>): ServiceError {
  const known = serviceErrorOf(error);
  if (known.status === 500) log.error({ err: error }, 'request failed');
  return known;
}
