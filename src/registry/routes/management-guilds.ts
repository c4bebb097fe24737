/**
 * What is inside a guild: roles (`POST /_slashbench/guilds/{guild}/roles` with a made id,
 * `PUT`/`DELETE .../roles/{role}`), members (`.../members/{user}`) and installed apps
 * (`.../applications/{app}`, whose bot joins and leaves with the install, as in the real
 * service). Each edit is one transaction; connected bots hear what it changed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberBody, roleBody } from '../../shared/world-edits.js';
import type { RegistryContext } from '../app.js';
import { memberView, roleView } from '../domain/guild-view.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { parseWorldBody, refuseProblem } from '../http/world-body.js';
import type { GuildRecord, RoleRecord } from '../store/records.js';
import { problem, WORLD_CODES } from '../world/world-error.js';
import { editWorld, MANAGEMENT_BASE, worldEditor } from './management-access.js';
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
  /** An edit of one guild, announced as `kind`. */
  const edit = <T>(guild: GuildRecord, kind: string, id: string, work: () => T): T => editWorld(context, { kind, id }, () => [guild.id], work);

  /** Creates or replaces a role; a new one goes on top unless the body places it. */
  const putRole = (guild: GuildRecord, roleId: string, input: unknown): { role: RoleRecord; created: boolean } => {
    const body = parseWorldBody(roleBody, input);
    const existing = store.world.role(roleId);
    if (existing && existing.guild_id !== guild.id) {
      refuseProblem(problem(['role_id'], `already a role of guild "${existing.guild_id}"`, WORLD_CODES.taken));
    }
    const top = Math.max(0, ...store.world.roles(guild.id).map((role) => role.position));
    // @everyone is always at the bottom.
    const position = roleId === guild.id ? 0 : (body.position ?? existing?.position ?? top + 1);
    // Colour and hoist, like the position, stay as they were when the body leaves them out.
    const role = {
      id: roleId, guild_id: guild.id, name: body.name, permissions: body.permissions, position,
      color: body.color ?? existing?.color ?? 0, hoist: body.hoist ?? existing?.hoist ?? false,
    };
    store.world.putRole(role);
    return { role, created: !existing };
  };

  resource(app, `${BASE}/roles`, {
    POST: (request, reply) => {
      const { guild } = open(request, {});
      const id = context.nextId();
      const { role } = edit(guild, 'role', id, () => putRole(guild, id, request.body));
      return reply.code(201).send(roleView(role));
    },
  });

  resource(app, `${BASE}/roles/:roleId`, {
    PUT: (request, reply) => {
      const { guild, ids } = open(request, { roleId: 'role_id' });
      const { role, created } = edit(guild, 'role', ids.roleId, () => putRole(guild, ids.roleId, request.body));
      return reply.code(created ? 201 : 200).send(roleView(role));
    },
    DELETE: (request, reply) => {
      const { guild, ids } = open(request, { roleId: 'role_id' });
      const role = store.world.role(ids.roleId);
      if (!role || role.guild_id !== guild.id) throw new ServiceError('unknownRole');
      if (role.id === guild.id) throw new ServiceError('invalidRole');
      edit(guild, 'role', role.id, () => store.world.deleteRole(role));
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
      edit(guild, 'member', user.id, () => store.world.putMember(member));
      return reply.code(existing ? 200 : 201).send(memberView(member, user));
    },
    DELETE: (request, reply) => {
      const { guild, ids } = open(request, { userId: 'user_id' });
      if (!store.world.member(guild.id, ids.userId)) throw new ServiceError('unknownMember');
      // The owner cannot be removed, as in the real service.
      if (ids.userId === guild.owner_id) throw new ServiceError('missingPermissions');
      edit(guild, 'member', ids.userId, () => {
        // Removing an app's bot removes the app from the guild.
        store.world.uninstall(guild.id, ids.userId);
        store.world.deleteMember(guild.id, ids.userId);
      });
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
      edit(guild, 'install', guild.id, () => {
        store.world.install(guild.id, applicationId);
        if (!store.world.member(guild.id, applicationId)) {
          store.world.putMember({
            guild_id: guild.id, user_id: applicationId, roles: [], nick: null, joined_at: new Date(context.now()).toISOString(),
          });
        }
      });
      return reply.code(204).send();
    },
    DELETE: (request, reply) => {
      const { guild, applicationId } = openInstall(request);
      edit(guild, 'install', guild.id, () => {
        store.world.uninstall(guild.id, applicationId);
        store.world.deleteMember(guild.id, applicationId);
      });
      return reply.code(204).send();
    },
  });
}
