/**
 * What arrives on the wire, read into data: the connect URL's query (version, encoding,
 * compression) and each client frame. Nothing here throws; a bad value comes back as the
 * close code the connection must end with.
 */
import type { RawData } from 'ws';
import { SERVED_VERSIONS } from '../http/api-version.js';
import { CloseCode, MAX_CLIENT_PAYLOAD } from './protocol.js';

/** Transport compression a connection asked for in its query. */
export type Compression = 'zlib-stream' | 'zstd-stream' | null;

const isCompression = (value: string | null): value is Compression => value === null || value === 'zlib-stream' || value === 'zstd-stream';

export type ConnectQuery = { ok: true; compression: Compression } | { ok: false; code: CloseCode; reason: string };

/** A client payload: an opcode and its data. */
export interface ClientPayload {
  op: number;
  d: unknown;
}

export type Frame = { ok: true; payload: ClientPayload } | { ok: false; code: CloseCode; reason: string };

/**
 * Reads `?v=10&encoding=json[&compress=zlib-stream|zstd-stream]`. A missing `v` or `encoding` reads as
 * 10 and json (lenient, so a hand-written client works); any version the service still
 * serves (6-10, `http/api-version.ts`) is answered as 10, another is 4012; an encoding or
 * compression the registry cannot speak (etf, or no such compression) is 4002.
 */
export function parseConnectQuery(url: string | undefined): ConnectQuery {
  const query = new URL(url ?? '/', 'http://gateway.invalid').searchParams;
  const version = query.get('v');
  if (version !== null && !(/^\d+$/.test(version) && SERVED_VERSIONS.has(Number(version)))) return { ok: false, code: CloseCode.InvalidAPIVersion, reason: 'Invalid API version.' };
  const encoding = query.get('encoding');
  if (encoding !== null && encoding !== 'json') return { ok: false, code: CloseCode.DecodeError, reason: 'Unsupported encoding.' };
  const compress = query.get('compress');
  if (!isCompression(compress)) return { ok: false, code: CloseCode.DecodeError, reason: 'Unsupported compression.' };
  return { ok: true, compression: compress };
}

/** Decodes one client frame: JSON text (or UTF-8 bytes) of `{op, d}`, at most 4096 bytes. */
export function decodeFrame(data: RawData): Frame {
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
  if (bytes.length > MAX_CLIENT_PAYLOAD) return { ok: false, code: CloseCode.DecodeError, reason: 'Payload too large.' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { ok: false, code: CloseCode.DecodeError, reason: 'Error while decoding payload.' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, code: CloseCode.DecodeError, reason: 'Error while decoding payload.' };
  }
  const { op, d } = parsed as { op?: unknown; d?: unknown };
  if (typeof op !== 'number' || !Number.isInteger(op)) return { ok: false, code: CloseCode.DecodeError, reason: 'Error while decoding payload.' };
  return { ok: true, payload: { op, d } };
}
