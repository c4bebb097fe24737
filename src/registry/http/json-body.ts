/**
 * Request bodies: JSON only, refused before parsing past the route's size limit, and a
 * body that is not JSON answered with the service's 50109 rather than a generic 400.
 */
import type { FastifyInstance } from 'fastify';
import { ServiceError } from './service-error.js';

/** The default limit for one command or a small object; bulk routes raise it per route. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    // No body at all is no body (clients send the header on body-less DELETEs); blanks are not JSON.
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ServiceError('invalidJson'), undefined);
    }
  });
  // Any other content type is not JSON to the service.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    const bytes = body as Buffer;
    done(bytes.length === 0 ? null : new ServiceError('invalidJson'), undefined);
  });
}
