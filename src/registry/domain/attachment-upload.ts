/**
 * The rules of an upload the simulated client makes before invoking a command with an
 * ATTACHMENT option: a filename the serving URL can carry, an optional media type that is
 * safe to send back as a header, and at most the default per-attachment limit (spec,
 * Limits) once decoded. No I/O: the route reads the request, these rules answer.
 */
import { ErrorCollector } from '../../shared/command-rules/error-tree.js';
import { MESSAGES } from '../../shared/command-rules/messages.js';
import { invalidFormBody, ServiceError } from '../http/service-error.js';
import { ATTACHMENT_SIZE_LIMIT, FILENAME_MAX_LENGTH } from '../../shared/attachment-limits.js';

/** The longest media type accepted (a `Content-Type` header value). */
export const CONTENT_TYPE_MAX_LENGTH = 255;

/**
 * The largest JSON upload body: the size limit in base64 (4 bytes per 3) plus room for the
 * filename, the media type and the JSON around them. Past it Fastify answers 413 unread.
 */
export const UPLOAD_BODY_LIMIT = Math.ceil(ATTACHMENT_SIZE_LIMIT / 3) * 4 + 64 * 1024;

/** A checked upload, ready to store. */
export interface Upload {
  filename: string;
  contentType: string | null;
  bytes: Buffer;
}

/** Codes chosen here in the service's style (no public 50035 body shows upload rules). */
export const UPLOAD_MESSAGES = {
  filenameInvalid: { code: 'ATTACHMENT_FILENAME_INVALID', text: 'Filenames cannot contain path separators or control characters, or be "." or "..".' },
  contentTypeInvalid: { code: 'ATTACHMENT_CONTENT_TYPE_INVALID', text: 'Must be a media type such as "image/png".' },
  dataInvalid: { code: 'ATTACHMENT_DATA_INVALID', text: 'Must be the file\'s bytes in base64.' },
} as const;

/** `type/subtype`, optionally with `; name=value` parameters: safe to send back as a header. */
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;\s*[\w!#$&^.+-]+=[\w!#$&^.+-]+)*$/;

/**
 * The bytes of canonical base64 (padding optional, no line breaks), or undefined. Node's
 * decoder skips what it does not know, so the bytes are encoded again and compared.
 */
function decodeBase64(text: string): Buffer | undefined {
  const bytes = Buffer.from(text, 'base64');
  const padded = text.length % 4 === 0 ? text : text + '='.repeat(4 - (text.length % 4));
  return bytes.toString('base64') === padded ? bytes : undefined;
}

function checkFilename(errors: ErrorCollector, value: unknown): string | undefined {
  const refuse = (code: string, text: string) => {
    errors.add(['filename'], code, text);
    return undefined;
  };
  if (value === undefined || value === null) return refuse(MESSAGES.required.code, MESSAGES.required.text());
  if (typeof value !== 'string') return refuse(MESSAGES.notString.code, MESSAGES.notString.text(value));
  const length = [...value].length;
  if (length < 1 || length > FILENAME_MAX_LENGTH) return refuse(MESSAGES.badLength.code, MESSAGES.badLength.text(1, FILENAME_MAX_LENGTH));
  // eslint-disable-next-line no-control-regex
  if (/[/\\\x00-\x1f\x7f]/.test(value) || value === '.' || value === '..') {
    return refuse(UPLOAD_MESSAGES.filenameInvalid.code, UPLOAD_MESSAGES.filenameInvalid.text);
  }
  return value;
}

function checkContentType(errors: ErrorCollector, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') errors.add(['content_type'], MESSAGES.notString.code, MESSAGES.notString.text(value));
  else if (value.length > CONTENT_TYPE_MAX_LENGTH) errors.add(['content_type'], MESSAGES.maxLength.code, MESSAGES.maxLength.text(CONTENT_TYPE_MAX_LENGTH));
  else if (!MEDIA_TYPE.test(value)) errors.add(['content_type'], UPLOAD_MESSAGES.contentTypeInvalid.code, UPLOAD_MESSAGES.contentTypeInvalid.text);
  else return value.toLowerCase();
  return null;
}

function checkData(errors: ErrorCollector, value: unknown): Buffer | undefined {
  if (value === undefined || value === null) errors.add(['data'], MESSAGES.required.code, MESSAGES.required.text());
  else {
    const bytes = typeof value === 'string' ? decodeBase64(value) : undefined;
    if (bytes) return bytes;
    errors.add(['data'], UPLOAD_MESSAGES.dataInvalid.code, UPLOAD_MESSAGES.dataInvalid.text);
  }
  return undefined;
}

/** Over the per-attachment limit: the service's 413 40005, whichever way the bytes came. */
function checkSize(bytes: Buffer): void {
  if (bytes.length > ATTACHMENT_SIZE_LIMIT) throw new ServiceError('entityTooLarge');
}

/**
 * A JSON upload `{filename, content_type?, data}` (data in base64), or a 50035 naming every
 * bad field; 413 40005 when the decoded bytes pass the limit.
 */
export function readJsonUpload(body: unknown): Upload {
  const errors = new ErrorCollector();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    errors.add([], MESSAGES.notObject.code, MESSAGES.notObject.text());
    throw invalidFormBody(errors.tree);
  }
  const fields = body as Record<string, unknown>;
  const filename = checkFilename(errors, fields.filename);
  const contentType = checkContentType(errors, fields.content_type);
  const bytes = checkData(errors, fields.data);
  if (errors.failed || filename === undefined || bytes === undefined) throw invalidFormBody(errors.tree);
  checkSize(bytes);
  return { filename, contentType, bytes };
}

/**
 * A raw upload (`Content-Type: application/octet-stream`): the body is the file, and
 * `?filename=` (required) and `?content_type=` name it.
 */
export function readRawUpload(bytes: Buffer, query: Record<string, unknown>): Upload {
  const last = (name: string): unknown => {
    const raw = query[name];
    return Array.isArray(raw) ? raw[raw.length - 1] : raw;
  };
  const errors = new ErrorCollector();
  const filename = checkFilename(errors, last('filename'));
  const contentType = checkContentType(errors, last('content_type'));
  if (errors.failed || filename === undefined) throw invalidFormBody(errors.tree);
  checkSize(bytes);
  return { filename, contentType, bytes };
}
