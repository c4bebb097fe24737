/**
 * `POST /oauth2/token`: a form-encoded request in, `{access_token, token_type, expires_in,
 * refresh_token?, scope, id_token?}` or an OAuth error out. Checks and writes run in one
 * store transaction (grants.ts); the id_token is signed afterwards, as it needs no state.
 * Refusals are 400, `invalid_client` 401 (with `WWW-Authenticate` when the client tried
 * HTTP Basic, RFC 6749 §5.2). Every answer carries `Cache-Control: no-store`.
 */
import type { RegistryContext } from '../registry-context.js';
import { generateSecret } from '../store/secrets.js';
import { authenticateClient } from './client-auth.js';
import { authorizationCodeGrant, clientCredentialsGrant, refreshTokenGrant, type Grant } from './grants.js';
import { missing, oauthError, oauthErrorBody, type OAuthError, type OAuthOutcome } from './oauth-error.js';
import { formParameters, repeatedParameter } from './parameters.js';
import type { SigningKeys } from './signing-keys.js';

/** Access tokens live a week, as the service's do. */
export const ACCESS_TOKEN_LIFETIME_S = 604_800;
/** id_tokens prove a sign-in, not access: an hour is plenty. */
export const ID_TOKEN_LIFETIME_S = 3_600;

/** An HTTP answer of the OAuth endpoints. */
export interface OAuthAnswer {
  status: number;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

/** What the route hands over: the raw Authorization header, the parsed form (undefined for any other body) and the issuer. */
export interface TokenRequest {
  authorization: string | undefined;
  form: URLSearchParams | undefined;
  issuer: string;
}

/** Headers every token endpoint answer carries: tokens must never be cached (RFC 6749 §5.1). */
export const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

/** Answers a token request. */
export async function exchangeToken(context: RegistryContext, keys: SigningKeys, request: TokenRequest): Promise<OAuthAnswer> {
  if (!request.form) return refusal(oauthError('invalid_request', 'The request body must be application/x-www-form-urlencoded.'), false);
  const parameters = formParameters(request.form);
  const repeated = repeatedParameter(parameters);
  if (repeated) return refusal(repeated, false);
  const grantType = parameters.values.get('grant_type');
  if (grantType === undefined) return refusal(missing('grant_type'), false);
  if (!['authorization_code', 'refresh_token', 'client_credentials'].includes(grantType)) {
    return refusal(oauthError('unsupported_grant_type', `Unsupported grant type "${grantType}".`), false);
  }
  const client = await authenticateClient(context.store, request.authorization, parameters);
  if (!client.ok) return refusal(client.error, client.basic);
  const now = context.now();
  const issued = await context.store.transaction(async (): Promise<OAuthOutcome<Grant & { accessToken: string; refreshToken: string | null }>> => {
    const grant = grantType === 'authorization_code'
      ? await authorizationCodeGrant(context.store, now, client.value, parameters)
      : grantType === 'refresh_token'
        ? await refreshTokenGrant(context.store, client.value, parameters)
        : clientCredentialsGrant(client.value, parameters);
    if (!grant.ok) return grant;
    return { ok: true, value: { ...grant.value, ...await storeTokens(context, now, grant.value) } };
  });
  if (!issued.ok) return refusal(issued.error, false);
  const { value } = issued;
  const idToken = value.scopes.includes('openid') && value.userId !== null
    ? await keys.sign({
      iss: request.issuer, sub: value.userId, aud: value.application.id,
      iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + ID_TOKEN_LIFETIME_S,
      ...(value.nonce === null ? {} : { nonce: value.nonce }),
    })
    : undefined;
  return {
    status: 200,
    headers: { ...NO_STORE },
    body: {
      access_token: value.accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      ...(value.refreshToken === null ? {} : { refresh_token: value.refreshToken }),
      scope: value.scopes.join(' '),
      ...(idToken === undefined ? {} : { id_token: idToken }),
    },
  };
}

/** A refusal; `basic` when the client tried HTTP Basic, which a 401 must then challenge. */
export function refusal(error: OAuthError, basic: boolean): OAuthAnswer {
  const status = error.error === 'invalid_client' ? 401 : 400;
  const headers: Record<string, string> = { ...NO_STORE };
  if (status === 401 && basic) headers['www-authenticate'] = 'Basic realm="slashbench", charset="UTF-8"';
  return { status, headers, body: oauthErrorBody(error) };
}

/** Stores a new access token (and refresh token, for a user's grant) by digest; returns them. */
async function storeTokens(context: RegistryContext, now: number, grant: Grant): Promise<{ accessToken: string; refreshToken: string | null }> {
  const accessToken = generateSecret();
  await context.store.tokens.put(accessToken, {
    application_id: grant.application.id, user_id: grant.userId, scopes: grant.scopes, expires_at: now + ACCESS_TOKEN_LIFETIME_S * 1000,
  }, grant.grantId);
  if (grant.grantId === null || grant.userId === null) return { accessToken, refreshToken: null };
  const refreshToken = generateSecret();
  await context.store.oauth.putRefreshToken(refreshToken, {
    grant_id: grant.grantId, application_id: grant.application.id, user_id: grant.userId, scopes: grant.scopes, rotated: false,
  });
  return { accessToken, refreshToken };
}
