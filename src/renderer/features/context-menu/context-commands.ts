/**
 * The commands a context menu offers: the USER or MESSAGE commands of the open channel's
 * index, grouped by app as the real client's "Apps" submenu groups them, under the names
 * the person reads (localized when the index has a localization).
 */
import type { CommandIndex, IndexedApplication, IndexedCommand } from '../../api/wire-types.js';
import { compareLabels } from '../../app/text-order.js';

/** What was right-clicked: a person (USER commands) or a message (MESSAGE commands). */
export type ContextTarget = { kind: 'user'; id: string } | { kind: 'message'; id: string };

/** Command types of the index (api-facts: 2 USER, 3 MESSAGE). */
export const CONTEXT_COMMAND_TYPE = { user: 2, message: 3 } as const;

export interface ContextCommandGroup {
  application: IndexedApplication;
  commands: Array<{ command: IndexedCommand; label: string }>;
}

/** The groups for a target, apps in index order, commands by label; apps with none are left out. */
export function contextCommandGroups(index: CommandIndex | null, target: ContextTarget): ContextCommandGroup[] {
  if (index === null) return [];
  const type = CONTEXT_COMMAND_TYPE[target.kind];
  const groups: ContextCommandGroup[] = [];
  for (const application of index.applications) {
    const commands = index.application_commands
      .filter((command) => command.application_id === application.id && command.type === type)
      .map((command) => ({ command, label: command.name_localized ?? command.name }))
      .sort((a, b) => compareLabels(a.label, b.label));
    if (commands.length > 0) groups.push({ application, commands });
  }
  return groups;
}
