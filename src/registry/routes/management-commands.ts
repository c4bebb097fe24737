/**
 * `GET /_slashbench/applications/{app}/commands[?guild_id=]`: an app's global (or one
 * guild's) commands as stored, each with the warnings the rules give about it, so a
 * developer sees what the service accepted but will ignore (a PRIVATE_CHANNEL context
 * without USER_INSTALL, an empty value range). `GET
 * /_slashbench/applications/{app}/guilds/{guild}/commands/permissions`: the app's stored
 * overwrites in a guild, each set with its warnings (a target not in the guild). The
 * `/api/v10` answers carry no warnings.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RegistryContext } from '../registry-context.js';
import { storedCommandWarnings } from '../domain/command-warnings.js';
import { commandView } from '../domain/command-view.js';
import { overwriteWarnings } from '../domain/permission-overwrites.js';
import { resource } from '../http/resource.js';
import { overwriteTargets } from '../queries/overwrite-targets.js';
import { ServiceError } from '../http/service-error.js';
import { MANAGEMENT_BASE, worldEditor } from './management-access.js';
import { snowflakeField, snowflakeParams } from './path-values.js';

export function registerCommandManagementRoutes(app: FastifyInstance, context: RegistryContext): void {
  const { store } = context;
  resource(app, `${MANAGEMENT_BASE}/applications/:applicationId/commands`, {
    GET: async (request) => {
      await worldEditor(context, request);
      const { applicationId } = snowflakeParams(request, { applicationId: 'application_id' });
      if (!await store.world.application(applicationId)) throw new ServiceError('unknownApplication');
      const guildId = guildQuery(request);
      if (guildId !== null && !await store.world.guild(guildId)) throw new ServiceError('unknownGuild');
      return (await store.commands.list(applicationId, guildId)).map((command) => ({
        command: commandView(command, { mode: 'dictionaries' }),
        warnings: storedCommandWarnings(command),
      }));
    },
  });

  resource(app, `${MANAGEMENT_BASE}/applications/:applicationId/guilds/:guildId/commands/permissions`, {
    GET: async (request) => {
      await worldEditor(context, request);
      const { applicationId, guildId } = snowflakeParams(request, { applicationId: 'application_id', guildId: 'guild_id' });
      if (!await store.world.application(applicationId)) throw new ServiceError('unknownApplication');
      if (!await store.world.guild(guildId)) throw new ServiceError('unknownGuild');
      const targets = await overwriteTargets(store, guildId);
      return (await store.permissions.list(applicationId, guildId)).map((entry) => ({
        ...entry, warnings: overwriteWarnings(entry.permissions, targets),
      }));
    },
  });
}

function guildQuery(request: FastifyRequest): string | null {
  const value = (request.query as Record<string, unknown>).guild_id;
  return value === undefined ? null : snowflakeField(['guild_id'], value);
}
