/**
 * An interaction's webhook: follow-up messages, and reading, editing and deleting the
 * original response (`@original`) and follow-ups, for 15 minutes after the invocation.
 * Apps reached only through a user install get at most 5 follow-ups. Each route answers the
 * rate-limit headers, bucketed per webhook token as the service does: without them some
 * libraries (slash-create) assume a limit of one request at a time.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validateBodyPoll } from '../../shared/poll-rules.js';
import type { RegistryContext } from '../registry-context.js';
import { requestUpload } from '../http/request-files.js';
import { resource } from '../http/resource.js';
import { invalidFormBody, ServiceError } from '../http/service-error.js';
import { appMessageFiles, appMessageView, deleteAppMessage, editAppMessage, findAppMessage, sendAppMessage } from '../interactions/app-messages.js';
import type { InteractionRecord } from '../interactions/ledger.js';
import { isEmptyMessage, MESSAGE_FLAGS, validateMessageData } from '../interactions/message-data.js';
import { refusedRequest } from '../interactions/refusal.js';
import { toUser } from '../interactions/services.js';
import { storePoll } from '../services/channel-messages.js';
import type { MessageRecord } from '../store/records.js';
import { snowflakeParams } from './path-values.js';

export function registerInteractionWebhookRoutes(app: FastifyInstance, context: RegistryContext): void {
  const base = '/api/v10/webhooks/:applicationId/:token';

  /** The live interaction behind the webhook token; a dead or unknown one is an Unknown Webhook. */
  const interaction = async (request: FastifyRequest, reply: FastifyReply): Promise<InteractionRecord> => {
    const { applicationId, token } = request.params as { applicationId: string; token: string };
    reply.headers(context.limiter.hit(`${request.method} ${request.routeOptions.url ?? base}`, `${applicationId}:${token}`));
    const record = await context.ledger.live(token);
    if (!record || record.application_id !== applicationId || record.expired) throw new ServiceError('unknownWebhook');
    return record;
  };

  /**
   * One of the interaction's messages: `@original`, a follow-up by id, or the message a
   * component (or a modal opened from one) was on. The service lets a component's token
   * edit and delete that message: Discord's own example app deletes the message with the
   * pressed button and edits the ephemeral one with the select through exactly these routes.
   */
  const message = async (request: FastifyRequest, record: InteractionRecord): Promise<MessageRecord> => {
    const { messageId } = request.params as { messageId: string };
    const id = messageId === '@original' ? record.original_message_id : snowflakeParams(request, { messageId: 'message_id' }).messageId;
    const found = id === null ? undefined : await findAppMessage(context, record, id);
    const ours = found && (
      found.id === record.original_message_id
      || found.id === record.source_message_id
      || (found.interaction_metadata as { id?: string } | null)?.id === record.id
    );
    if (!found || !ours) throw new ServiceError('unknownMessage');
    return found;
  };

  const inspect = (request: FastifyRequest, record: InteractionRecord, status: number) =>
    toUser(context, record.user_id, 'INTERACTION_WEBHOOK', {
      id: record.id, nonce: record.nonce, application_id: record.application_id,
      method: request.method, path: request.url.replace(/\/webhooks\/(\d+)\/[^/?]+/, '/webhooks/$1/<token>'), body: request.body ?? null, status,
    });

  /** Runs a write of the bot's; a refusal goes to the inspector with the request and the error tree. */
  const watched = async <T>(request: FastifyRequest, record: InteractionRecord, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (error instanceof ServiceError) {
        toUser(context, record.user_id, 'INTERACTION_WEBHOOK', {
          id: record.id, nonce: record.nonce, application_id: record.application_id, ...refusedRequest(request, error),
        });
      }
      throw error;
    }
  };

  /** A follow-up: the message rules, then a new message (or the deferred one completed). */
  const followUp = async (request: FastifyRequest, record: InteractionRecord) => {
    // A follow-up needs the interaction acknowledged first.
    if (record.response_type === null) throw new ServiceError('unknownWebhook');
    // Counted in the store first, so concurrent follow-ups (on any process) cannot pass the limit together; given back if this one sends nothing new.
    if (!await context.ledger.countFollowUp(record)) throw new ServiceError('maxFollowups');
    try {
      return await sendFollowUp(request, record);
    } catch (error) {
      await context.ledger.uncountFollowUp(record);
      throw error;
    }
  };

  const sendFollowUp = async (request: FastifyRequest, record: InteractionRecord) => {
    const checked = validateMessageData(request.body, [], false);
    if (!checked.ok) throw invalidFormBody(checked.errors);
    const polled = validateBodyPoll(request.body, []);
    if (!polled.ok) throw invalidFormBody(polled.errors);
    const poll = polled.value;
    // The first follow-up to a deferred response completes the "thinking" message, its
    // ephemerality fixed by the deferral (the follow-up's flags are ignored), as editReply would.
    const original = record.original_message_id === null ? undefined : await findAppMessage(context, record, record.original_message_id);
    const completing = original && (original.flags & MESSAGE_FLAGS.LOADING) !== 0 ? original : undefined;
    const { message: data, rows } = appMessageFiles(context, record, requestUpload(request), { body: request.body, at: [] }, checked.value, completing);
    if (isEmptyMessage(data) && !poll && rows.length === 0) throw new ServiceError('emptyMessage');
    if (completing) {
      const { flags: _ignored, ...edit } = data;
      // Its poll goes with it: the completed message is the one that carries the poll.
      if (poll && (completing.flags & MESSAGE_FLAGS.EPHEMERAL) === 0) await storePoll(context.store, completing.id, poll, context.now());
      const view = await appMessageView(context, await editAppMessage(context, record, completing, edit, rows));
      // Completing the deferred message is not a follow-up of its own.
      await context.ledger.uncountFollowUp(record);
      inspect(request, record, 200);
      return view;
    }
    const sent = await sendAppMessage(context, record, data, { original: false, files: rows, ...(poll ? { poll } : {}) });
    inspect(request, record, 200);
    return await appMessageView(context, sent);
  };

  resource(app, base, {
    POST: async (request, reply) => {
      const record = await interaction(request, reply);
      return watched(request, record, async () => await followUp(request, record));
    },
  });

  resource(app, `${base}/messages/:messageId`, {
    GET: async (request, reply) => {
      const record = await interaction(request, reply);
      return await appMessageView(context, await message(request, record));
    },
    PATCH: async (request, reply) => {
      const record = await interaction(request, reply);
      return watched(request, record, async () => {
        const target = await message(request, record);
        const checked = validateMessageData(request.body, [], true, target.flags);
        if (!checked.ok) throw invalidFormBody(checked.errors);
        const { message: edit, rows } = appMessageFiles(context, record, requestUpload(request), { body: request.body, at: [] }, checked.value, target);
        const edited = await editAppMessage(context, record, target, edit, rows);
        inspect(request, record, 200);
        return await appMessageView(context, edited);
      });
    },
    DELETE: async (request, reply) => {
      const record = await interaction(request, reply);
      await deleteAppMessage(context, record, await message(request, record));
      inspect(request, record, 204);
      return reply.code(204).send();
    },
  });
}
