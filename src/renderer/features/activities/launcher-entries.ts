/**
 * What the app launcher lists: the entry point commands (PRIMARY_ENTRY_POINT, type 4) of
 * the open channel's command index, one per app (the service allows one per app), in the
 * index's app order, named and described as the person reads them.
 */
import { ApplicationCommandType } from 'discord-api-types/v10';
import type { CommandIndex, IndexedApplication, IndexedCommand } from '../../api/wire-types.js';

/** Entry point handler types (application-commands-service.md). */
export const ENTRY_POINT_HANDLER = { APP_HANDLER: 1, DISCORD_LAUNCH_ACTIVITY: 2 } as const;

export interface LauncherEntry {
  application: IndexedApplication;
  command: IndexedCommand;
  label: string;
  description: string;
}

export function isEntryPoint(command: Pick<IndexedCommand, 'type'>): boolean {
  return command.type === ApplicationCommandType.PrimaryEntryPoint;
}

/** The launcher's entries ([] without an index). */
export function launcherEntries(index: CommandIndex | null): LauncherEntry[] {
  if (index === null) return [];
  return index.applications.flatMap((application) => index.application_commands
    .filter((command) => command.application_id === application.id && isEntryPoint(command))
    .map((command) => ({
      application, command,
      label: command.name_localized ?? command.name,
      description: command.description_localized ?? command.description,
    })));
}
