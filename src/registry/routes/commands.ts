/**
 * The command endpoints, global and guild (spec, Endpoints): list, create, get, edit,
 * delete and bulk overwrite. Each handler authenticates, checks the path, counts the
 * request against its bucket, then hands the body to the domain operations.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import {
  createCommand, deleteCommand, editCommand, findCommand, overwriteCommands, type CommandScope,
} from '../services/command-operations.js';
import { commandView } from '../domain/command-view.js';
import { requestLocale } from '../domain/request-locale.js';
import { authenticateApplication } from '../http/auth.js';
import { AnswerCache } from '../http/answer-cache.js';
import { JSON_TYPE } from '../http/json-type.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import { booleanQuery, snowflakeParams } from './path-values.js';

/** A bulk overwrite carries up to 100 fully localized commands; larger bodies are refused unread. */
export const BULK_BODY_LIMIT = 32 * 1024 * 1024;

interface Scoped {
  scope: CommandScope;
  locale: ReturnType<typeof requestLocale>;
}

export function registerCommandRoutes(app: FastifyInstance, context: RegistryContext): void {
  // List answers per app, scope and view, dropped when that scope's commands change.
  const lists = new AnswerCache(() => context.store.sql.changeVersion());
  const scopeKey = (applicationId: string, guildId: string | null) => `${applicationId}:${guildId ?? ''}:`;
  context.bus.on('commandsChanged', (change) => lists.forget(scopeKey(change.application_id, change.guild_id)));
  context.bus.on('worldChanged', () => lists.forget());

  for (const inGuild of [false, true]) {
    const base = inGuild
      ? '/api/v10/applications/:applicationId/guilds/:guildId/commands'
      : '/api/v10/applications/:applicationId/commands';
    const open = async (request: FastifyRequest, reply: FastifyReply, route: string): Promise<Scoped> =>
      await openScope(context, request, reply, inGuild, route);
    const notify = (scope: CommandScope) =>
      context.bus.emit('commandsChanged', { application_id: scope.application.id, guild_id: scope.guildId });

    resource(app, base, {
      GET: async (request, reply) => {
        const { scope, locale } = await open(request, reply, base);
        const view = booleanQuery(request, 'with_localizations')
          ? ({ mode: 'dictionaries' } as const)
          : ({ mode: 'localized', locale } as const);
        const key = `${scopeKey(scope.application.id, scope.guildId)}${view.mode}:${view.mode === 'localized' ? (view.locale ?? '') : ''}`;
        const body = await lists.get(key, async () =>
          (await scope.store.commands.list(scope.application.id, scope.guildId)).map((command) => commandView(command, view)));
        return reply.type(JSON_TYPE).send(body);
      },
      POST: async (request, reply) => {
        const { scope } = await open(request, reply, base);
        const { created, command } = await createCommand(scope, request.body);
        notify(scope);
        return reply.code(created ? 201 : 200).send(commandView(command, { mode: 'dictionaries' }));
      },
      PUT: {
        bodyLimit: BULK_BODY_LIMIT,
        handler: async (request, reply) => {
          const { scope } = await open(request, reply, base);
          const saved = await overwriteCommands(scope, request.body);
          notify(scope);
          return saved.map((command) => commandView(command, { mode: 'dictionaries' }));
        },
      },
    });

    const single = `${base}/:commandId`;
    const commandId = (request: FastifyRequest) => snowflakeParams(request, { commandId: 'command_id' }).commandId;
    resource(app, single, {
      GET: async (request, reply) => {
        const { scope } = await open(request, reply, single);
        return commandView(await findCommand(scope, commandId(request)), { mode: 'dictionaries' });
      },
      PATCH: async (request, reply) => {
        const { scope } = await open(request, reply, single);
        const command = await editCommand(scope, commandId(request), request.body);
        notify(scope);
        return commandView(command, { mode: 'dictionaries' });
      },
      DELETE: async (request, reply) => {
        const { scope } = await open(request, reply, single);
        await deleteCommand(scope, commandId(request));
        notify(scope);
        return reply.code(204).send();
      },
    });
  }
}

/** Authenticates the app, checks the path's ids and the guild install, and counts the request. */
async function openScope(context: RegistryContext, request: FastifyRequest, reply: FastifyReply, inGuild: boolean, route: string): Promise<Scoped> {
  const now = context.now();
  const { store } = context;
  const caller = await authenticateApplication(store, request, now);
  const ids: { applicationId: string; guildId?: string } = inGuild
    ? snowflakeParams(request, { applicationId: 'application_id', guildId: 'guild_id' })
    : snowflakeParams(request, { applicationId: 'application_id' });
  if (ids.applicationId !== caller.application.id) throw new ServiceError('missingAccess');
  const guildId = ids.guildId ?? null;
  if (guildId !== null) {
    if (!await store.world.guild(guildId)) throw new ServiceError('unknownGuild');
    if (!await store.world.isInstalled(guildId, caller.application.id)) throw new ServiceError('missingAccess');
  }
  reply.headers(context.limiter.hit(`${request.method} ${route}`, `${caller.application.id}:${guildId ?? ''}`));
  const userLocale = caller.kind === 'bearer' ? caller.user?.locale : undefined;
  return {
    scope: { store, application: caller.application, guildId, now, nextId: context.nextId },
    locale: requestLocale(request.headers, userLocale),
  };
}
