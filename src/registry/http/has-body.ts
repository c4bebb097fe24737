/**
 * Whether a request announces a body, from its headers alone: what decides if a request may
 * be answered without reading one (a 405, the client's files before the app is built).
 */
import type { IncomingHttpHeaders } from 'node:http';

/** A length above zero, or chunks. */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
