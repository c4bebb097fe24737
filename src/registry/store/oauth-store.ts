/**
 * What the OAuth2 server keeps besides access tokens (token-store.ts): authorization codes
 * and refresh tokens, stored only as SHA-256 digests like every other credential, and the
 * RSA key that signs id_tokens. Codes stay after they are redeemed (until a day past their
 * expiry) so a second redemption is recognised as a replay and revokes what the first issued.
 */
import type { Sql } from './database.js';
import { hashSecret } from './secrets.js';

/** What an authorization code stands for: one user's consent to one app's request. */
export interface AuthorizationCodeRecord {
  /** The authorization this code starts; every token issued from it carries the same id. */
  grant_id: string;
  application_id: string;
  user_id: string;
  scopes: string[];
  /** The redirect URI of the authorize request, which the token request must repeat; null when it had none. */
  redirect_uri: string | null;
  /** The S256 PKCE challenge, or null when the client sent none. */
  code_challenge: string | null;
  nonce: string | null;
  expires_at: number;
  redeemed: boolean;
}

/** A refresh token's grant; `rotated` once it has been exchanged (it never works again). */
export interface RefreshTokenRecord {
  grant_id: string;
  application_id: string;
  user_id: string;
  scopes: string[];
  rotated: boolean;
}

/** The id_token signing key: `id` is its JWK thumbprint (the `kid`), the key PKCS#8 PEM. */
export interface SigningKeyRecord {
  id: string;
  private_key: string;
  created_at: number;
}

/** Redeemed and expired codes are kept this long past expiry to recognise replays. */
const CODE_MEMORY_MS = 24 * 60 * 60 * 1000;

type CodeRow = Omit<AuthorizationCodeRecord, 'scopes' | 'redeemed'> & { scopes: string; redeemed: number };
type RefreshRow = Omit<RefreshTokenRecord, 'scopes' | 'rotated'> & { scopes: string; rotated: number };

const splitScopes = (text: string): string[] => (text === '' ? [] : text.split(' '));

/** Codes, refresh tokens and signing keys of the OAuth2 server. */
export class OAuthStore {
  constructor(private readonly sql: Sql) {}

  /** Stores a new code (by digest) and forgets codes long past their expiry. */
  async putCode(code: string, record: AuthorizationCodeRecord): Promise<void> {
    await this.sql.run('DELETE FROM oauth_codes WHERE expires_at < ?', record.expires_at - CODE_MEMORY_MS);
    await this.sql.run(
      `INSERT INTO oauth_codes (code_hash, grant_id, application_id, user_id, scopes, redirect_uri, code_challenge, nonce, expires_at, redeemed)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      hashSecret(code), record.grant_id, record.application_id, record.user_id, record.scopes.join(' '),
      record.redirect_uri, record.code_challenge, record.nonce, record.expires_at, record.redeemed ? 1 : 0,
    );
  }

  async code(code: string): Promise<AuthorizationCodeRecord | undefined> {
    const row = await this.sql.get<CodeRow>(
      `SELECT grant_id, application_id, user_id, scopes, redirect_uri, code_challenge, nonce, expires_at, redeemed
       FROM oauth_codes WHERE code_hash = ?`,
      hashSecret(code),
    );
    return row && { ...row, scopes: splitScopes(row.scopes), redeemed: row.redeemed === 1 };
  }

  /** Ends a code's life at `at` (the management API's expire, for the client's failure path). */
  async expireCode(code: string, at: number): Promise<void> {
    await this.sql.run('UPDATE oauth_codes SET expires_at = CASE WHEN expires_at < ? THEN expires_at ELSE ? END WHERE code_hash = ?', at, at, hashSecret(code));
  }

  /** Marks a code used; callers check `redeemed` first inside the same transaction. */
  async redeemCode(code: string): Promise<void> {
    await this.sql.run('UPDATE oauth_codes SET redeemed = 1 WHERE code_hash = ?', hashSecret(code));
  }

  async putRefreshToken(token: string, record: RefreshTokenRecord): Promise<void> {
    await this.sql.run(
      'INSERT INTO oauth_refresh_tokens (token_hash, grant_id, application_id, user_id, scopes, rotated) VALUES (?, ?, ?, ?, ?, ?)',
      hashSecret(token), record.grant_id, record.application_id, record.user_id, record.scopes.join(' '), record.rotated ? 1 : 0,
    );
  }

  async refreshToken(token: string): Promise<RefreshTokenRecord | undefined> {
    const row = await this.sql.get<RefreshRow>(
      'SELECT grant_id, application_id, user_id, scopes, rotated FROM oauth_refresh_tokens WHERE token_hash = ?',
      hashSecret(token),
    );
    return row && { ...row, scopes: splitScopes(row.scopes), rotated: row.rotated === 1 };
  }

  /** Retires a refresh token that was exchanged; it is kept only to recognise a replay. */
  async rotateRefreshToken(token: string): Promise<void> {
    await this.sql.run('UPDATE oauth_refresh_tokens SET rotated = 1 WHERE token_hash = ?', hashSecret(token));
  }

  /** Removes every refresh token of a grant (access tokens are the token store's to revoke). */
  async revokeGrant(grantId: string): Promise<void> {
    await this.sql.run('DELETE FROM oauth_refresh_tokens WHERE grant_id = ?', grantId);
  }

  /**
   * An app's client secret digest: null for a public client (none was ever set), undefined
   * for an unknown app. Compared with `secretMatches`, never returned to a caller.
   */
  async clientSecretDigest(applicationId: string): Promise<string | null | undefined> {
    return (await this.sql.get<{ hash: string | null }>('SELECT client_secret_hash AS hash FROM applications WHERE id = ?', applicationId))?.hash;
  }

  /** Signing keys, oldest first: the first signs, all are published. */
  async signingKeys(): Promise<SigningKeyRecord[]> {
    return (await this.sql.all<SigningKeyRecord>('SELECT id, private_key, created_at FROM oauth_signing_keys ORDER BY created_at, id'))
      .map((row) => ({ id: row.id, private_key: row.private_key, created_at: row.created_at }));
  }

  /** Keeps a new key only when there is none yet, so two registries on one directory agree on one. */
  async addFirstSigningKey(record: SigningKeyRecord): Promise<void> {
    await this.sql.transaction(async () => {
      if (await this.sql.get('SELECT 1 AS found FROM oauth_signing_keys LIMIT 1')) return;
      await this.sql.run('INSERT INTO oauth_signing_keys (id, private_key, created_at) VALUES (?, ?, ?)', record.id, record.private_key, record.created_at);
    });
  }
}
