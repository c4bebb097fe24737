/**
 * Command permissions (permissions v2): read an app's overwrites in a guild, read and
 * replace one command's (or, with the application id, the app-level ones). Editing needs a
 * user's Bearer token with `applications.commands.permissions.update` from someone who can
 * manage the guild and its roles; the batch edit of permissions v1 answers 405.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { hasPermissions, memberPermissions } from '../domain/member-permissions.js';
import { validateOverwrites } from '../domain/permission-overwrites.js';
import { PERMISSION } from '../domain/permissions.js';
import { authenticateApplication, identify, type Caller } from '../http/auth.js';
import { resource } from '../http/resource.js';
import { invalidFormBody, ServiceError } from '../http/service-error.js';
import type { ApplicationRecord } from '../store/records.js';
import { snowflakeParams } from './path-values.js';

const EDIT_SCOPE = 'applications.commands.permissions.update';

export function registerPermissionRoutes(app: FastifyInstance, context: RegistryContext): void {
  const base = '/api/v10/applications/:applicationId/guilds/:guildId/commands';
  const { store } = context;

  /** The app and guild of the path, for a caller acting for that app. */
  const open = async (request: FastifyRequest, caller: Caller & { application: ApplicationRecord }) => {
    const ids = snowflakeParams(request, { applicationId: 'application_id', guildId: 'guild_id' });
    if (ids.applicationId !== caller.application.id) throw new ServiceError('missingAccess');
    const guild = await store.world.guild(ids.guildId);
    if (!guild) throw new ServiceError('unknownGuild');
    if (!await store.world.isInstalled(guild.id, caller.application.id)) throw new ServiceError('missingAccess');
    return { application: caller.application, guild };
  };

  /** The command (global, or of this guild) or the application id itself, else 10063. */
  const target = async (request: FastifyRequest, applicationId: string, guildId: string) => {
    const { commandId } = snowflakeParams(request, { commandId: 'command_id' });
    if (commandId === applicationId) return commandId;
    const command = await store.commands.get(applicationId, guildId, commandId) ?? await store.commands.get(applicationId, null, commandId);
    if (!command) throw new ServiceError('unknownCommand');
    return commandId;
  };

  /**
   * Who reads overwrites: the app, as on every command endpoint (its bot, or a client
   * credentials token with applications.commands.update; spec, Authentication 1), or a
   * person whose Bearer token may edit them (a scope-less user token reads nothing).
   */
  const reader = async (request: FastifyRequest) => {
    const now = context.now();
    const caller = await identify(store, request, now);
    if (caller?.kind !== 'bearer' || caller.user === null) return await open(request, await authenticateApplication(store, request, now));
    if (!caller.scopes.includes(EDIT_SCOPE)) throw new ServiceError('missingScope');
    return await open(request, caller);
  };

  resource(app, `${base}/permissions`, {
    GET: async (request) => {
      const { application, guild } = await reader(request);
      return await store.permissions.list(application.id, guild.id);
    },
  });

  resource(app, `${base}/:commandId/permissions`, {
    GET: async (request) => {
      const { application, guild } = await reader(request);
      const found = await store.permissions.get(application.id, guild.id, await target(request, application.id, guild.id));
      if (!found) throw new ServiceError('unknownCommandPermissions');
      return found;
    },
    PUT: async (request) => {
      const caller = await identify(store, request, context.now());
      if (!caller || caller.kind === 'user') throw new ServiceError('unauthorized');
      // Only a person may change who can use a command (spec, Authentication 2).
      if (caller.kind === 'bot' || caller.user === null) throw new ServiceError('botsCannotUse');
      if (!caller.scopes.includes(EDIT_SCOPE)) throw new ServiceError('missingScope');
      const { application, guild } = await open(request, caller);
      const user = caller.user;
      const member = (await store.world.members(guild.id)).find((candidate) => candidate.user_id === user.id);
      const bits = member ? memberPermissions(guild, member, await store.world.roles(guild.id)) : 0n;
      if (!hasPermissions(bits, PERMISSION.MANAGE_GUILD | PERMISSION.MANAGE_ROLES)) throw new ServiceError('missingPermissions');
      const targetId = await target(request, application.id, guild.id);
      const result = validateOverwrites(request.body);
      if (!result.ok) throw invalidFormBody(result.errors);
      await store.permissions.put(application.id, guild.id, targetId, result.value);
      const saved = { id: targetId, application_id: application.id, guild_id: guild.id, permissions: result.value };
      context.bus.emit('permissionsChanged', saved);
      return saved;
    },
  });
}
