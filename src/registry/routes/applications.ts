/**
 * The current application (`/applications/@me`), read by bots for their `verify_key`
 * and by discord.js at login (`/oauth2/applications/@me`).
 */
import type { FastifyInstance } from 'fastify';
import type { RegistryContext } from '../app.js';
import { userView } from '../domain/user-view.js';
import { identify } from '../http/auth.js';
import { resource } from '../http/resource.js';
import { ServiceError } from '../http/service-error.js';
import type { ApplicationRecord } from '../store/records.js';

export function registerApplicationRoutes(app: FastifyInstance, context: RegistryContext): void {
  const current = (request: Parameters<typeof identify>[1]) => {
    const caller = identify(context.store, request, context.now());
    if (!caller) throw new ServiceError('unauthorized');
    if (caller.kind !== 'bot') throw new ServiceError('unauthorized');
    return applicationView(context, caller.application);
  };
  resource(app, '/api/v10/applications/@me', { GET: current });
  resource(app, '/api/v10/oauth2/applications/@me', { GET: current });
}

function applicationView(context: RegistryContext, application: ApplicationRecord): Record<string, unknown> {
  const owner = application.owner_id === null ? undefined : context.store.world.user(application.owner_id);
  const bot = context.store.world.user(application.id);
  return {
    id: application.id,
    name: application.name,
    icon: null,
    description: '',
    summary: '',
    type: null,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: application.public_key,
    flags: application.flags,
    flags_new: String(application.flags),
    team: null,
    hook: true,
    interactions_endpoint_url: application.interactions_endpoint_url,
    redirect_uris: application.redirect_uris,
    approximate_guild_count: context.store.world.guildsOf(application.id).length,
    ...(owner ? { owner: userView(owner) } : {}),
    ...(bot ? { bot: userView(bot) } : {}),
  };
}
