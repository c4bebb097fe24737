/**
 * The OAuth2 scopes the registry grants, with what each lets an app do in the words a
 * consent screen uses. One table for the registry (which refuses any other scope as
 * `invalid_scope`) and the client (whose Authorize panel offers them as checkboxes and
 * whose consent screen explains them).
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

/** Whether `scope` is one the registry grants. */
export function isSupportedScope(scope: string): scope is SupportedScope {
  return (SUPPORTED_SCOPES as readonly string[]).includes(scope);
}
