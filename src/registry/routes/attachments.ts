/**
 * Files for ATTACHMENT options. The simulated client uploads first
 * (`POST /api/v10/channels/{channel}/attachments` with a user's token) and then invokes
 * with the answer's `id` as the option's value; apps fetch the bytes from the URL in
 * `data.resolved.attachments` (`GET /attachments/{channel}/{id}/{filename}?hm=...`, no
 * Authorization: like the CDN's, the URL itself is the credential).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { readJsonUpload, readRawUpload, UPLOAD_BODY_LIMIT, type Upload } from '../domain/attachment-upload.js';
import { ATTACHMENTS_PATH, attachmentHeaders, attachmentView } from '../domain/attachment-view.js';
import { authenticatePerson } from '../http/auth.js';
import { requestOrigin } from '../http/request-origin.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { locateChannel } from '../queries/command-index.js';
import type { AttachmentRecord } from '../store/attachment-store.js';
import type { UserRecord } from '../store/records.js';
import { snowflakeParams } from './path-values.js';

const UPLOAD_PATH = '/api/v10/channels/:channelId/attachments';

/** Whether the `hm` key given matches the stored one, compared in constant time. */
function keyMatches(given: unknown, stored: string): boolean {
  if (typeof given !== 'string') return false;
  const left = Buffer.from(given);
  const right = Buffer.from(stored);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The upload in either form the route takes: raw bytes with `?filename=`, or JSON with base64. */
function readUpload(request: FastifyRequest): Upload {
  if (Buffer.isBuffer(request.body)) return readRawUpload(request.body, request.query as Record<string, unknown>);
  return readJsonUpload(request.body);
}

/** Registers the upload route (with its raw-body parser, kept to its own scope) and the file route. */
export function registerAttachmentRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Who uploads where is settled before the body is read: a stranger's 14 MB is never buffered.
    const uploaders = new WeakMap<FastifyRequest, { user: UserRecord; channelId: string }>();
    scope.addHook('onRequest', async (request) => {
      if (request.method !== 'POST') return;
      const user = await authenticatePerson(store, request, context.now());
      const { channelId } = snowflakeParams(request, { channelId: 'channel_id' });
      const location = await locateChannel(store, user, channelId);
      uploaders.set(request, { user, channelId: location.channel?.id ?? channelId });
    });
    resource(scope, UPLOAD_PATH, {
      POST: {
        bodyLimit: UPLOAD_BODY_LIMIT,
        handler: async (request) => {
          const uploader = uploaders.get(request);
          if (!uploader) throw new ServiceError('unauthorized');
          const upload = readUpload(request);
          const record: AttachmentRecord = {
            id: context.nextId(), channel_id: uploader.channelId, uploader_id: uploader.user.id,
            filename: upload.filename, content_type: upload.contentType, size: upload.bytes.length,
            url_key: randomBytes(16).toString('hex'), created_at: context.now(), used_by_interaction: null,
            message_id: null,
          };
          await store.attachments.put(record, upload.bytes);
          return attachmentView(record, requestOrigin(request));
        },
      },
    });
  });

  // The name is a wildcard: path parameters stop at 100 characters, filenames at 1024.
  resource(app, `${ATTACHMENTS_PATH}/:channelId/:attachmentId/*`, {
    GET: async (request, reply) => {
      const { channelId, attachmentId, '*': filename } = request.params as { channelId: string; attachmentId: string; '*': string };
      const record = await store.attachments.attachment(attachmentId);
      const key = (request.query as Record<string, unknown>).hm;
      if (!record || record.channel_id !== channelId || record.filename !== filename || !keyMatches(key, record.url_key)) {
        throw new ServiceError('notFound');
      }
      return reply.headers(attachmentHeaders(record)).send(await store.attachments.bytes(record.id));
    },
  });
}
