/**
 * Guild reads for bots and people (`GET /guilds/{id}`, its channels, roles and one
 * member), within what the caller may see (domain/read-visibility.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { storedChannelView } from '../queries/stored-channel-view.js';
import { guildView, memberView, roleView } from '../domain/guild-view.js';
import { canView, visibleGuild } from '../queries/read-visibility.js';
import { isThread } from '../domain/world-rules.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { snowflakeParams } from './path-values.js';
import { readViewer } from './read-access.js';
import { mapAsync } from '../async-lists.js';

const BASE = '/api/v10/guilds/:guildId';

/** Registers the guild reads. */
export function registerGuildRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  const open = async (request: Parameters<typeof readViewer>[1]) => {
    const viewer = await readViewer(context, request);
    const { guildId } = snowflakeParams(request, { guildId: 'guild_id' });
    return { viewer, guild: await visibleGuild(store, viewer, guildId) };
  };

  resource(app, BASE, {
    GET: async (request) => {
      const { guild } = await open(request);
      return guildView(guild, await store.world.roles(guild.id));
    },
  });
  resource(app, `${BASE}/roles`, {
    GET: async (request) => (await store.world.roles((await open(request)).guild.id)).map(roleView),
  });
  resource(app, `${BASE}/channels`, {
    // Threads are not listed here, as in the real API; channels the caller cannot view are left out.
    GET: async (request) => {
      const { viewer, guild } = await open(request);
      const member = await store.world.member(guild.id, viewer.userId);
      if (!member || !await canView(store, guild, member)) return [];
      const channels = (await store.world.channels(guild.id)).filter((channel) => !isThread(channel.type));
      return mapAsync(channels, (channel) => storedChannelView(store, channel, viewer.userId));
    },
  });
  resource(app, `${BASE}/members/:userId`, {
    GET: async (request) => {
      const { guild } = await open(request);
      const { userId } = snowflakeParams(request, { userId: 'user_id' });
      const member = await store.world.member(guild.id, userId);
      const user = await store.world.user(userId);
      if (!member || !user) throw new ServiceError(user ? 'unknownMember' : 'unknownUser');
      return memberView(member, user);
    },
  });
}
