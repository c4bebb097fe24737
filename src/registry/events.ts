/**
 * The registry's internal bus: what changed, for whoever must hear it live (the gateway's
 * bot and client sessions). Routes publish; they never know who listens.
 */
import { EventEmitter } from 'node:events';

export interface RegistryEvents {
  /** A scope's command list changed (create, edit, delete, bulk overwrite). */
  commandsChanged: [{ application_id: string; guild_id: string | null }];
}

/** A typed event emitter for `RegistryEvents`. */
export class EventBus extends EventEmitter<RegistryEvents> {}
