/**
 * The registry's state behind one asynchronous interface, over either backend
 * (database.ts): the embedded SQLite file or a shared PostgreSQL server. Every
 * read-check-write sequence runs inside `transaction`, which makes it atomic with respect
 * to other requests, in this process and in any other on the same database.
 */
import { ActivityStore } from './activity-store.js';
import { AttachmentStore } from './attachment-store.js';
import { CommandStore } from './command-store.js';
import { CredentialStore } from './credential-store.js';
import type { Sql } from './database.js';
import { GatewaySessionStore } from './gateway-session-store.js';
import { InteractionStore } from './interaction-store.js';
import { Keychain } from './keychain.js';
import { openSqlite } from './open-sqlite.js';
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
  /** Interactions in flight and their ephemeral messages (the ledger's state, shared by a team's processes). */
  readonly interactions: InteractionStore;
  /** Running Activity instances and who is in them. */
  readonly activities: ActivityStore;
  /** Which process of a team holds which bot sessions. */
  readonly gatewaySessions: GatewaySessionStore;

  /** `keychain` keeps the plaintext of tokens: `credentials.json` in the data directory, or memory. */
  constructor(readonly sql: Sql, keychain: Keychain = new Keychain(null)) {
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
    this.interactions = new InteractionStore(sql);
    this.activities = new ActivityStore(sql);
    this.gatewaySessions = new GatewaySessionStore(sql);
  }

  /**
   * The person a client token names: their world-file token or a session the host minted.
   * Kept (frozen) while the users and sessions are unchanged: every request of the client asks.
   */
  personByToken(token: string): Promise<Readonly<UserRecord> | undefined> {
    return this.sql.cachedAnswer(`person\u0000${token}`, async () => (await this.world.userByToken(token)) ?? (await this.sessions.user(token)));
  }

  /** Runs `work` atomically: all its writes are committed together, or none (database.ts). */
  transaction<T>(work: () => Promise<T>, key?: string): Promise<T> {
    return this.sql.transaction(work, key);
  }

  /** Runs `work` atomically, its commit held back a little with others' (database.ts, `Sql.transactionLater`). */
  transactionLater<T>(work: () => Promise<T>): Promise<T> {
    return this.sql.transactionLater(work);
  }

  /** Runs `action` once the current transaction has committed (at once outside one). */
  afterCommit(action: () => void): void {
    this.sql.afterCommit(action);
  }

  /** Writes what is kept back (answered interactions), then closes. */
  async close(): Promise<void> {
    await this.interactions.close();
    await this.sql.close();
  }
}

/** Opens the embedded store in a data directory (':memory:' for tests that need no disk). */
export function openStore(directory: string): Store {
  return new Store(openSqlite(directory), new Keychain(directory === ':memory:' ? null : directory));
}
