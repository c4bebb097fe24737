/**
 * The authorization server's metadata (RFC 8414, OpenID Connect Discovery 1.0), so standard
 * clients configure themselves from `/.well-known/openid-configuration` instead of being
 * told each URL. The issuer is the address the caller reached the registry at, which is
 * also the `iss` of the id_tokens it receives through that address.
 */
import { ID_TOKEN_ALGORITHM } from './signing-keys.js';
import { SUPPORTED_SCOPES } from './scopes.js';

/** Where each endpoint lives below the issuer. */
export const OAUTH_PATHS = {
  authorize: '/oauth2/authorize',
  authorizeApi: '/api/v10/oauth2/authorize',
  token: '/api/v10/oauth2/token',
  revoke: '/api/v10/oauth2/token/revoke',
  keys: '/api/v10/oauth2/keys',
  userinfo: '/api/v10/oauth2/userinfo',
  current: '/api/v10/oauth2/@me',
} as const;

const CLIENT_AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'];

/** The metadata document for `issuer`. */
export function serverMetadata(issuer: string): Record<string, unknown> {
  return {
    issuer,
    authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
    revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
    userinfo_endpoint: `${issuer}${OAUTH_PATHS.userinfo}`,
    jwks_uri: `${issuer}${OAUTH_PATHS.keys}`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS,
    scopes_supported: [...SUPPORTED_SCOPES],
    id_token_signing_alg_values_supported: [ID_TOKEN_ALGORITHM],
    subject_types_supported: ['public'],
    claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'nonce', 'preferred_username', 'nickname', 'locale'],
  };
}
