/**
 * `multipart/form-data` message bodies (message-facts.md, "Files"): the JSON in a part
 * named `payload_json`, each file in a part `files[n]`. @fastify/multipart (busboy) reads
 * the parts as they stream in, with its limits set, so a request never holds more than
 * the files a message may carry (10, 10 MiB together) plus a JSON body's limit. The hook
 * runs before the route's handler and leaves the parsed JSON as `request.body`, so
 * handlers read a multipart request exactly as a JSON one, and its files in
 * `request.messageFiles`. Only the routes a bot sends messages through read multipart;
 * anywhere else it stays what the service calls invalid JSON.
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGE_FILES_MAX, MESSAGE_FILES_TOTAL_LIMIT } from '../../shared/attachment-limits.js';
import { DEFAULT_BODY_LIMIT, MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.js';
import type { IncomingFile } from './request-files.js';
import { invalidField, ServiceError } from './service-error.js';

/** The names file parts go by: `files[n]`, and older clients' `file` and `file1`. */
export const FILE_FIELD = /^(files\[\d+\]|file\d*)$/;

/** `METHOD url-pattern` of every route that takes a message with files. */
export const MESSAGE_FILE_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/v10/interactions/:interactionId/:token/callback',
  'POST /api/v10/webhooks/:applicationId/:token',
  'PATCH /api/v10/webhooks/:applicationId/:token/messages/:messageId',
  'POST /api/v10/channels/:channelId/messages',
  'PATCH /api/v10/channels/:channelId/messages/:messageId',
]);

/** The part that carries the JSON body. */
export const PAYLOAD_FIELD = 'payload_json';

/**
 * Refusals of a malformed body, chosen here in the service's 50035 style (*inferred*: no
 * public error body shows them). Each names what is wrong, so a developer can fix it.
 */
export const MULTIPART_MESSAGES = {
  noBoundary: { code: 'MULTIPART_BOUNDARY_MISSING', text: 'A multipart/form-data body needs a boundary in its Content-Type header.' },
  truncated: { code: 'MULTIPART_TRUNCATED', text: 'The multipart body ended before its closing boundary.' },
  malformed: { code: 'MULTIPART_MALFORMED', text: 'The multipart body could not be read.' },
  filenameRequired: { code: 'FILE_NAME_REQUIRED', text: 'A file part needs a filename in its Content-Disposition header.' },
} as const;

/** The `n` of `files[n]`; other file fields (`file`, `file1`: older clients) count in order. */
export function fileIndex(field: string, position: number): number {
  const match = /^files\[(\d{1,4})\]$/.exec(field);
  return match ? Number(match[1]) : position;
}

/** The part's media type as stored: none for the "I do not know" of application/octet-stream. */
export function partType(mimetype: string | undefined): string | null {
  const type = mimetype?.trim().toLowerCase();
  return !type || type === 'application/octet-stream' ? null : type;
}

/** `payload_json`'s value as the JSON body; a discord.py part says application/json and arrives parsed. */
export function readPayload(value: unknown, truncated: boolean): unknown {
  if (truncated) throw new ServiceError('entityTooLarge');
  if (typeof value !== 'string') return value;
  if (nestsDeeperThan(value, MAX_JSON_DEPTH)) throw new ServiceError('invalidJson');
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new ServiceError('invalidJson');
  }
}

/** A parser's error in the service's words: 413 40005 past a limit, 50109 for bad JSON, else 50035 naming the problem. */
export function multipartRefusal(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new ServiceError('entityTooLarge');
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_PROTO_VIOLATION':
      return new ServiceError('invalidJson');
    case 'FST_MP_PREMATURE_CLOSE':
      return invalidField([], MULTIPART_MESSAGES.truncated.code, MULTIPART_MESSAGES.truncated.text);
    default:
      break;
  }
  const said = typeof message === 'string' ? message : '';
  if (/boundary not found/i.test(said)) return invalidField([], MULTIPART_MESSAGES.noBoundary.code, MULTIPART_MESSAGES.noBoundary.text);
  if (/unexpected end|terminated early/i.test(said)) return invalidField([], MULTIPART_MESSAGES.truncated.code, MULTIPART_MESSAGES.truncated.text);
  return invalidField([], MULTIPART_MESSAGES.malformed.code, MULTIPART_MESSAGES.malformed.text);
}

/**
 * Reads every part: the JSON (the last `payload_json` wins, as a form's last value does)
 * and the files, each file's bytes counted against the message's total as they arrive.
 * Fills `request.uploadedFiles` as it goes, so a refused request still names its files.
 */
async function readParts(request: FastifyRequest): Promise<{ body: unknown; files: IncomingFile[] }> {
  let body: unknown = {};
  const files: IncomingFile[] = [];
  const summaries = (request.uploadedFiles = [] as NonNullable<FastifyRequest['uploadedFiles']>);
  let total = 0;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (part.fieldname === PAYLOAD_FIELD) body = readPayload(part.value, part.valueTruncated);
      continue;
    }
    const summary = { field: part.fieldname, filename: part.filename ?? '', size: 0, content_type: part.mimetype };
    summaries.push(summary);
    if (!part.filename) {
      part.file.resume();
      throw invalidField([part.fieldname], MULTIPART_MESSAGES.filenameRequired.code, MULTIPART_MESSAGES.filenameRequired.text);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      total += chunk.length;
      summary.size += chunk.length;
      if (total > MESSAGE_FILES_TOTAL_LIMIT) throw new ServiceError('entityTooLarge');
      chunks.push(chunk);
    }
    if (part.file.truncated) throw new ServiceError('entityTooLarge');
    files.push({
      field: part.fieldname, index: fileIndex(part.fieldname, files.length), filename: part.filename,
      contentType: partType(part.mimetype), bytes: Buffer.concat(chunks),
    });
  }
  return { body, files };
}

/** Registers the parser (its limits set) and the hook that reads message routes' multipart bodies. */
export function registerMultipartBodies(app: FastifyInstance): void {
  void app.register(fastifyMultipart, {
    limits: {
      files: MESSAGE_FILES_MAX,
      // One byte past the total is enough to know the message is too large.
      fileSize: MESSAGE_FILES_TOTAL_LIMIT + 1,
      fieldSize: DEFAULT_BODY_LIMIT,
      fields: 20,
      parts: MESSAGE_FILES_MAX + 20,
      headerPairs: 100,
    },
    // A part in a file's place without a filename is a file still, refused by name, not
    // silently read as a text field.
    isPartAFile: (field: string | undefined, contentType: string | undefined, filename: string | undefined) =>
      filename !== undefined || contentType === 'application/octet-stream' || (field !== undefined && field !== PAYLOAD_FIELD && FILE_FIELD.test(field)),
  });
  // A callback hook, not an async one: every request passes here, and most are not multipart.
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart()) return done();
    readMultipartBody(request).then(() => done(), done);
  });
}

/** Reads a message route's multipart body into `body` and `messageFiles`; refuses it anywhere else. */
async function readMultipartBody(request: FastifyRequest): Promise<void> {
  try {
    if (!MESSAGE_FILE_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)) throw new ServiceError('invalidJson');
    const { body, files } = await readParts(request);
    request.body = body;
    request.messageFiles = files;
  } catch (error) {
    // Answer now, and let the rest of the body go by unread and unkept, so the client
    // hears the refusal instead of a reset connection.
    request.raw.unpipe();
    request.raw.resume();
    throw multipartRefusal(error);
  }
}
