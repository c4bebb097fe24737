/**
 * The application object: whole for its own bot (`GET /applications/@me`, the spec's
 * PrivateApplicationResponse) and partial inside an OAuth grant (`GET /oauth2/@me`, its
 * ApplicationResponse). Fields the simulated world does not model read as a new app's do.
 */
import type { APIApplication } from 'discord-api-types/v10';
import type { ApplicationRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { apiUser } from './user-view.js';

/**
 * What the service sends beyond discord-api-types' `APIApplication`: `type` (null for a
 * bot's app), `hook` (always true,
 * in every observed answer and the docs' `/oauth2/@me` example), the fields the OpenAPI
 * spec requires of an app's own read, and `explicit_content_filter` (0, inherit).
 */
type ApplicationView = APIApplication & {
  type: null;
  hook: true;
  explicit_content_filter?: 0 | 1;
  eligible_oauth2_scopes?: string[];
};

/** The application as an OAuth grant names it: what the docs' `GET /oauth2/@me` example shows, with its flags. */
export function partialApplicationView(application: ApplicationRecord): Omit<ApplicationView, 'team'> {
  return {
    id: application.id,
    name: application.name,
    icon: null,
    description: '',
    summary: '',
    type: null,
    hook: true,
    bot_public: true,
    bot_require_code_grant: false,
    verify_key: application.public_key,
    flags: application.flags,
    flags_new: String(application.flags),
  };
}

/** The application as its own bot reads it, with its owner, bot user and counts. */
export async function applicationView(store: Store, application: ApplicationRecord): Promise<ApplicationView> {
  const owner = application.owner_id === null ? undefined : await store.world.user(application.owner_id);
  const bot = await store.world.user(application.id);
  const people = await store.world.userCounts(application.id);
  return {
    ...partialApplicationView(application),
    team: null,
    interactions_endpoint_url: application.interactions_endpoint_url,
    role_connections_verification_url: null,
    redirect_uris: application.redirect_uris,
    approximate_guild_count: (await store.world.guildsOf(application.id)).length,
    approximate_user_install_count: people.installs,
    approximate_user_authorization_count: people.authorizations,
    explicit_content_filter: 0,
    // Restricted scopes an app is granted after review: a new app has none.
    eligible_oauth2_scopes: [],
    // The docs make the owner optional; a world app without one (owner_id null) has none.
    ...(owner ? { owner: apiUser(owner) } : {}),
    ...(bot ? { bot: apiUser(bot) } : {}),
  };
}
