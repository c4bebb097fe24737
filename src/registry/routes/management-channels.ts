/**
 * `PUT /_slashbench/channels/{id}` creates or replaces a guild channel (any type, threads
 * inside a parent) or a DM / group DM with its recipients; `POST
 * /_slashbench/guilds/{guild}/channels` creates a guild channel with a made id; `DELETE`
 * removes one with its threads and messages. A channel never moves between guilds, or
 * between a guild and DMs. Connected bots hear what a guild channel edit changed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guildChannelFieldsSchema } from '../../shared/world-entities.js';
import { guildChannelBody, isPrivateChannelBody, privateChannelBody } from '../../shared/world-edits.js';
import type { RegistryContext } from '../registry-context.js';
import { storedChannelView } from '../queries/stored-channel-view.js';
import { channelIdProblem, parentProblem } from '../domain/world-rules.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { parseWorldBody, refuseProblem } from '../http/world-body.js';
import type { ChannelRecord } from '../store/records.js';
import { problem, type WorldProblem } from '../world/world-error.js';
import { privateChannelProblem, putPrivateChannel } from '../world/load-private.js';
import { editWorld, MANAGEMENT_BASE, worldEditor } from './management-access.js';
import { snowflakeParams } from './path-values.js';

/** A problem about the channel's id, named as the path names it. */
function asPathProblem(found: WorldProblem | undefined): WorldProblem | undefined {
  if (!found || found.path[0] !== 'id') return found;
  return { ...found, path: ['channel_id', ...found.path.slice(1)] };
}

/** A guild channel as the edit routes take it: its guild and its fields. */
type GuildChannelInput = ReturnType<typeof guildChannelBody.parse>;

/** Registers the channel edits. */
export function registerChannelManagementRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  const open = async (request: FastifyRequest) => {
    await worldEditor(context, request);
    return snowflakeParams(request, { channelId: 'channel_id' }).channelId;
  };
  /** The guild a channel edit touches, for the bots' events (none for DMs). */
  const guildOf = async (id: string, body: unknown): Promise<string[]> => {
    const guildId = (await store.world.channel(id))?.guild_id ?? (body as { guild_id?: unknown } | null)?.guild_id;
    return typeof guildId === 'string' && await store.world.guild(guildId) ? [guildId] : [];
  };

  const putGuildChannel = async (id: string, existing: ChannelRecord | undefined, body: GuildChannelInput): Promise<ChannelRecord> => {
    if (!await store.world.guild(body.guild_id)) refuseProblem(problem(['guild_id'], `unknown guild "${body.guild_id}"`));
    refuseProblem(asPathProblem(channelIdProblem(existing, body.guild_id)));
    const parent = body.parent_id && body.parent_id !== id ? await store.world.channel(body.parent_id) : undefined;
    refuseProblem(parentProblem(body, parent?.guild_id === body.guild_id ? parent : undefined));
    const channel: ChannelRecord = {
      id, guild_id: body.guild_id, name: body.name, type: body.type, parent_id: body.parent_id ?? null,
      nsfw: body.nsfw ?? false, position: body.position ?? existing?.position ?? (await store.world.channels(body.guild_id)).length,
    };
    await store.world.putChannel(channel);
    return channel;
  };

  resource(app, `${MANAGEMENT_BASE}/guilds/:guildId/channels`, {
    POST: async (request, reply) => {
      await worldEditor(context, request);
      const { guildId } = snowflakeParams(request, { guildId: 'guild_id' });
      if (!await store.world.guild(guildId)) throw new ServiceError('unknownGuild');
      const body = { ...parseWorldBody(guildChannelFieldsSchema, request.body), guild_id: guildId };
      const id = context.nextId();
      const channel = await editWorld(context, { kind: 'channel', id }, () => [guildId], async () => await putGuildChannel(id, undefined, body));
      return reply.code(201).send(await storedChannelView(store, channel, null));
    },
  });

  resource(app, `${MANAGEMENT_BASE}/channels/:channelId`, {
    PUT: async (request, reply) => {
      const id = await open(request);
      const existing = await store.world.channel(id);
      const channel = await editWorld(context, { kind: 'channel', id }, async () => await guildOf(id, request.body), async () => {
        if (!isPrivateChannelBody(request.body)) return await putGuildChannel(id, existing, parseWorldBody(guildChannelBody, request.body));
        const body = { id, ...parseWorldBody(privateChannelBody, request.body) };
        refuseProblem(asPathProblem(await privateChannelProblem(store, body)));
        await putPrivateChannel(store, body);
        return await store.world.channel(id) as ChannelRecord;
      });
      return reply.code(existing ? 200 : 201).send(await storedChannelView(store, channel, null));
    },
    DELETE: async (request, reply) => {
      const id = await open(request);
      if (!await store.world.channel(id)) throw new ServiceError('unknownChannel');
      await editWorld(context, { kind: 'channel', id }, async () => await guildOf(id, null), async () => await store.world.deleteChannel(id));
      return reply.code(204).send();
    },
  });
}
