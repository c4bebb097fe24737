/**
 * `POST /users/@me/channels`: opening a DM. With `recipient_id` (bots, as discord.js's
 * `user.send()` does, and people) it answers the DM between the caller and the recipient,
 * made the first time: there is at most one per pair. With `recipients` (people only, as the
 * real client starts a group DM) it makes a group DM owned by the caller, with up to nine
 * others and no bot. Two bots cannot DM each other, nor anyone themselves (50007). The person's client hears of a
 * new channel as of any world change.
 */
import { ChannelType } from 'discord-api-types/v10';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { identify } from '../http/auth.js';
import { resource } from '../http/resource.js';
import { invalidField, ServiceError } from '../http/service-error.js';
import { storedChannelView } from '../queries/stored-channel-view.js';
import type { ChannelRecord, UserRecord } from '../store/records.js';
import { announceChange } from './management-access.js';
import { snowflakeField } from './path-values.js';

/** A group DM holds at most ten people, its owner included. */
const GROUP_DM_OTHERS = 9;

type Caller = { user: UserRecord; bot: boolean };

async function caller(context: RegistryContext, request: FastifyRequest): Promise<Caller> {
  const found = await identify(context.store, request, context.now());
  if (found?.kind === 'user') return { user: found.user, bot: false };
  if (found?.kind === 'bot') {
    const user = await context.store.world.user(found.application.id);
    if (user) return { user, bot: true };
  }
  throw new ServiceError('unauthorized');
}

async function recipient(context: RegistryContext, path: Array<string | number>, value: unknown): Promise<UserRecord> {
  const user = await context.store.world.user(snowflakeField(path, value));
  if (!user) throw new ServiceError('unknownUser');
  return user;
}

async function putChannel(context: RegistryContext, type: ChannelType.DM | ChannelType.GroupDM, recipients: readonly string[]): Promise<ChannelRecord> {
  const { world } = context.store;
  const id = context.nextId();
  await context.store.transaction(async () => {
    await world.putChannel({ id, guild_id: null, name: null, type, parent_id: null, nsfw: false, position: 0 });
    await world.setRecipients(id, recipients);
  });
  announceChange(context, 'channel', id);
  return await storedChannel(context, id);
}

async function storedChannel(context: RegistryContext, id: string): Promise<ChannelRecord> {
  const channel = await context.store.world.channel(id);
  if (!channel) throw new ServiceError('unknownChannel');
  return channel;
}

async function openDirectMessage(context: RegistryContext, from: Caller, to: UserRecord): Promise<ChannelRecord> {
  if ((from.bot && to.bot) || from.user.id === to.id) throw new ServiceError('cannotMessageUser');
  const existing = await context.store.world.directMessageBetween(from.user.id, to.id);
  if (existing !== undefined) return await storedChannel(context, existing);
  return await putChannel(context, ChannelType.DM, [from.user.id, to.id]);
}

async function openGroup(context: RegistryContext, from: Caller, ids: unknown): Promise<ChannelRecord> {
  if (from.bot) throw invalidField(['recipient_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
  if (!Array.isArray(ids)) throw invalidField(['recipients'], 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType.');
  if (ids.length > GROUP_DM_OTHERS) throw invalidField(['recipients'], 'BASE_TYPE_MAX_LENGTH', `Must be ${GROUP_DM_OTHERS} or fewer in length.`);
  const others = new Map<string, UserRecord>();
  for (const [index, id] of ids.entries()) {
    const user = await recipient(context, ['recipients', index], id);
    if (user.id !== from.user.id) others.set(user.id, user);
  }
  if ([...others.values()].some((user) => user.bot)) throw new ServiceError('cannotMessageUser');
  const people = [...others.values()];
  // One other person is a DM, as the real client opens it.
  const [only] = people;
  if (people.length === 1 && only) return await openDirectMessage(context, from, only);
  if (people.length === 0) throw invalidField(['recipients'], 'BASE_TYPE_MIN_LENGTH', 'Must be 1 or more in length.');
  return await putChannel(context, ChannelType.GroupDM, [from.user.id, ...others.keys()]);
}

export function registerDirectMessageRoutes(app: FastifyInstance, context: RegistryContext): void {
  resource(app, '/api/v10/users/@me/channels', {
    POST: async (request) => {
      const from = await caller(context, request);
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw invalidField([], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      }
      const fields = body as Record<string, unknown>;
      const channel = fields.recipient_id !== undefined
        ? await openDirectMessage(context, from, await recipient(context, ['recipient_id'], fields.recipient_id))
        : await openGroup(context, from, fields.recipients);
      return await storedChannelView(context.store, channel, from.user.id);
    },
  });
}
