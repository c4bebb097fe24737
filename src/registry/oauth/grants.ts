/**
 * The token endpoint's three grants (RFC 6749 §4.1.3, §6, §4.4), each a synchronous check
 * meant to run inside one store transaction with the writes that follow, so a code or a
 * refresh token can be spent only once even with two registries on one data directory.
 *
 * - `authorization_code`: the code must be this client's, unspent and unexpired; the
 *   `redirect_uri` must repeat the authorize request's, and the `code_verifier` must answer
 *   its S256 challenge. A code spent twice revokes every token issued from it (§4.1.2).
 * - `refresh_token`: rotation. The old refresh token stops working; presenting it again is
 *   a replay, which revokes the whole grant (OAuth 2.0 Security BCP §4.14.2).
 * - `client_credentials`: a confidential client acting for itself, with at most `identify`
 *   and `applications.commands.update`. Its token has no user (`user_id` null), which is
 *   how command routes tell it from a user's token (http/auth.ts).
 */
import type { ApplicationRecord } from '../store/records.js';
import type { Store } from '../store/store.js';
import type { Client } from './client-auth.js';
import { invalid, missing, oauthError, refuse, type OAuthOutcome } from './oauth-error.js';
import type { Parameters } from './parameters.js';
import { verifierMatches } from './pkce.js';
import { CLIENT_CREDENTIALS_SCOPES, parseScope } from './scopes.js';

/** What a successful grant entitles the client to. */
export interface Grant {
  application: ApplicationRecord;
  /** null for client credentials: the app itself. */
  userId: string | null;
  scopes: string[];
  /** The authorization the tokens belong to; null for client credentials. */
  grantId: string | null;
  /** The nonce of the authorize request, for the id_token. */
  nonce: string | null;
}

/** Revokes everything issued from one authorization: its access and refresh tokens. */
export async function revokeGrant(store: Store, grantId: string): Promise<void> {
  await store.tokens.revokeGrant(grantId);
  await store.oauth.revokeGrant(grantId);
}

/** `grant_type=authorization_code`. */
export async function authorizationCodeGrant(store: Store, now: number, client: Client, parameters: Parameters): Promise<OAuthOutcome<Grant>> {
  const code = parameters.values.get('code');
  if (code === undefined) return { ok: false, error: missing('code') };
  const record = await store.oauth.code(code);
  if (!record || record.application_id !== client.application.id) return { ok: false, error: invalid('code', 'invalid_grant') };
  if (record.redeemed) {
    await revokeGrant(store, record.grant_id);
    return { ok: false, error: invalid('code', 'invalid_grant') };
  }
  if (record.expires_at <= now) return { ok: false, error: invalid('code', 'invalid_grant') };
  const redirectUri = parameters.values.get('redirect_uri');
  if (record.redirect_uri !== null) {
    if (redirectUri === undefined) return { ok: false, error: missing('redirect_uri') };
    if (redirectUri !== record.redirect_uri) return { ok: false, error: invalid('redirect_uri', 'invalid_grant') };
  }
  const verifier = parameters.values.get('code_verifier');
  if (record.code_challenge !== null) {
    if (verifier === undefined) return { ok: false, error: missing('code_verifier') };
    if (!verifierMatches(verifier, record.code_challenge)) return { ok: false, error: invalid('code_verifier', 'invalid_grant') };
  } else if (verifier !== undefined || !client.confidential) {
    // A verifier without a challenge proves nothing; a public client must have used PKCE.
    return { ok: false, error: invalid('code_verifier', 'invalid_grant') };
  }
  if (!await store.world.user(record.user_id)) return { ok: false, error: invalid('code', 'invalid_grant') };
  await store.oauth.redeemCode(code);
  return {
    ok: true,
    value: { application: client.application, userId: record.user_id, scopes: record.scopes, grantId: record.grant_id, nonce: record.nonce },
  };
}

/** `grant_type=refresh_token`; a `scope` may narrow the grant, never widen it. */
export async function refreshTokenGrant(store: Store, client: Client, parameters: Parameters): Promise<OAuthOutcome<Grant>> {
  const token = parameters.values.get('refresh_token');
  if (token === undefined) return { ok: false, error: missing('refresh_token') };
  const record = await store.oauth.refreshToken(token);
  if (!record || record.application_id !== client.application.id) return { ok: false, error: invalid('refresh_token', 'invalid_grant') };
  if (record.rotated) {
    await revokeGrant(store, record.grant_id);
    return { ok: false, error: invalid('refresh_token', 'invalid_grant') };
  }
  let scopes = record.scopes;
  const requested = parameters.values.get('scope');
  if (requested !== undefined) {
    const parsed = parseScope(requested, new Set(record.scopes));
    if (!parsed.ok) return refuse('invalid_scope', 'The requested scope exceeds the scope granted by the resource owner.');
    scopes = parsed.value;
  }
  if (!await store.world.user(record.user_id)) return { ok: false, error: invalid('refresh_token', 'invalid_grant') };
  await store.oauth.rotateRefreshToken(token);
  return { ok: true, value: { application: client.application, userId: record.user_id, scopes, grantId: record.grant_id, nonce: null } };
}

/** `grant_type=client_credentials`: only a confidential client, only the two app scopes. */
export function clientCredentialsGrant(client: Client, parameters: Parameters): OAuthOutcome<Grant> {
  if (!client.confidential) return { ok: false, error: oauthError('unauthorized_client', 'Only a confidential client may use client_credentials.') };
  const scopes = parseScope(parameters.values.get('scope'), CLIENT_CREDENTIALS_SCOPES);
  if (!scopes.ok) return scopes;
  return { ok: true, value: { application: client.application, userId: null, scopes: scopes.value, grantId: null, nonce: null } };
}
