/**
 * What is inside a guild: roles (`PUT`/`DELETE /_slashbench/guilds/{guild}/roles/{role}`),
 * members (`.../members/{user}`) and installed apps (`.../applications/{app}`, whose bot
 * joins and leaves with the install, as in the real service).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberBody, roleBody } from '../../shared/world-edits.js';
import type { RegistryContext } from '../app.js';
import { memberView, roleView } from '../domain/guild-view.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { parseWorldBody, refuseProblem } from '../http/world-body.js';
import type { GuildRecord } from '../store/records.js';
import { problem, WORLD_CODES } from '../world/world-error.js';
import { announceChange, MANAGEMENT_BASE, worldEditor } from './management-access.js';
import { snowflakeParams } from './path-values.js';

const BASE = `${MANAGEMENT_BASE}/guilds/:guildId`;

/** Registers the role, member and guild-install edits. */
export function registerGuildManagementRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  /** Checks the caller, then the path's ids, then that the guild exists. */
  const open = <K extends string>(request: FastifyRequest, names: Record<K, string>): { guild: GuildRecord; ids: Record<K, string> } => {
    worldEditor(context, request);
    const ids = snowflakeParams(request, { guildId: 'guild_id', ...names } as Record<K | 'guildId', string>);
    const guild = store.world.guild(ids.guildId);
    if (!guild) throw new ServiceError('unknownGuild');
    return { guild, ids };
  };

  resource(app, `${BASE}/roles/:roleId`, {
    PUT: (request, reply) => {
      const { guild, ids } = open(request, { roleId: 'role_id' });
      const body = parseWorldBody(roleBody, request.body);
      const existing = store.world.role(ids.roleId);
      if (existing && existing.guild_id !== guild.id) {
        refuseProblem(problem(['role_id'], `already a role of guild "${existing.guild_id}"`, WORLD_CODES.taken));
      }
      const top = Math.max(0, ...store.world.roles(guild.id).map((role) => role.position));
      const position = ids.roleId === guild.id ? 0 : (body.position ?? existing?.position ?? top + 1);
      const role = { id: ids.roleId, guild_id: guild.id, name: body.name, permissions: body.permissions, position };
      store.world.putRole(role);
      announceChange(context, 'role', role.id);
      return reply.code(existing ? 200 : 201).send(roleView(role));
    },
    DELETE: (request, reply) => {
      const { guild, ids } = open(request, { roleId: 'role_id' });
      const role = store.world.role(ids.roleId);
      if (!role || role.guild_id !== guild.id) throw new ServiceError('unknownRole');
      if (role.id === guild.id) throw new ServiceError('invalidRole');
      store.transaction(() => store.world.deleteRole(role));
      announceChange(context, 'role', role.id);
      return reply.code(204).send();
    },
  });

  resource(app, `${BASE}/members/:userId`, {
    PUT: (request, reply) => {
      const { guild, ids } = open(request, { userId: 'user_id' });
      const user = store.world.user(ids.userId);
      if (!user) throw new ServiceError('unknownUser');
      const body = parseWorldBody(memberBody, request.body);
      const roleIds = new Set(store.world.roles(guild.id).map((role) => role.id));
      const unknownRole = body.roles.findIndex((role) => !roleIds.has(role));
      if (unknownRole !== -1) refuseProblem(problem(['roles', unknownRole], `unknown role "${body.roles[unknownRole]}"`));
      const existing = store.world.member(guild.id, user.id);
      const member = {
        guild_id: guild.id, user_id: user.id, roles: body.roles, nick: body.nick ?? null,
        joined_at: body.joined_at ?? existing?.joined_at ?? new Date(context.now()).toISOString(),
      };
      store.world.putMember(member);
      announceChange(context, 'member', user.id);
      return reply.code(existing ? 200 : 201).send(memberView(member, user));
    },
    DELETE: (request, reply) => {
      const { guild, ids } = open(request, { userId: 'user_id' });
      if (!store.world.member(guild.id, ids.userId)) throw new ServiceError('unknownMember');
      // The owner cannot be removed, as in the real service.
      if (ids.userId === guild.owner_id) throw new ServiceError('missingPermissions');
      store.transaction(() => {
        // Removing an app's bot removes the app from the guild.
        store.world.uninstall(guild.id, ids.userId);
        store.world.deleteMember(guild.id, ids.userId);
      });
      announceChange(context, 'member', ids.userId);
      return reply.code(204).send();
    },
  });

  const openInstall = (request: FastifyRequest) => {
    const { guild, ids } = open(request, { applicationId: 'application_id' });
    if (!store.world.application(ids.applicationId)) throw new ServiceError('unknownApplication');
    return { guild, applicationId: ids.applicationId };
  };
  resource(app, `${BASE}/applications/:applicationId`, {
    PUT: (request, reply) => {
      const { guild, applicationId } = openInstall(request);
      store.transaction(() => {
        store.world.install(guild.id, applicationId);
        if (!store.world.member(guild.id, applicationId)) {
          store.world.putMember({
            guild_id: guild.id, user_id: applicationId, roles: [], nick: null, joined_at: new Date(context.now()).toISOString(),
          });
        }
      });
      announceChange(context, 'install', guild.id);
      return reply.code(204).send();
    },
    DELETE: (request, reply) => {
      const { guild, applicationId } = openInstall(request);
      store.transaction(() => {
        store.world.uninstall(guild.id, applicationId);
        store.world.deleteMember(guild.id, applicationId);
      });
      announceChange(context, 'install', guild.id);
      return reply.code(204).send();
    },
  });
}
