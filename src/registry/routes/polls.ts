/**
 * Polls after they are sent: a person's vote (the client's own route,
 * `PUT /channels/{c}/polls/{m}/answers/@me` with `{answer_ids}`; an empty list removes the
 * vote), the voters of an answer (`GET .../answers/{answer_id}`, `after`, `limit` 1-100,
 * default 25, answering `{users}`), and ending a poll early (`POST .../expire`, its author).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { APIUser } from 'discord-api-types/v10';
import { isSnowflake, MESSAGES, snowflakeError } from '../../shared/command-rules/index.js';
import { ErrorCollector } from '../../shared/command-rules/error-tree.js';
import type { RegistryContext } from '../registry-context.js';
import { apiUser } from '../domain/user-view.js';
import { resource } from '../http/resource.js';
import { invalidFormBody, invalidField, ServiceError } from '../http/service-error.js';
import { storedMessageView } from '../queries/stored-message-view.js';
import { visibleChannel, type Viewer } from '../queries/read-visibility.js';
import { castVotes, expirePoll, pollOf, settleExpiredPolls } from '../services/poll-operations.js';
import type { PollRecord } from '../store/poll-store.js';
import type { MessageRecord, UserRecord } from '../store/records.js';
import { snowflakeParams } from './path-values.js';
import { readViewer } from './read-access.js';
import { mapAsync } from '../async-lists.js';

const BASE = '/api/v10/channels/:channelId/polls/:messageId';
export const VOTERS_PAGE_DEFAULT = 25;
export const VOTERS_PAGE_MAX = 100;

/** The answers of a vote body, checked against the poll (codes of unknown and extra answers are *inferred*). */
export function voteAnswers(body: unknown, poll: PollRecord): number[] {
  const list = (body as { answer_ids?: unknown } | null)?.answer_ids;
  if (typeof body !== 'object' || body === null || list === undefined || list === null) {
    throw invalidField(['answer_ids'], MESSAGES.required.code, MESSAGES.required.text());
  }
  if (!Array.isArray(list)) throw invalidField(['answer_ids'], MESSAGES.notList.code, MESSAGES.notList.text());
  const errors = new ErrorCollector();
  const ids: number[] = [];
  list.forEach((value: unknown, index) => {
    const text = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
    if (!/^\d+$/.test(text)) return void errors.add(['answer_ids', index], MESSAGES.notInteger.code, MESSAGES.notInteger.text(value));
    const id = Number(text);
    if (!poll.answers.some((answer) => answer.answer_id === id)) {
      return void errors.add(['answer_ids', index], 'POLL_ANSWER_UNKNOWN', `Unknown answer id ${id}.`);
    }
    if (!ids.includes(id)) ids.push(id);
  });
  if (!poll.allow_multiselect && list.length > 1) errors.add(['answer_ids'], MESSAGES.maxLength.code, MESSAGES.maxLength.text(1));
  if (errors.failed) throw invalidFormBody(errors.tree);
  return ids.sort((a, b) => a - b);
}

/** The query of a voters page, or a 50035 naming each bad parameter. */
function votersPage(query: Record<string, unknown>): { after?: string; limit: number } {
  const errors = new ErrorCollector();
  const page: { after?: string; limit: number } = { limit: VOTERS_PAGE_DEFAULT };
  if (query.limit !== undefined) {
    const text = String(query.limit);
    if (!/^-?\d+$/.test(text)) errors.add(['limit'], MESSAGES.notInteger.code, MESSAGES.notInteger.text(text));
    else if (Number(text) < 1) errors.add(['limit'], MESSAGES.integerTooSmall.code, MESSAGES.integerTooSmall.text(1));
    else if (Number(text) > VOTERS_PAGE_MAX) errors.add(['limit'], MESSAGES.integerTooLarge.code, MESSAGES.integerTooLarge.text(VOTERS_PAGE_MAX));
    else page.limit = Number(text);
  }
  if (query.after !== undefined) {
    if (isSnowflake(query.after)) page.after = String(query.after);
    else {
      const { code, message } = snowflakeError(query.after);
      errors.add(['after'], code, message);
    }
  }
  if (errors.failed) throw invalidFormBody(errors.tree);
  return page;
}

/** How often polls are checked for their expiry between reads, so bots hear it on time. */
export const POLL_SWEEP_MS = 1000;

export function registerPollRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  // Reads settle expired polls themselves; the sweep makes bots hear an expiry nobody read.
  // A failing sweep (a closed store, a full disk) must not take the process down: the next read retries.
  const sweep = setInterval(() => {
    settleExpiredPolls(context).catch((error: unknown) => app.log.warn({ err: error }, 'poll expiry sweep failed'));
  }, POLL_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
  /** The caller and the poll's message, once expired polls are settled. */
  const open = async (request: FastifyRequest, people = false): Promise<{ viewer: Viewer; message: MessageRecord }> => {
    const viewer = await readViewer(context, request);
    // Voting is a person's act: a bot is refused before anything about the channel is told.
    if (people && viewer.bot) throw new ServiceError('botsCannotUse');
    const { channelId, messageId } = snowflakeParams(request, { channelId: 'channel_id', messageId: 'message_id' });
    const channel = await visibleChannel(store, viewer, channelId);
    await settleExpiredPolls(context);
    const message = await store.messages.message(channel.id, messageId);
    if (!message) throw new ServiceError('unknownMessage');
    return { viewer, message };
  };

  resource(app, `${BASE}/answers/@me`, {
    PUT: async (request: FastifyRequest, reply: FastifyReply) => {
      const { viewer, message } = await open(request, true);
      await castVotes(context, message, viewer.userId, voteAnswers(request.body, await pollOf(context, message)));
      return reply.code(204).send();
    },
  });
  resource(app, `${BASE}/answers/:answerId`, {
    GET: async (request) => {
      const { message } = await open(request);
      const poll = await pollOf(context, message);
      const { answerId } = request.params as { answerId: string };
      if (!/^\d{1,4}$/.test(answerId)) throw invalidField(['answer_id'], MESSAGES.notInteger.code, MESSAGES.notInteger.text(answerId));
      const page = votersPage(request.query as Record<string, unknown>);
      const voters = await store.polls.voters(message.id, poll.answers.length > 0 ? Number(answerId) : 0, page.after, page.limit);
      const users: APIUser[] = (await mapAsync(voters, async (id) => await store.world.user(id)))
        .filter((user): user is UserRecord => user !== undefined).map(apiUser);
      return { users };
    },
  });
  resource(app, `${BASE}/expire`, {
    POST: async (request) => {
      const { viewer, message } = await open(request);
      await expirePoll(context, message, viewer.userId);
      const updated = await store.messages.message(message.channel_id, message.id) ?? message;
      return await storedMessageView(store, updated, viewer.userId);
    },
  });
}
