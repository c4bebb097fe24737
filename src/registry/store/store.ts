/**
 * The registry's state behind one small interface: SQLite today. Calls are synchronous
 * (libsql, like better-sqlite3), which makes every read-check-write sequence inside
 * `transaction` atomic with respect to other requests.
 */
import { CommandStore } from './command-store.js';
import { openDatabase, type Sql } from './database.js';
import { MessageStore } from './message-store.js';
import { PermissionStore } from './permission-store.js';
import { TokenStore } from './token-store.js';
import { WorldStore } from './world-store.js';

export class Store {
  readonly world: WorldStore;
  readonly commands: CommandStore;
  readonly tokens: TokenStore;
  readonly permissions: PermissionStore;
  /** Messages per channel: `putMessage`, `message(channelId, id)`, `messages(channelId, page)`. */
  readonly messages: MessageStore;

  constructor(private readonly sql: Sql) {
    this.world = new WorldStore(sql);
    this.commands = new CommandStore(sql);
    this.tokens = new TokenStore(sql);
    this.permissions = new PermissionStore(sql);
    this.messages = new MessageStore(sql);
  }

  /** Runs `work` atomically: all its writes are committed together, or none. */
  transaction<T>(work: () => T): T {
    return this.sql.transaction(work);
  }

  close(): void {
    this.sql.db.close();
  }
}

/** Opens the store in a data directory (':memory:' for tests that need no disk). */
export function openStore(directory: string): Store {
  return new Store(openDatabase(directory));
}
