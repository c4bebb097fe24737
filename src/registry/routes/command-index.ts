/**
 * What the client may show: the command index of a guild, of a channel (DMs and group DMs
 * too) and of the user's own installed apps, localized for the user, with the commands the
 * user may not use left out (or, with `include_hidden=true`, listed apart with the reason).
 * And the explain view: every visibility check of one command, with its verdict, and the
 * warnings the rules give about the command as stored (what the service ignores in it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { storedCommandWarnings } from '../domain/command-warnings.js';
import { commandView } from '../domain/command-view.js';
import { requestLocale } from '../domain/request-locale.js';
import { AnswerCache } from '../http/answer-cache.js';
import { authenticatePerson } from '../http/auth.js';
import { JSON_TYPE } from '../http/json-type.js';
import { resource } from '../http/resource.js';
import { invalidField, ServiceError } from '../http/service-error.js';
import { evaluateCommand, evaluateLocation, locateChannel, locateGuild, type Evaluated } from '../queries/command-index.js';
import type { ApplicationRecord, UserRecord } from '../store/records.js';
import { booleanQuery, snowflakeField, snowflakeParams } from './path-values.js';

export function registerCommandIndexRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  // Index answers per user, place, locale and form; any change to commands, permissions or
  // the world (roles, members, installs, locales) can change them, so each drops them all.
  const indexes = new AnswerCache(() => store.sql.changeVersion());
  const forgetAll = () => indexes.forget();
  context.bus.on('commandsChanged', forgetAll);
  context.bus.on('permissionsChanged', forgetAll);
  context.bus.on('worldChanged', forgetAll);

  /** The person the simulated client acts as: a user session token, as the real client sends. */
  const person = async (request: FastifyRequest): Promise<UserRecord> => await authenticatePerson(store, request, context.now());

  /** The index body for `place`, made by `evaluate` unless an unchanged answer is cached. */
  const answer = async (request: FastifyRequest, reply: FastifyReply, user: UserRecord, place: string, evaluate: () => Promise<Evaluated[]>) => {
    const locale = requestLocale(request.headers, user.locale);
    const hidden = booleanQuery(request, 'include_hidden');
    const body = await indexes.get(`${user.id}|${place}|${locale ?? ''}|${hidden}`, async () => indexBody(await evaluate(), locale, hidden));
    return reply.type(JSON_TYPE).send(body);
  };

  const indexBody = (evaluated: Evaluated[], locale: ReturnType<typeof requestLocale>, hidden: boolean) => {
    const shown = evaluated.filter((entry) => entry.visibility.visible);
    const applications = new Map<string, ApplicationRecord>();
    for (const entry of shown) applications.set(entry.application.id, entry.application);
    const body: Record<string, unknown> = {
      applications: [...applications.values()].map(applicationSummary),
      application_commands: shown.map((entry) => commandView(entry.command, { mode: 'localized', locale })),
    };
    if (hidden) {
      body.hidden_commands = evaluated.filter((entry) => !entry.visibility.visible).map((entry) => {
        const failed = entry.visibility.checks.find((check) => check.verdict === 'fail');
        return {
          id: entry.command.id, application_id: entry.application.id, name: entry.command.definition.name,
          type: entry.command.definition.type, rule: failed?.rule, reason: failed?.detail,
        };
      });
    }
    return body;
  };

  resource(app, '/api/v10/guilds/:guildId/application-command-index', {
    GET: async (request, reply) => {
      const user = await person(request);
      const { guildId } = snowflakeParams(request, { guildId: 'guild_id' });
      const channelId = optionalSnowflake(request, 'channel_id');
      let location = await locateGuild(store, user, guildId);
      if (channelId !== undefined) {
        location = await locateChannel(store, user, channelId);
        if (location.kind !== 'guild' || location.guildId !== guildId) {
          throw invalidField(['channel_id'], 'CHANNEL_NOT_IN_GUILD', 'The channel is not in this guild.');
        }
      }
      return await answer(request, reply, user, `g:${guildId}:${channelId ?? ''}`, async () => await evaluateLocation(store, user, location));
    },
  });

  resource(app, '/api/v10/channels/:channelId/application-command-index', {
    GET: async (request, reply) => {
      const user = await person(request);
      const { channelId } = snowflakeParams(request, { channelId: 'channel_id' });
      const location = await locateChannel(store, user, channelId);
      return await answer(request, reply, user, `c:${channelId}`, async () => await evaluateLocation(store, user, location));
    },
  });

  /** The commands of the user's own installed apps that a user install can reach. */
  const userInstalled = async (user: UserRecord): Promise<Evaluated[]> => {
    const evaluated: Evaluated[] = [];
    for (const applicationId of await store.world.userApplications(user.id)) {
      const application = await store.world.application(applicationId);
      if (!application) continue;
      for (const command of await store.commands.list(applicationId, null)) {
        const userInstallable = (command.definition.integration_types ?? [0]).includes(1);
        evaluated.push({
          application, command,
          visibility: {
            visible: userInstallable, context: -1, integration: userInstallable ? 1 : null,
            checks: [{
              rule: 'installation', verdict: userInstallable ? 'pass' : 'fail',
              detail: userInstallable ? 'USER_INSTALL: you installed the app.' : "The command's integration_types lack USER_INSTALL.",
            }],
          },
        });
      }
    }
    return evaluated;
  };

  resource(app, '/api/v10/users/@me/application-command-index', {
    GET: async (request, reply) => {
      const user = await person(request);
      return await answer(request, reply, user, 'u', async () => await userInstalled(user));
    },
  });

  resource(app, '/_slashbench/explain', {
    GET: async (request) => {
      const user = await person(request);
      const commandId = optionalSnowflake(request, 'command_id');
      if (commandId === undefined) throw invalidField(['command_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
      const channelId = optionalSnowflake(request, 'channel_id');
      const guildId = optionalSnowflake(request, 'guild_id');
      if (channelId === undefined && guildId === undefined) {
        throw invalidField(['channel_id'], 'BASE_TYPE_REQUIRED', 'Give a channel_id or a guild_id.');
      }
      const location = channelId !== undefined ? await locateChannel(store, user, channelId) : await locateGuild(store, user, guildId as string);
      const command = await store.commands.byId(commandId);
      if (!command) throw new ServiceError('unknownCommand');
      const { visibility } = await evaluateCommand(store, user, location, command);
      const locale = requestLocale(request.headers, user.locale);
      return { command: commandView(command, { mode: 'localized', locale }), ...visibility, warnings: storedCommandWarnings(command) };
    },
  });
}

function applicationSummary(application: ApplicationRecord): Record<string, unknown> {
  return { id: application.id, name: application.name, icon: null, description: '', bot_id: application.id, flags: application.flags };
}

function optionalSnowflake(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  return value === undefined ? undefined : snowflakeField([name], value);
}
