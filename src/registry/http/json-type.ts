/**
 * The service answers JSON with exactly `Content-Type: application/json`, no parameters.
 * Fastify appends `; charset=utf-8` to every JSON media type it serializes or is given
 * (reply.js), and bot libraries compare the header exactly: discord.py, oceanic.js, eris and
 * slash-create read an answer with a parameter as text and fail (api-facts.md, Error body).
 * One hook at the end of every reply, errors and 404s included, restores the service's value.
 */
import type { FastifyInstance } from 'fastify';

export const JSON_TYPE = 'application/json';

/** What Fastify writes for JSON; anything else (a file's own type, HTML) is left alone. */
function isParameterizedJson(value: unknown): boolean {
  return typeof value === 'string' && value.startsWith(`${JSON_TYPE};`);
}

export function registerJsonType(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isParameterizedJson(reply.getHeader('content-type'))) reply.header('content-type', JSON_TYPE);
    done(null, payload);
  });
}
