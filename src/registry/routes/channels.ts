/**
 * Channel and message reads (`GET /channels/{id}`, its messages, one message) for bots
 * and people, within what the caller may see. Message pages follow the service: newest
 * first, `limit` 1-100 (50 by default), and one of `around`, `before`, `after`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isSnowflake, MESSAGES, snowflakeError } from '../../shared/command-rules/index.js';
import { ErrorCollector } from '../../shared/command-rules/error-tree.js';
import type { RegistryContext } from '../registry-context.js';
import { storedMessageView } from '../queries/stored-message-view.js';
import { settleExpiredPolls } from '../services/poll-operations.js';
import { createMessageHandler, deleteMessageHandler, editMessageHandler } from './channel-messages.js';
import { storedChannelView } from '../queries/stored-channel-view.js';
import { visibleChannel } from '../queries/read-visibility.js';
import { resource } from '../http/resource.js';
import { invalidFormBody, ServiceError } from '../http/service-error.js';
import type { MessagePage } from '../store/message-store.js';
import { snowflakeParams } from './path-values.js';
import { readViewer } from './read-access.js';
import { mapAsync } from '../async-lists.js';

const BASE = '/api/v10/channels/:channelId';
/** A page's size when `limit` is absent, and the largest allowed. */
export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 100;

/** Registers the channel and message reads. */
export function registerChannelRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  const open = async (request: FastifyRequest) => {
    const viewer = await readViewer(context, request);
    const { channelId } = snowflakeParams(request, { channelId: 'channel_id' });
    const channel = await visibleChannel(store, viewer, channelId);
    // Polls whose time has come are finalized before anyone reads them.
    await settleExpiredPolls(context);
    return { viewer, channel };
  };

  resource(app, BASE, {
    GET: async (request) => {
      const { viewer, channel } = await open(request);
      return await storedChannelView(store, channel, viewer.userId);
    },
  });
  resource(app, `${BASE}/messages`, {
    GET: async (request) => {
      const { viewer, channel } = await open(request);
      const page = messagePage(request.query as Record<string, unknown>);
      return mapAsync(await store.messages.messages(channel.id, page), (message) => storedMessageView(store, message, viewer.userId));
    },
    POST: createMessageHandler(context),
  });
  resource(app, `${BASE}/messages/:messageId`, {
    GET: async (request) => {
      const { viewer, channel } = await open(request);
      const { messageId } = snowflakeParams(request, { messageId: 'message_id' });
      const message = await store.messages.message(channel.id, messageId);
      if (!message) throw new ServiceError('unknownMessage');
      return await storedMessageView(store, message, viewer.userId);
    },
    PATCH: editMessageHandler(context),
    DELETE: deleteMessageHandler(context),
  });
}

/** The query of a message page, or a 50035 naming each bad parameter. */
export function messagePage(query: Record<string, unknown>): MessagePage {
  const errors = new ErrorCollector();
  const last = (name: string): unknown => {
    const raw = query[name];
    return Array.isArray(raw) ? raw[raw.length - 1] : raw;
  };
  const page: MessagePage = { limit: MESSAGE_PAGE_DEFAULT };
  const limit = last('limit');
  if (limit !== undefined) {
    const text = String(limit);
    if (!/^-?\d+$/.test(text)) errors.add(['limit'], MESSAGES.notInteger.code, MESSAGES.notInteger.text(text));
    else if (Number(text) < 1) errors.add(['limit'], MESSAGES.integerTooSmall.code, MESSAGES.integerTooSmall.text(1));
    else if (Number(text) > MESSAGE_PAGE_MAX) errors.add(['limit'], MESSAGES.integerTooLarge.code, MESSAGES.integerTooLarge.text(MESSAGE_PAGE_MAX));
    else page.limit = Number(text);
  }
  for (const name of ['around', 'before', 'after'] as const) {
    const value = last(name);
    if (value === undefined) continue;
    if (isSnowflake(value)) page[name] = String(value);
    else {
      const { code, message } = snowflakeError(value);
      errors.add([name], code, message);
    }
  }
  if (errors.failed) throw invalidFormBody(errors.tree);
  return page;
}
