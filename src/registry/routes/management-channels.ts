/**
 * `PUT /_slashbench/channels/{id}` creates or replaces a guild channel (any type, threads
 * inside a parent) or a DM / group DM with its recipients; `DELETE` removes it with its
 * threads and messages. A channel never moves between guilds, or between a guild and DMs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { guildChannelBody, isPrivateChannelBody, privateChannelBody } from '../../shared/world-edits.js';
import type { RegistryContext } from '../app.js';
import { storedChannelView } from '../queries/stored-channel-view.js';
import { channelIdProblem, parentProblem } from '../domain/world-rules.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { parseWorldBody, refuseProblem } from '../http/world-body.js';
import type { ChannelRecord } from '../store/records.js';
import { problem, type WorldProblem } from '../world/world-error.js';
import { privateChannelProblem, putPrivateChannel } from '../world/load-private.js';
import { announceChange, MANAGEMENT_BASE, worldEditor } from './management-access.js';
import { snowflakeParams } from './path-values.js';

/** A problem about the channel's id, named as the path names it. */
function asPathProblem(found: WorldProblem | undefined): WorldProblem | undefined {
  if (!found || found.path[0] !== 'id') return found;
  return { ...found, path: ['channel_id', ...found.path.slice(1)] };
}

/** Registers the channel edits. */
export function registerChannelManagementRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  const open = (request: FastifyRequest) => {
    worldEditor(context, request);
    return snowflakeParams(request, { channelId: 'channel_id' }).channelId;
  };

  const putGuildChannel = (id: string, existing: ChannelRecord | undefined, input: unknown): ChannelRecord => {
    const body = parseWorldBody(guildChannelBody, input);
    if (!store.world.guild(body.guild_id)) refuseProblem(problem(['guild_id'], `unknown guild "${body.guild_id}"`));
    refuseProblem(asPathProblem(channelIdProblem(existing, body.guild_id)));
    const parent = body.parent_id && body.parent_id !== id ? store.world.channel(body.parent_id) : undefined;
    refuseProblem(parentProblem(body, parent?.guild_id === body.guild_id ? parent : undefined));
    const channel: ChannelRecord = {
      id, guild_id: body.guild_id, name: body.name, type: body.type, parent_id: body.parent_id ?? null,
      nsfw: body.nsfw ?? false, position: body.position ?? existing?.position ?? store.world.channels(body.guild_id).length,
    };
    store.world.putChannel(channel);
    return channel;
  };

  resource(app, `${MANAGEMENT_BASE}/channels/:channelId`, {
    PUT: (request, reply) => {
      const id = open(request);
      const existing = store.world.channel(id);
      const channel = store.transaction(() => {
        if (!isPrivateChannelBody(request.body)) return putGuildChannel(id, existing, request.body);
        const body = { id, ...parseWorldBody(privateChannelBody, request.body) };
        refuseProblem(asPathProblem(privateChannelProblem(store, body)));
        putPrivateChannel(store, body);
        return store.world.channel(id) as ChannelRecord;
      });
      announceChange(context, 'channel', id);
      return reply.code(existing ? 200 : 201).send(storedChannelView(store, channel, null));
    },
    DELETE: (request, reply) => {
      const id = open(request);
      if (!store.world.channel(id)) throw new ServiceError('unknownChannel');
      store.transaction(() => store.world.deleteChannel(id));
      announceChange(context, 'channel', id);
      return reply.code(204).send();
    },
  });
}
