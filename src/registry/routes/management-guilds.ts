/**
 * What is inside a guild: roles (`POST /_slashbench/guilds/{guild}/roles` with a made id,
 * `PUT`/`DELETE .../roles/{role}`), members (`.../members/{user}`) and installed apps
 * (`.../applications/{app}`, whose bot joins and leaves with the install, as in the real
 * service). Each edit is one transaction; connected bots hear what it changed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { memberBody, roleBody } from '../../shared/world-edits.js';
import type { RegistryContext } from '../registry-context.js';
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
  const open = async <K extends string>(request: FastifyRequest, names: Record<K, string>): Promise<{ guild: GuildRecord; ids: Record<K, string> }> => {
    await worldEditor(context, request);
    const ids = snowflakeParams(request, { guildId: 'guild_id', ...names } as Record<K | 'guildId', string>);
    const guild = await store.world.guild(ids.guildId);
    if (!guild) throw new ServiceError('unknownGuild');
    return { guild, ids };
  };
  /** An edit of one guild, announced as `kind`. */
  const edit = async <T>(guild: GuildRecord, kind: string, id: string, work: () => Promise<T>): Promise<T> => await editWorld(context, { kind, id }, () => [guild.id], work);

  /** Creates or replaces a role; a new one goes on top unless the body places it. */
  const putRole = async (guild: GuildRecord, roleId: string, input: unknown): Promise<{ role: RoleRecord; created: boolean }> => {
    const body = parseWorldBody(roleBody, input);
    const existing = await store.world.role(roleId);
    if (existing && existing.guild_id !== guild.id) {
      refuseProblem(problem(['role_id'], `already a role of guild "${existing.guild_id}"`, WORLD_CODES.taken));
    }
    const top = Math.max(0, ...(await store.world.roles(guild.id)).map((role) => role.position));
    // @everyone is always at the bottom.
    const position = roleId === guild.id ? 0 : (body.position ?? existing?.position ?? top + 1);
    // Colour and hoist, like the position, stay as they were when the body leaves them out.
    const role = {
      id: roleId, guild_id: guild.id, name: body.name, permissions: body.permissions, position,
      color: body.color ?? existing?.color ?? 0, hoist: body.hoist ?? existing?.hoist ?? false,
    };
    await store.world.putRole(role);
    return { role, created: !existing };
  };

  resource(app, `${BASE}/roles`, {
    POST: async (request, reply) => {
      const { guild } = await open(request, {});
      const id = context.nextId();
      const { role } = await edit(guild, 'role', id, async () => await putRole(guild, id, request.body));
      return reply.code(201).send(roleView(role));
    },
  });

  resource(app, `${BASE}/roles/:roleId`, {
    PUT: async (request, reply) => {
      const { guild, ids } = await open(request, { roleId: 'role_id' });
      const { role, created } = await edit(guild, 'role', ids.roleId, async () => await putRole(guild, ids.roleId, request.body));
      return reply.code(created ? 201 : 200).send(roleView(role));
    },
    DELETE: async (request, reply) => {
      const { guild, ids } = await open(request, { roleId: 'role_id' });
      const role = await store.world.role(ids.roleId);
      if (!role || role.guild_id !== guild.id) throw new ServiceError('unknownRole');
      if (role.id === guild.id) throw new ServiceError('invalidRole');
      await edit(guild, 'role', role.id, async () => await store.world.deleteRole(role));
      return reply.code(204).send();
    },
  });

  resource(app, `${BASE}/members/:userId`, {
    PUT: async (request, reply) => {
      const { guild, ids } = await open(request, { userId: 'user_id' });
      const user = await store.world.user(ids.userId);
      if (!user) throw new ServiceError('unknownUser');
      const body = parseWorldBody(memberBody, request.body);
      const roleIds = new Set((await store.world.roles(guild.id)).map((role) => role.id));
      const unknownRole = body.roles.findIndex((role) => !roleIds.has(role));
      if (unknownRole !== -1) refuseProblem(problem(['roles', unknownRole], `unknown role "${body.roles[unknownRole]}"`));
      const existing = await store.world.member(guild.id, user.id);
      const member = {
        guild_id: guild.id, user_id: user.id, roles: body.roles, nick: body.nick ?? null,
        joined_at: body.joined_at ?? existing?.joined_at ?? new Date(context.now()).toISOString(),
      };
      await edit(guild, 'member', user.id, async () => await store.world.putMember(member));
      return reply.code(existing ? 200 : 201).send(memberView(member, user));
    },
    DELETE: async (request, reply) => {
      const { guild, ids } = await open(request, { userId: 'user_id' });
      if (!await store.world.member(guild.id, ids.userId)) throw new ServiceError('unknownMember');
      // The owner cannot be removed, as in the real service.
      if (ids.userId === guild.owner_id) throw new ServiceError('missingPermissions');
      await edit(guild, 'member', ids.userId, async () => {
        // Removing an app's bot removes the app from the guild.
        await store.world.uninstall(guild.id, ids.userId);
        await store.world.deleteMember(guild.id, ids.userId);
      });
      return reply.code(204).send();
    },
  });

  const openInstall = async (request: FastifyRequest) => {
    const { guild, ids } = await open(request, { applicationId: 'application_id' });
    if (!await store.world.application(ids.applicationId)) throw new ServiceError('unknownApplication');
    return { guild, applicationId: ids.applicationId };
  };
  resource(app, `${BASE}/applications/:applicationId`, {
    PUT: async (request, reply) => {
      const { guild, applicationId } = await openInstall(request);
      await edit(guild, 'install', guild.id, async () => {
        await store.world.install(guild.id, applicationId);
        if (!await store.world.member(guild.id, applicationId)) {
          await store.world.putMember({
            guild_id: guild.id, user_id: applicationId, roles: [], nick: null, joined_at: new Date(context.now()).toISOString(),
          });
        }
      });
      return reply.code(204).send();
    },
    DELETE: async (request, reply) => {
      const { guild, applicationId } = await openInstall(request);
      await edit(guild, 'install', guild.id, async () => {
        await store.world.uninstall(guild.id, applicationId);
        await store.world.deleteMember(guild.id, applicationId);
      });
      return reply.code(204).send();
    },
  });
}
