/**
 * The user's side of an authorize request: what the consent screen shows, and what their
 * answer does. Consenting installs the app where the user chose (install.ts) and sends them
 * back to the client with a single-use code that lives ten minutes (RFC 6749 §4.1.2);
 * refusing sends them back with `access_denied`. The code is stored as a digest with the
 * redirect URI, PKCE challenge and nonce the token request must match.
 */
import type { RegistryContext } from '../registry-context.js';
import { apiUser } from '../domain/user-view.js';
import { invalidField } from '../http/service-error.js';
import type { UserRecord } from '../store/records.js';
import { generateSecret } from '../store/secrets.js';
import { deniedLocation, type AuthorizationRequest } from './authorization-request.js';
import { installApplication, manageableGuilds } from './install.js';
import { oauthError } from './oauth-error.js';
import { redirectLocation } from './redirect-uri.js';
import { expandScopes } from './scopes.js';

/** How long a code may wait for its exchange. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** The user's answer: `POST /oauth2/authorize` with `{authorize, guild_id?, permissions?, integration_type?}`. */
export interface Decision {
  authorize: boolean;
  guildId?: string;
  permissions?: string;
  integrationType?: 0 | 1;
}

/** Reads the answer's JSON body; a wrong field is the service's 50035. */
export function readDecision(body: unknown): Decision {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidField(['authorize'], 'BASE_TYPE_REQUIRED', 'This field is required');
  const fields = body as Record<string, unknown>;
  if (fields.authorize === undefined || fields.authorize === null) throw invalidField(['authorize'], 'BASE_TYPE_REQUIRED', 'This field is required');
  if (typeof fields.authorize !== 'boolean') throw invalidField(['authorize'], 'BASE_TYPE_BOOLEAN', 'Must be either true or false.');
  const decision: Decision = { authorize: fields.authorize };
  const guildId = fields.guild_id;
  if (guildId !== undefined && guildId !== null) {
    if (typeof guildId !== 'string' || !/^\d{17,20}$/.test(guildId)) throw invalidField(['guild_id'], 'NUMBER_TYPE_COERCE', `Value "${String(guildId)}" is not snowflake.`);
    decision.guildId = guildId;
  }
  const permissions = fields.permissions;
  if (permissions !== undefined && permissions !== null) {
    const text = String(permissions);
    if (!/^\d{1,16}$/.test(text) || BigInt(text) >= 1n << 53n) throw invalidField(['permissions'], 'NUMBER_TYPE_COERCE', `Value "${text}" is not int.`);
    decision.permissions = BigInt(text).toString();
  }
  const integrationType = fields.integration_type;
  if (integrationType !== undefined && integrationType !== null) {
    if (integrationType !== 0 && integrationType !== 1) throw invalidField(['integration_type'], 'BASE_TYPE_CHOICES', 'Value must be one of (0, 1).');
    decision.integrationType = integrationType;
  }
  return decision;
}

/** What a consent screen needs to ask the user. */
export async function consentView(context: RegistryContext, request: AuthorizationRequest, user: UserRecord): Promise<Record<string, unknown>> {
  const { application } = request;
  const guildInstall = request.integrationType === 0 && (request.scopes.includes('bot') || request.scopes.includes('applications.commands'));
  return {
    application: { id: application.id, name: application.name, icon: null, description: '', bot_public: true },
    user: apiUser(user),
    scopes: request.scopes,
    redirect_uri: request.redirectUri,
    integration_type: request.integrationType,
    permissions: request.permissions,
    ...(request.guildId === undefined ? {} : { guild_id: request.guildId }),
    guilds: guildInstall ? await manageableGuilds(context, user) : [],
  };
}

/** Applies the user's answer and returns where to send them. */
export async function decide(context: RegistryContext, issuer: string, request: AuthorizationRequest, user: UserRecord, decision: Decision): Promise<string> {
  if (!decision.authorize) {
    return deniedLocation(request, oauthError('access_denied', 'The resource owner or authorization server denied the request.'))
      ?? `${issuer}/oauth2/authorized?error=access_denied`;
  }
  const integrationType = decision.integrationType ?? request.integrationType;
  if (integrationType === 1 && request.scopes.includes('bot')) {
    throw invalidField(['integration_type'], 'BASE_TYPE_CHOICES', 'The bot scope needs a guild install (integration_type 0).');
  }
  await installApplication(context, request.application, user, {
    scopes: request.scopes, integrationType,
    guildId: decision.guildId ?? request.guildId,
    permissions: decision.permissions ?? request.permissions,
  });
  if (request.redirectUri === null) return `${issuer}/oauth2/authorized`;
  const code = generateSecret();
  await context.store.oauth.putCode(code, {
    grant_id: context.nextId(), application_id: request.application.id, user_id: user.id,
    // A code asked for without redirect_uri is exchanged without one.
    scopes: expandScopes(request.scopes), redirect_uri: request.redirectUriGiven ? request.redirectUri : null,
    code_challenge: request.codeChallenge ?? null, nonce: request.nonce ?? null,
    expires_at: context.now() + CODE_LIFETIME_MS, redeemed: false,
  });
  return redirectLocation(request.redirectUri, { code, state: request.state });
}
