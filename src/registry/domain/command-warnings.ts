/**
 * The warnings of a stored command, from the shared rules (one place per fact), for the
 * answers a developer reads: the management API's command list and the explain view.
 * Never on an `/api/v10` answer, which stays exactly the service's.
 */
import { commandWarnings, type CommandWarning } from '../../shared/command-rules/index.js';
import type { StoredCommand } from '../store/records.js';

export function storedCommandWarnings(command: StoredCommand): CommandWarning[] {
  return commandWarnings(command.definition, command.guild_id === null ? 'global' : 'guild');
}
