/**
 * Path and query values checked the way the service checks body fields: a bad snowflake in
 * the path is a 50035 naming the parameter, not a 404.
 */
import type { FastifyRequest } from 'fastify';
import { checkSnowflake } from '../../shared/command-rules/index.js';
import { ErrorCollector } from '../../shared/command-rules/error-tree.js';
import { invalidFormBody } from '../http/service-error.js';

/** The named path parameters as snowflakes, or one 50035 listing every bad one. */
export function snowflakeParams<K extends string>(request: FastifyRequest, names: Record<K, string>): Record<K, string> {
  const params = request.params as Record<string, string>;
  const errors = new ErrorCollector();
  const values = {} as Record<K, string>;
  for (const [key, field] of Object.entries(names) as Array<[K, string]>) {
    const value = checkSnowflake(errors, [field], params[key]);
    if (value !== undefined) values[key] = value;
  }
  if (errors.failed) throw invalidFormBody(errors.tree);
  return values;
}

/** A body or query value that must be a snowflake: the value, or a 50035 naming `path`. */
export function snowflakeField(path: ReadonlyArray<string | number>, value: unknown): string {
  const errors = new ErrorCollector();
  const checked = checkSnowflake(errors, path, value);
  if (checked === undefined) throw invalidFormBody(errors.tree);
  return checked;
}

/** A boolean query flag as the service reads it ("true"/"false", any case; absent = false). */
export function booleanQuery(request: FastifyRequest, name: string): boolean {
  const raw = (request.query as Record<string, unknown>)[name];
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (value === undefined) return false;
  const text = String(value).toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  const errors = new ErrorCollector();
  errors.add([name], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  throw invalidFormBody(errors.tree);
}
