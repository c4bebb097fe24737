/**
 * Checks an authorize request's query (api-facts.md, "OAuth2 and the native SDK surface")
 * the way RFC 6749 §4.1.2.1 orders it: a missing or unknown client, or a redirect URI the
 * app did not register, is answered to the user and never redirected (the redirect itself
 * cannot be trusted); every later problem is sent back to the client's redirect URI as
 * `error=...&state=...`. A request without `response_type` and `redirect_uri` whose scopes
 * only install the app (`bot`, `applications.commands`) is a plain install, as the service's
 * bot invite links are: it issues no code. A code request without `redirect_uri` goes to the
 * app's first registered one and its code is exchanged without one (RFC 6749 §4.1.3), as
 * the Embedded App SDK's `authorize()` asks and an Activity's server exchanges (api-facts.md).
 */
import type { ApplicationRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import { invalid, missing, oauthError, type OAuthError } from './oauth-error.js';
import { queryParameters, repeatedParameter } from './parameters.js';
import { isCodeChallenge } from './pkce.js';
import { redirectLocation, redirectUriMatches } from './redirect-uri.js';
import { INSTALL_SCOPES, parseScope } from './scopes.js';

/** A checked authorize request. */
export interface AuthorizationRequest {
  application: ApplicationRecord;
  /** Where the code goes; null for a plain install, which issues none. */
  redirectUri: string | null;
  /** Whether the request named `redirectUri`, so the token request must repeat it. */
  redirectUriGiven: boolean;
  /** The scopes as requested, without repeats (expanded only when granted). */
  scopes: string[];
  state: string | undefined;
  codeChallenge: string | undefined;
  nonce: string | undefined;
  /** 0 GUILD_INSTALL, 1 USER_INSTALL. */
  integrationType: 0 | 1;
  /** The bot's permissions in the guild it is added to, as a decimal bit set. */
  permissions: string;
  /** A guild the app suggested; the user may pick another. */
  guildId: string | undefined;
  prompt: 'consent' | 'none';
}

/** A refused request; `location` is set when the refusal may go back to the client. */
export interface AuthorizationRefusal {
  ok: false;
  error: OAuthError;
  location?: string;
}

const SNOWFLAKE = /^\d{17,20}$/;

/** The request in a query, or why it is refused. */
export async function readAuthorizationRequest(store: Store, query: unknown): Promise<{ ok: true; value: AuthorizationRequest } | AuthorizationRefusal> {
  const parameters = queryParameters(query);
  const value = (name: string) => parameters.values.get(name);
  const fatal = repeatedParameter(parameters, ['client_id', 'redirect_uri']);
  if (fatal) return { ok: false, error: fatal };
  const clientId = value('client_id');
  if (clientId === undefined) return { ok: false, error: missing('client_id') };
  const application = SNOWFLAKE.test(clientId) ? await store.world.application(clientId) : undefined;
  if (!application) return { ok: false, error: oauthError('invalid_client', 'Unknown client.') };
  const givenRedirectUri = value('redirect_uri');
  const plainInstall = givenRedirectUri === undefined && value('response_type') === undefined && installsOnly(value('scope'));
  const redirectUri = givenRedirectUri ?? (plainInstall ? undefined : application.redirect_uris[0]);
  if (redirectUri === undefined && !plainInstall) return { ok: false, error: missing('redirect_uri') };
  if (redirectUri !== undefined && !redirectUriMatches(application.redirect_uris, redirectUri)) {
    return { ok: false, error: invalid('redirect_uri') };
  }
  const state = value('state');
  const refuse = (error: OAuthError): AuthorizationRefusal => ({
    ok: false, error,
    ...(redirectUri === undefined ? {} : {
      location: redirectLocation(redirectUri, { error: error.error, error_description: error.description, state }),
    }),
  });

  const repeated = repeatedParameter(parameters);
  if (repeated) return refuse(repeated);
  const responseType = value('response_type');
  if (!plainInstall && responseType === undefined) return refuse(missing('response_type'));
  if (!plainInstall && responseType !== 'code') return refuse(oauthError('unsupported_response_type', 'Only the "code" response_type is supported.'));
  const scopes = parseScope(value('scope'));
  if (!scopes.ok) return refuse(scopes.error);
  const integration = value('integration_type') ?? '0';
  if (integration !== '0' && integration !== '1') return refuse(invalid('integration_type'));
  const integrationType = integration === '1' ? 1 : 0;
  if (integrationType === 1 && scopes.value.includes('bot')) {
    return refuse(oauthError('invalid_scope', 'The "bot" scope needs a guild install (integration_type 0).'));
  }
  const challenge = readChallenge(value('code_challenge'), value('code_challenge_method'));
  if (typeof challenge === 'object') return refuse(challenge);
  if (!plainInstall && challenge === undefined && await store.oauth.clientSecretDigest(application.id) === null) {
    return refuse(oauthError('invalid_request', 'A public client must send a PKCE "code_challenge".'));
  }
  const permissions = value('permissions') ?? '0';
  if (!/^\d{1,16}$/.test(permissions) || BigInt(permissions) >= 1n << 53n) return refuse(invalid('permissions'));
  const guildId = value('guild_id');
  if (guildId !== undefined && !SNOWFLAKE.test(guildId)) return refuse(invalid('guild_id'));
  const prompt = value('prompt') ?? 'consent';
  if (prompt !== 'consent' && prompt !== 'none') return refuse(invalid('prompt'));
  return {
    ok: true,
    value: {
      application, redirectUri: redirectUri ?? null, redirectUriGiven: givenRedirectUri !== undefined, scopes: scopes.value, state, codeChallenge: challenge,
      nonce: value('nonce'), integrationType, permissions: BigInt(permissions).toString(), guildId, prompt,
    },
  };
}

/** Where a refusal after consent (access_denied) sends the user; undefined for a plain install. */
export function deniedLocation(request: AuthorizationRequest, error: OAuthError): string | undefined {
  return request.redirectUri === null
    ? undefined
    : redirectLocation(request.redirectUri, { error: error.error, error_description: error.description, state: request.state });
}

/** Whether a scope parameter asks only to install the app. */
function installsOnly(scope: string | undefined): boolean {
  const scopes = (scope ?? '').split(' ').filter((entry) => entry !== '');
  return scopes.length > 0 && scopes.every((entry) => INSTALL_SCOPES.has(entry));
}

/** The S256 challenge, undefined when none was sent, or the problem with it. */
function readChallenge(challenge: string | undefined, method: string | undefined): string | undefined | OAuthError {
  if (challenge === undefined) return method === undefined ? undefined : missing('code_challenge');
  // Without a method RFC 7636 means "plain", which the service does not support.
  if (method !== 'S256') return oauthError('invalid_request', 'Only the "S256" code_challenge_method is supported.');
  return isCodeChallenge(challenge) ? challenge : invalid('code_challenge');
}
