/**
 * The registry's internal bus: what changed, for whoever must hear it live (the gateway's
 * bot and client sessions). Routes publish; they never know who listens.
 */
import { EventEmitter } from 'node:events';
import type { CommandPermissions } from './store/permission-store.js';

export interface RegistryEvents {
  /** A scope's command list changed (create, edit, delete, bulk overwrite). */
  commandsChanged: [{ application_id: string; guild_id: string | null }];
  /** A command's (or the app's) permission overwrites in a guild were replaced: APPLICATION_COMMAND_PERMISSIONS_UPDATE. */
  permissionsChanged: [CommandPermissions];
  /** The world changed through the management API (users, roles, channels, members, installs). */
  worldChanged: [{ kind: string; id: string }];
}

/** A typed event emitter for `RegistryEvents`. */
export class EventBus extends EventEmitter<RegistryEvents> {}
