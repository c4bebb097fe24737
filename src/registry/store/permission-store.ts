/**
 * Command permission overwrites per application and guild. The target is a command id,
 * or the application id for the app-level overwrites that apply to commands without their own.
 */
import type { Sql } from './database.js';

export interface PermissionOverwrite {
  id: string;
  /** ROLE 1, USER 2, CHANNEL 3. */
  type: 1 | 2 | 3;
  permission: boolean;
}

export interface CommandPermissions {
  id: string;
  application_id: string;
  guild_id: string;
  permissions: PermissionOverwrite[];
}

interface PermissionRow {
  application_id: string;
  guild_id: string;
  target_id: string;
  permissions: string;
}

function decode(row: PermissionRow): CommandPermissions {
  return {
    id: row.target_id, application_id: row.application_id, guild_id: row.guild_id,
    permissions: JSON.parse(row.permissions) as PermissionOverwrite[],
  };
}

/** Reads and writes of command permission overwrites. */
export class PermissionStore {
  constructor(private readonly sql: Sql) {}

  async list(applicationId: string, guildId: string): Promise<CommandPermissions[]> {
    return (await this.sql.cachedAll<PermissionRow>('SELECT application_id, guild_id, target_id, permissions FROM command_permissions WHERE application_id = ? AND guild_id = ? ORDER BY target_id', applicationId, guildId))
      .map(decode);
  }

  async get(applicationId: string, guildId: string, targetId: string): Promise<CommandPermissions | undefined> {
    const row = await this.sql.get<PermissionRow>(
      'SELECT application_id, guild_id, target_id, permissions FROM command_permissions WHERE application_id = ? AND guild_id = ? AND target_id = ?',
      applicationId, guildId, targetId,
    );
    return row && decode(row);
  }

  /** Replaces a target's overwrites; an empty list removes them. */
  async put(applicationId: string, guildId: string, targetId: string, permissions: PermissionOverwrite[]): Promise<void> {
    if (permissions.length === 0) {
      await this.sql.run('DELETE FROM command_permissions WHERE application_id = ? AND guild_id = ? AND target_id = ?', applicationId, guildId, targetId);
      return;
    }
    await this.sql.run(
      `INSERT INTO command_permissions (application_id, guild_id, target_id, permissions) VALUES (?, ?, ?, ?)
       ON CONFLICT (application_id, guild_id, target_id) DO UPDATE SET permissions = excluded.permissions`,
      applicationId, guildId, targetId, JSON.stringify(permissions),
    );
  }
}
