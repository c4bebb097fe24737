/**
 * The OAuth2 scopes the registry grants, with what each lets an app do in the words a
 * consent screen uses. One table for the registry (which refuses any scope the real
 * service does not document as `invalid_scope`) and the client (whose Authorize panel
 * offers the simulated ones as checkboxes and whose consent screen explains them all).
 */

/** Every scope an authorize request may ask for, in the order screens list them. */
export const SUPPORTED_SCOPES = [
  'identify',
  'guilds',
  'openid',
  'bot',
  'applications.commands',
  'applications.commands.update',
  'applications.commands.permissions.update',
  'sdk.social_layer',
  'sdk.social_layer_presence',
] as const;

export type SupportedScope = (typeof SUPPORTED_SCOPES)[number];

/** What consenting to each scope allows, as the consent screen says it. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<SupportedScope, string>> = {
  identify: 'Access your username, avatar and banner',
  guilds: 'Know what servers you\'re in',
  openid: 'Sign you in with your account (an OpenID Connect id_token)',
  bot: 'Add a bot to a server',
  'applications.commands': 'Create commands',
  'applications.commands.update': 'Update its own commands',
  'applications.commands.permissions.update': 'Update who can use its commands in servers you manage',
  'sdk.social_layer': 'Use your account in games: friends, messages and voice (Social SDK)',
  'sdk.social_layer_presence': 'See your friends\' activity and share yours (Social SDK)',
};

/**
 * The other scopes the public documentation lists (discord.com/developers/docs/topics/oauth2,
 * "OAuth2 Scopes"). The service accepts them, so refusing one would stop an app that asks
 * for, say, `email`; the registry grants them as asked, but nothing here reads them: they
 * unlock nothing, and the consent screen says so.
 */
export const UNSIMULATED_SCOPES = [
  'activities.read', 'activities.write', 'applications.builds.read', 'applications.builds.upload',
  'applications.entitlements', 'applications.store.update', 'connections', 'dm_channels.read', 'email',
  'gdm.join', 'guilds.join', 'guilds.members.read', 'identify.premium', 'messages.read', 'relationships.read',
  'role_connections.write', 'rpc', 'rpc.activities.write', 'rpc.notifications.read', 'rpc.voice.read',
  'rpc.voice.write', 'voice', 'webhook.incoming',
] as const;

/** What the consent screen adds to a scope the registry accepts but does not simulate. */
export const UNSIMULATED_NOTE = 'accepted as the service accepts it, but not simulated here: it unlocks nothing';

/** Whether `scope` is one the service documents but the registry does not simulate. */
export function isUnsimulatedScope(scope: string): boolean {
  return (UNSIMULATED_SCOPES as readonly string[]).includes(scope);
}

/** Whether `scope` is one the registry grants. */
export function isSupportedScope(scope: string): scope is SupportedScope {
  return (SUPPORTED_SCOPES as readonly string[]).includes(scope);
}
