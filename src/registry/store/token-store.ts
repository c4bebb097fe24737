/** OAuth2 access tokens (stored as digests) and what they grant. */
import type { Sql } from './database.js';
import type { OAuthTokenRecord } from './records.js';
import { hashSecret } from './secrets.js';

/** Issued OAuth2 tokens: client-credentials tokens of apps and user tokens with scopes. */
export class TokenStore {
  constructor(private readonly sql: Sql) {}

  /** Stores a token; `grantId` ties it to the authorization it came from, so the grant can be revoked whole. */
  async put(token: string, record: OAuthTokenRecord, grantId: string | null = null): Promise<void> {
    await this.sql.run(
      `INSERT INTO oauth_tokens (token_hash, application_id, user_id, scopes, expires_at, grant_id) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (token_hash) DO UPDATE SET application_id = excluded.application_id, user_id = excluded.user_id,
         scopes = excluded.scopes, expires_at = excluded.expires_at, grant_id = excluded.grant_id`,
      hashSecret(token), record.application_id, record.user_id, record.scopes.join(' '), record.expires_at, grantId,
    );
  }

  async find(token: string): Promise<OAuthTokenRecord | undefined> {
    const row = await this.sql.get<{ application_id: string; user_id: string | null; scopes: string; expires_at: number }>(
      'SELECT application_id, user_id, scopes, expires_at FROM oauth_tokens WHERE token_hash = ?',
      hashSecret(token),
    );
    if (!row) return undefined;
    return {
      application_id: row.application_id,
      user_id: row.user_id,
      scopes: row.scopes === '' ? [] : row.scopes.split(' '),
      expires_at: row.expires_at,
    };
  }

  async revoke(token: string): Promise<void> {
    await this.sql.run('DELETE FROM oauth_tokens WHERE token_hash = ?', hashSecret(token));
  }

  /** Revokes every access token issued from one grant (a reused code, a revoked refresh token). */
  async revokeGrant(grantId: string): Promise<void> {
    await this.sql.run('DELETE FROM oauth_tokens WHERE grant_id = ?', grantId);
  }
}
