/**
 * The registry's state behind one small interface: SQLite today. Calls are synchronous
 * (libsql, like better-sqlite3), which makes every read-check-write sequence inside
 * `transaction` atomic with respect to other requests.
 */
import { AttachmentStore } from './attachment-store.js';
import { CommandStore } from './command-store.js';
import { CredentialStore } from './credential-store.js';
import { openDatabase, type Sql } from './database.js';
import { Keychain } from './keychain.js';
import { MessageStore } from './message-store.js';
import { OAuthStore } from './oauth-store.js';
import { PermissionStore } from './permission-store.js';
import { PollStore } from './poll-store.js';
import type { UserRecord } from './records.js';
import { SessionStore } from './session-store.js';
import { TokenStore } from './token-store.js';
import { WorldStore } from './world-store.js';

export class Store {
  readonly world: WorldStore;
  readonly commands: CommandStore;
  readonly tokens: TokenStore;
  readonly permissions: PermissionStore;
  /** Messages per channel: `putMessage`, `message(channelId, id)`, `messages(channelId, page)`. */
  readonly messages: MessageStore;
  /** Uploads waiting to be sent with a command (ATTACHMENT options), and their bytes. */
  readonly attachments: AttachmentStore;
  /** OAuth2 authorization codes, refresh tokens and the id_token signing key. */
  readonly oauth: OAuthStore;
  /** Session tokens the host minted for the client (`/_host/session`). */
  readonly sessions: SessionStore;
  /** Polls of messages and their votes. */
  readonly polls: PollStore;
  /** Tokens and secrets the registry can show again and reset (the keychain beside the digests). */
  readonly credentials: CredentialStore;

  /** `keychain` keeps the plaintext of tokens: `credentials.json` in the data directory, or memory. */
  constructor(private readonly sql: Sql, private readonly keychain: Keychain = new Keychain(null)) {
    this.world = new WorldStore(sql, keychain);
    this.credentials = new CredentialStore(sql, keychain);
    this.commands = new CommandStore(sql);
    this.tokens = new TokenStore(sql);
    this.permissions = new PermissionStore(sql);
    this.messages = new MessageStore(sql);
    this.attachments = new AttachmentStore(sql);
    this.oauth = new OAuthStore(sql);
    this.sessions = new SessionStore(sql);
    this.polls = new PollStore(sql);
  }

  /** The person a client token names: their world-file token or a session the host minted. */
  personByToken(token: string): UserRecord | undefined {
    return this.world.userByToken(token) ?? this.sessions.user(token);
  }

  /** Runs `work` atomically: all its writes are committed together, or none. */
  transaction<T>(work: () => T): T {
    // The keychain is written once the database has committed, and not at all after a rollback.
    return this.keychain.batch(() => this.sql.transaction(work));
  }

  close(): void {
    this.sql.db.close();
  }
}

/** Opens the store in a data directory (':memory:' for tests that need no disk). */
export function openStore(directory: string): Store {
  return new Store(openDatabase(directory), new Keychain(directory === ':memory:' ? null : directory));
}
