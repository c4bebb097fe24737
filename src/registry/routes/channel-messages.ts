/**
 * Writing to a channel: `POST /channels/{id}/messages` (with replies and polls),
 * `PATCH` and `DELETE .../messages/{id}`, for bots and people alike, with the service's
 * checks: VIEW_CHANNEL (else 50001), SEND_MESSAGES or SEND_MESSAGES_IN_THREADS in threads
 * (else 50013); embeds are dropped without EMBED_LINKS, as the service drops them; only the
 * author edits (50005); the author, or a member with MANAGE_MESSAGES, deletes. Error paths
 * are top level. channels.ts registers these beside the reads of the same paths.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChannelType } from 'discord-api-types/v10';
import { ErrorCollector, mergeErrorTree } from '../../shared/command-rules/error-tree.js';
import { validateBodyPoll, type PollInput } from '../../shared/poll-rules.js';
import type { RegistryContext } from '../registry-context.js';
import { hasPermissions, memberPermissions } from '../domain/member-permissions.js';
import { PERMISSION } from '../domain/permissions.js';
import { checkReplyReference } from '../domain/reply-reference.js';
import { isThread } from '../domain/world-rules.js';
import { candidateIds } from '../queries/preloaded-lookup.js';
import { requestUpload } from '../http/request-files.js';
import { invalidFormBody, invalidField, ServiceError } from '../http/service-error.js';
import { isEmptyMessage, MESSAGE_FLAGS, validateMessageData } from '../interactions/message-data.js';
import { storedMessageView } from '../queries/stored-message-view.js';
import { visibleChannel, type Viewer } from '../queries/read-visibility.js';
import { createChannelMessage, deleteChannelMessage, editChannelMessage } from '../services/channel-messages.js';
import { prepareMessageFiles } from '../services/message-files.js';
import type { ChannelRecord, MessageRecord } from '../store/records.js';
import { snowflakeParams } from './path-values.js';
import { readViewer } from './read-access.js';

/**
 * The one place a message route reads its body: JSON, or a multipart body's `payload_json`
 * (http/multipart-body.ts leaves it here; its files are `requestUpload(request)`).
 */
export function messageBody(request: FastifyRequest): unknown {
  return request.body;
}

/**
 * Channels that hold messages: text, DMs, voice and stage chats, announcements, threads.
 * Categories, directories, forums and media channels take posts only through threads.
 */
const TEXT_CHANNEL_TYPES: ReadonlySet<number> = new Set([
  ChannelType.GuildText, ChannelType.DM, ChannelType.GuildVoice, ChannelType.GroupDM, ChannelType.GuildAnnouncement,
  ChannelType.AnnouncementThread, ChannelType.PublicThread, ChannelType.PrivateThread, ChannelType.GuildStageVoice,
]);

/** The viewer's permissions in the channel's guild; null in DMs, where none apply. */
async function channelPermissions(context: RegistryContext, viewer: Viewer, channel: ChannelRecord): Promise<bigint | null> {
  if (channel.guild_id === null) return null;
  const guild = await context.store.world.guild(channel.guild_id);
  const member = await context.store.world.member(channel.guild_id, viewer.userId);
  if (!guild || !member) throw new ServiceError('missingAccess');
  return memberPermissions(guild, member, await context.store.world.roles(guild.id));
}

/** The caller and the channel, when they may see it. */
async function openChannel(context: RegistryContext, request: FastifyRequest): Promise<{ viewer: Viewer; channel: ChannelRecord }> {
  const viewer = await readViewer(context, request);
  const { channelId } = snowflakeParams(request, { channelId: 'channel_id' });
  return { viewer, channel: await visibleChannel(context.store, viewer, channelId) };
}

async function storedMessage(context: RegistryContext, request: FastifyRequest, channel: ChannelRecord): Promise<MessageRecord> {
  const { messageId } = snowflakeParams(request, { messageId: 'message_id' });
  const message = await context.store.messages.message(channel.id, messageId);
  if (!message) throw new ServiceError('unknownMessage');
  return message;
}

/** A poll of a message body, checked (with the V2 flag the message rules refuse it, as `content`). */
function bodyPoll(errors: ErrorCollector, body: Record<string, unknown>, flags: number): PollInput | undefined {
  if (body.poll === undefined || body.poll === null) return undefined;
  if ((flags & MESSAGE_FLAGS.IS_COMPONENTS_V2) !== 0) return undefined;
  const checked = validateBodyPoll(body, []);
  if (!checked.ok) return void mergeErrorTree(errors, [], checked.errors);
  return checked.value;
}

function asObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidField([], 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
  return body as Record<string, unknown>;
}

/** POST /channels/{id}/messages */
export function createMessageHandler(context: RegistryContext) {
  return async (request: FastifyRequest) => {
    const { viewer, channel } = await openChannel(context, request);
    if (!TEXT_CHANNEL_TYPES.has(channel.type)) throw new ServiceError('nonTextChannel');
    const permissions = await channelPermissions(context, viewer, channel);
    const send = isThread(channel.type) ? PERMISSION.SEND_MESSAGES_IN_THREADS : PERMISSION.SEND_MESSAGES;
    if (permissions !== null && !hasPermissions(permissions, send)) throw new ServiceError('missingPermissions');
    const body = asObject(messageBody(request));
    const checked = validateMessageData(body, [], false);
    const errors = new ErrorCollector();
    if (!checked.ok) mergeErrorTree(errors, [], checked.errors);
    if (checked.ok && (checked.value.flags ?? 0) & MESSAGE_FLAGS.EPHEMERAL) {
      errors.add(['flags'], 'MESSAGE_FLAGS_INVALID', 'Only SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_VOICE_MESSAGE and IS_COMPONENTS_V2 can be set.');
    }
    const poll = bodyPoll(errors, body, checked.ok ? (checked.value.flags ?? 0) : 0);
    // The rule is pure: the message it may name is read first.
    const named = candidateIds((body.message_reference as { message_id?: unknown } | null | undefined)?.message_id)[0];
    const replied = named === undefined ? undefined : await context.store.messages.message(channel.id, named);
    const reference = checkReplyReference(errors, body.message_reference, {
      channelId: channel.id,
      guildId: channel.guild_id,
      exists: (id) => replied?.id === id,
    });
    if (errors.failed || !checked.ok) throw invalidFormBody(errors.tree);
    const target = { body, at: [], channelId: channel.id, uploaderId: viewer.userId, ephemeral: false };
    const { message: data, rows } = prepareMessageFiles(context, requestUpload(request), target, checked.value);
    // Without EMBED_LINKS the service sends the message without its embeds, silently.
    if (permissions !== null && !hasPermissions(permissions, PERMISSION.EMBED_LINKS)) delete data.embeds;
    if (isEmptyMessage(data) && !poll && rows.length === 0) throw new ServiceError('emptyMessage');
    const application = viewer.bot ? viewer.userId : null;
    const message = await createChannelMessage(context, {
      channelId: channel.id, authorId: viewer.userId, applicationId: application, data, files: rows,
      ...(poll ? { poll } : {}), ...(reference ? { reference } : {}),
    });
    return await storedMessageView(context.store, message, viewer.userId);
  };
}

/** PATCH /channels/{id}/messages/{id}: the author's own only. */
export function editMessageHandler(context: RegistryContext) {
  return async (request: FastifyRequest) => {
    const { viewer, channel } = await openChannel(context, request);
    const message = await storedMessage(context, request, channel);
    if (message.author_id !== viewer.userId) throw new ServiceError('othersMessage');
    const body = asObject(messageBody(request));
    if (body.poll !== undefined && body.poll !== null) throw new ServiceError('pollNotEditable');
    const checked = validateMessageData(body, [], true, message.flags);
    if (!checked.ok) throw invalidFormBody(checked.errors);
    const target = { body, at: [], channelId: channel.id, uploaderId: viewer.userId, ephemeral: false, existing: message };
    const { message: data, rows } = prepareMessageFiles(context, requestUpload(request), target, checked.value);
    const permissions = await channelPermissions(context, viewer, channel);
    if (permissions !== null && !hasPermissions(permissions, PERMISSION.EMBED_LINKS)) delete data.embeds;
    // Ephemerality cannot be set by an edit; the other flags may change.
    if (data.flags !== undefined) data.flags = (data.flags & ~MESSAGE_FLAGS.EPHEMERAL) | (message.flags & MESSAGE_FLAGS.EPHEMERAL);
    const merged = {
      content: data.content ?? message.content, embeds: data.embeds ?? message.embeds, components: data.components ?? message.components,
    };
    const hasPoll = await context.store.polls.poll(message.id) !== undefined;
    const files = rows.length + (data.attachments ?? message.attachments).length;
    if (isEmptyMessage(merged) && !hasPoll && files === 0) throw new ServiceError('emptyMessage');
    return await storedMessageView(context.store, await editChannelMessage(context, message, data, rows), viewer.userId);
  };
}

/** DELETE /channels/{id}/messages/{id}: the author, or MANAGE_MESSAGES in a guild. */
export function deleteMessageHandler(context: RegistryContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { viewer, channel } = await openChannel(context, request);
    const message = await storedMessage(context, request, channel);
    if (message.author_id !== viewer.userId) {
      const permissions = await channelPermissions(context, viewer, channel);
      if (permissions === null) throw new ServiceError('dmAction');
      if (!hasPermissions(permissions, PERMISSION.MANAGE_MESSAGES)) throw new ServiceError('missingPermissions');
    }
    await deleteChannelMessage(context, message);
    return reply.code(204).send();
  };
}
