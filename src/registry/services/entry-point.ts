/**
 * The default entry point command: when an app's Activity is enabled (the EMBEDDED flag),
 * the service creates `Launch` with the DISCORD_LAUNCH_ACTIVITY handler.
 */
import type { CommandDefinition } from '../../shared/command-rules/definition.js';
import type { Store } from '../store/store.js';
import { EMBEDDED_FLAG } from '../domain/permissions.js';

export const DEFAULT_ENTRY_POINT: CommandDefinition = {
  type: 4,
  name: 'Launch',
  name_localizations: null,
  description: 'Launch an activity',
  description_localizations: null,
  options: [],
  default_member_permissions: null,
  dm_permission: null,
  default_permission: true,
  nsfw: false,
  integration_types: [0, 1],
  contexts: [0, 1, 2],
  handler: 2,
};

/** Creates `Launch` for an EMBEDDED app that has no entry point yet (not counted as a daily create). */
export async function ensureEntryPoint(store: Store, applicationId: string, flags: number, nextId: () => string): Promise<void> {
  if ((flags & EMBEDDED_FLAG) === 0) return;
  if ((await store.commands.list(applicationId, null)).some((command) => command.definition.type === 4)) return;
  const id = nextId();
  await store.commands.put({ id, application_id: applicationId, guild_id: null, version: id, definition: DEFAULT_ENTRY_POINT });
}
