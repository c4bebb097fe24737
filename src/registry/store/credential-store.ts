/**
 * Credentials the registry can show again and make anew: each application's bot token,
 * client secret and key pair, and each person's token. The database keeps digests, the
 * keychain the plaintext; a plaintext is answered only while its digest matches, so a
 * token replaced elsewhere (a world import, another process) is never shown stale.
 */
import type { Sql } from './database.js';
import type { Keychain } from './keychain.js';
import { generateSecret, generateToken, hashSecret } from './secrets.js';

/** What the registry knows of an application's credentials; null where it knows no plaintext. */
export interface ApplicationCredentials {
  bot_token: string | null;
  /** Null also when the app has no client secret at all (`has_client_secret` says which). */
  client_secret: string | null;
  has_client_secret: boolean;
  public_key: string;
}

export class CredentialStore {
  constructor(private readonly sql: Sql, private readonly keychain: Keychain) {}

  /** Where the plaintexts are kept (null when in memory). */
  get keychainPath(): string | null {
    return this.keychain.path;
  }

  async application(applicationId: string): Promise<ApplicationCredentials | undefined> {
    const row = await this.sql.get<{ bot_token_hash: string; client_secret_hash: string | null; public_key: string }>(
      'SELECT bot_token_hash, client_secret_hash, public_key FROM applications WHERE id = ?', applicationId,
    );
    if (!row) return undefined;
    const kept = this.keychain.read().applications[applicationId] ?? {};
    return {
      bot_token: matching(kept.bot_token, row.bot_token_hash),
      client_secret: matching(kept.client_secret, row.client_secret_hash),
      has_client_secret: row.client_secret_hash !== null,
      public_key: row.public_key,
    };
  }

  /** A person's token, when the registry knows it (null when it has none or only its digest). */
  async userToken(userId: string): Promise<string | null> {
    const row = await this.sql.get<{ token_hash: string | null }>('SELECT token_hash FROM users WHERE id = ?', userId);
    return matching(this.keychain.read().users[userId]?.token, row?.token_hash ?? null);
  }

  /** Gives an application a new bot token: the old one stops working at once. */
  async resetBotToken(applicationId: string): Promise<string> {
    const token = generateToken(applicationId);
    await this.sql.run('UPDATE applications SET bot_token_hash = ? WHERE id = ?', hashSecret(token), applicationId);
    this.sql.afterCommit(() => this.keychain.remember({ kind: 'bot_token', applicationId, value: token }));
    return token;
  }

  /** Gives an application a new client secret (one that had none gets one). */
  async resetClientSecret(applicationId: string): Promise<string> {
    const secret = generateSecret();
    await this.sql.run('UPDATE applications SET client_secret_hash = ? WHERE id = ?', hashSecret(secret), applicationId);
    this.sql.afterCommit(() => this.keychain.remember({ kind: 'client_secret', applicationId, value: secret }));
    return secret;
  }

  /** Replaces an application's Ed25519 key pair (its `verify_key` changes). */
  async setKeys(applicationId: string, publicKey: string, privateKey: string): Promise<void> {
    await this.sql.run('UPDATE applications SET public_key = ?, private_key = ? WHERE id = ?', publicKey, privateKey, applicationId);
  }

  /** Gives a person a new token: their old one stops working at once. */
  async resetUserToken(userId: string): Promise<string> {
    const token = generateToken(userId);
    await this.sql.run('UPDATE users SET token_hash = ? WHERE id = ?', hashSecret(token), userId);
    this.sql.afterCommit(() => this.keychain.remember({ kind: 'user_token', userId, value: token }));
    return token;
  }
}

/** The plaintext when it is the one the digest stands for. */
function matching(plaintext: string | undefined, digest: string | null): string | null {
  return plaintext !== undefined && digest !== null && hashSecret(plaintext) === digest ? plaintext : null;
}
